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
-- Every table with a company_id at this point (whatever migrations ran before this one); a table added by
-- a later migration needs the same three statements there (server/src/db/row-level-security.test.ts lists
-- every table with a company_id and fails for one without them).
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I FOR ALL USING (current_setting(''app.system'', true) = ''on'' OR company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      t);
  END LOOP;
END $$;
