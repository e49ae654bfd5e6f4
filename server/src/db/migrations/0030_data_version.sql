CREATE TABLE "company_data_version" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The company's data version (schema/company.ts companyDataVersion): moved once by every transaction that
-- wrote a row of the company, when it commits. A deferred trigger on the company and on every table with a
-- company_id (a table added later adds its own; db/data-version.test.ts fails for one without it). At
-- commit time, so the version row is locked only for the commit, not for the whole transaction; once per
-- transaction and company (a transaction-local mark), so an import of 10,000 rows moves it once.
ALTER TABLE "company_data_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_data_version" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "company_data_version" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
-- The trigger's function runs as the login that owns the tables (SECURITY DEFINER), whatever the scope
-- of the write (a company's, the system's, or none, as the owner's own statements): that login may move
-- any company's version. The app role only reads its company's.
CREATE POLICY "data_version_owner" ON "company_data_version" FOR ALL TO CURRENT_USER
  USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE FUNCTION bump_company_data_version(row_company uuid) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  mark text;
BEGIN
  IF row_company IS NULL THEN
    RETURN;
  END IF;
  mark := 'ems_data_version.c' || replace(row_company::text, '-', '');
  IF current_setting(mark, true) = txid_current()::text THEN
    RETURN;
  END IF;
  PERFORM set_config(mark, txid_current()::text, true);
  INSERT INTO company_data_version AS v (company_id, version) VALUES (row_company, 1)
    ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
END $$;--> statement-breakpoint
CREATE FUNCTION company_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_company_data_version(OLD.company_id);
  ELSE
    PERFORM bump_company_data_version(NEW.company_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION company_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_company_data_version(OLD.id);
  ELSE
    PERFORM bump_company_data_version(NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER company_data_changed AFTER INSERT OR UPDATE OR DELETE ON "company"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION company_row_changed();--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND tb.table_type = 'BASE TABLE'
      AND c.table_name <> 'company_data_version'
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER company_data_changed AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION company_data_changed()',
      t);
  END LOOP;
END $$;
