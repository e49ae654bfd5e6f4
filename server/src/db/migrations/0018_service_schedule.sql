CREATE TABLE "service_program" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_program_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'service' NOT NULL,
	"every_usage" numeric(14, 2),
	"every_time_count" integer,
	"every_time_unit" text,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimated_cost" numeric(14, 2),
	"notes" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'service' NOT NULL,
	"every_usage" numeric(14, 2),
	"every_time_count" integer,
	"every_time_unit" text,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estimated_cost" numeric(14, 2),
	"notes" text,
	"position" integer DEFAULT 0 NOT NULL,
	"last_done_usage" numeric(14, 2),
	"last_done_date" date,
	"next_due_date" date,
	"program_id" uuid,
	"program_task_id" uuid,
	"changed_from_program" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_program" ADD CONSTRAINT "service_program_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_program_task" ADD CONSTRAINT "service_program_task_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_program_task" ADD CONSTRAINT "service_program_task_program_id_service_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."service_program"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task" ADD CONSTRAINT "service_task_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task" ADD CONSTRAINT "service_task_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task" ADD CONSTRAINT "service_task_program_id_service_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."service_program"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task" ADD CONSTRAINT "service_task_program_task_id_service_program_task_id_fk" FOREIGN KEY ("program_task_id") REFERENCES "public"."service_program_task"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_program_company_idx" ON "service_program" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "service_program_task_program_idx" ON "service_program_task" USING btree ("program_id","position");--> statement-breakpoint
CREATE INDEX "service_program_task_company_idx" ON "service_program_task" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "service_task_equipment_idx" ON "service_task" USING btree ("company_id","equipment_id","position");--> statement-breakpoint
CREATE INDEX "service_task_company_due_idx" ON "service_task" USING btree ("company_id","next_due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "service_task_primary_idx" ON "service_task" USING btree ("equipment_id") WHERE "service_task"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "service_task_program_task_idx" ON "service_task" USING btree ("equipment_id","program_task_id") WHERE "service_task"."program_task_id" is not null;--> statement-breakpoint
CREATE INDEX "service_task_program_idx" ON "service_task" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "service_task_program_task_ref_idx" ON "service_task" USING btree ("program_task_id");--> statement-breakpoint
-- Row-level security on the schedule's company tables, as 0008 set it on the others (docs/decisions/row-level-security.md).
ALTER TABLE "service_program" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_program" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "service_program" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "service_program_task" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_program_task" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "service_program_task" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "service_task" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_task" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "service_task" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "service_program", "service_program_task", "service_task" TO ems_app;--> statement-breakpoint
-- Each machine's usage interval and calendar maintenance become its primary task "Service" (issue 40,
-- docs/decisions/maintenance-schedule.md), keeping the last service usage and date and the stored next
-- maintenance date, so its status, next due usage and next due date stay what they were. The mapping is
-- domain/schedule.ts primaryTaskFigures, and the schedule module's syncPrimaryTaskTx runs the same
-- statement for one machine. The tables force row-level security, also for their owner: the backfill
-- runs in the system scope, inside this one statement.
DO $$
BEGIN
  PERFORM set_config('app.system', 'on', true);
  INSERT INTO "service_task" ("company_id", "equipment_id", "is_primary", "name", "category",
    "every_usage", "every_time_count", "every_time_unit", "last_done_usage", "last_done_date", "next_due_date")
  SELECT e."company_id", e."id", true, 'Service', 'service',
    CASE WHEN e."service_interval" > 0 THEN e."service_interval" END,
    CASE WHEN e."has_scheduled_maintenance" AND e."maintenance_interval" > 0 THEN e."maintenance_interval" END,
    CASE WHEN e."has_scheduled_maintenance" AND e."maintenance_interval" > 0 THEN
      CASE WHEN e."maintenance_interval_unit" IN ('days', 'months', 'years') THEN e."maintenance_interval_unit" ELSE 'months' END
    END,
    e."last_service_usage",
    coalesce(e."last_service_date", CASE WHEN e."has_scheduled_maintenance" THEN e."maintenance_start_date" END),
    CASE WHEN e."has_scheduled_maintenance" THEN e."next_maintenance_date" END
  FROM "equipment" e
  WHERE e."service_interval" > 0 OR e."has_scheduled_maintenance";
  PERFORM set_config('app.system', '', true);
END $$;
--> statement-breakpoint
-- The primary task follows the equipment form's fields (the compatibility mapping): whatever writes a
-- machine's interval columns (the form, the import, Mark as Serviced, a void, the demo) moves its primary
-- task in the same statement, with the mapping above; a machine whose fields hold no schedule has no
-- primary task. The schedule module writes the primary task's interval through those columns.
CREATE FUNCTION "ems_sync_primary_task"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."service_interval", OLD."last_service_usage", OLD."last_service_date",
      OLD."has_scheduled_maintenance", OLD."maintenance_start_date", OLD."maintenance_interval",
      OLD."maintenance_interval_unit", OLD."next_maintenance_date")
    IS NOT DISTINCT FROM (NEW."service_interval", NEW."last_service_usage", NEW."last_service_date",
      NEW."has_scheduled_maintenance", NEW."maintenance_start_date", NEW."maintenance_interval",
      NEW."maintenance_interval_unit", NEW."next_maintenance_date") THEN
    RETURN NULL;
  END IF;
  IF NEW."service_interval" > 0 OR NEW."has_scheduled_maintenance" THEN
    INSERT INTO "service_task" ("company_id", "equipment_id", "is_primary", "name", "category",
      "every_usage", "every_time_count", "every_time_unit", "last_done_usage", "last_done_date", "next_due_date")
    VALUES (NEW."company_id", NEW."id", true, 'Service', 'service',
      CASE WHEN NEW."service_interval" > 0 THEN NEW."service_interval" END,
      CASE WHEN NEW."has_scheduled_maintenance" AND NEW."maintenance_interval" > 0 THEN NEW."maintenance_interval" END,
      CASE WHEN NEW."has_scheduled_maintenance" AND NEW."maintenance_interval" > 0 THEN
        CASE WHEN NEW."maintenance_interval_unit" IN ('days', 'months', 'years') THEN NEW."maintenance_interval_unit" ELSE 'months' END
      END,
      NEW."last_service_usage",
      coalesce(NEW."last_service_date", CASE WHEN NEW."has_scheduled_maintenance" THEN NEW."maintenance_start_date" END),
      CASE WHEN NEW."has_scheduled_maintenance" THEN NEW."next_maintenance_date" END)
    ON CONFLICT ("equipment_id") WHERE "is_primary" DO UPDATE SET
      "every_usage" = EXCLUDED."every_usage",
      "every_time_count" = EXCLUDED."every_time_count",
      "every_time_unit" = EXCLUDED."every_time_unit",
      "last_done_usage" = EXCLUDED."last_done_usage",
      "last_done_date" = EXCLUDED."last_done_date",
      "next_due_date" = EXCLUDED."next_due_date",
      "updated_at" = now();
  ELSE
    DELETE FROM "service_task" WHERE "equipment_id" = NEW."id" AND "is_primary";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "equipment_primary_task" AFTER INSERT OR UPDATE ON "equipment"
  FOR EACH ROW EXECUTE FUNCTION "ems_sync_primary_task"();
