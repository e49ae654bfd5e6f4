-- Row-level security as a second wall behind every query's company filter
-- (docs/decisions/row-level-security.md). The app's pooled connections switch to the role ems_app
-- (no BYPASSRLS, not the tables' owner) and set app.company_id (a request's company) or app.system
-- ('on' only on named system paths) before each query or transaction: server/src/db/scope.ts.
-- Roles are per cluster: created once, whichever database migrates first (tests migrate many at once).
DO $$ BEGIN
  CREATE ROLE ems_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
-- The login role (a superuser or the tables' owner) must be allowed to SET ROLE ems_app.
DO $$ BEGIN
  EXECUTE format('GRANT ems_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO ems_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ems_app;--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ems_app;--> statement-breakpoint
-- Read-only: which migrations ran (readiness and backup checks read it through the app's connections).
DO $$ BEGIN
  GRANT USAGE ON SCHEMA drizzle TO ems_app;
  GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ems_app;
EXCEPTION WHEN invalid_schema_name THEN NULL;
END $$;--> statement-breakpoint
-- Tables and sequences that later migrations create (run by the same owner) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ems_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ems_app;--> statement-breakpoint
-- The tenant itself: a company sees its own row.
ALTER TABLE "company" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "company" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
-- Every table with a company_id (a test lists them from information_schema and checks each).
ALTER TABLE "user" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "user" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "billing_event" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "billing_event" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "billing_event" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "equipment" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "equipment" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "equipment" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "equipment_note" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "equipment_note" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "equipment_note" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "operator_update" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "operator_update" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "operator_update" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "equipment_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "equipment_version" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "equipment_version" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "field_photo" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "field_photo" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "field_photo" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);
