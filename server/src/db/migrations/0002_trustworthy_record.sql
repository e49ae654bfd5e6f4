ALTER TABLE "equipment" ADD COLUMN "last_service_date" date;
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "fuel_reset_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "retired_by" text;
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "retired_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "retirement_notes" text;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "seq" bigserial NOT NULL;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "reading" text;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "previous_usage" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "operator_update_id" uuid;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "service_date" date;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "parts" jsonb;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "cost" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "performed_by" text;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "changes" jsonb;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "voided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "voided_by" text;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "voided_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "void_reason" text;
--> statement-breakpoint
ALTER TABLE "operator_update" ADD COLUMN "voided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "operator_update" ADD COLUMN "voided_by" text;
--> statement-breakpoint
ALTER TABLE "operator_update" ADD COLUMN "voided_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "operator_update" ADD COLUMN "void_reason" text;
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_retired_by_user_id_user_id_fk" FOREIGN KEY ("retired_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD CONSTRAINT "equipment_note_operator_update_id_operator_update_id_fk" FOREIGN KEY ("operator_update_id") REFERENCES "public"."operator_update"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "equipment_note" ADD CONSTRAINT "equipment_note_voided_by_user_id_user_id_fk" FOREIGN KEY ("voided_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "operator_update" ADD CONSTRAINT "operator_update_voided_by_user_id_user_id_fk" FOREIGN KEY ("voided_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "equipment_company_retired_idx" ON "equipment" USING btree ("company_id","retired_at");
--> statement-breakpoint
CREATE INDEX "equipment_note_operator_update_idx" ON "equipment_note" USING btree ("operator_update_id");
--> statement-breakpoint
-- Hand-written (issue 12): retired machines become equipment rows with retired_at set (their notes were
-- already gone with the old cascade), then the copy table goes.
INSERT INTO "equipment" ("id", "company_id", "user_id", "name", "type", "serial_number", "unit", "current_usage",
  "threshold", "fuel_type", "service_interval", "last_service_usage", "total_fuel_used", "total_gas_used",
  "total_diesel_used", "description", "date_added", "last_updated", "last_reading_at", "retired_at", "retired_by",
  "retirement_notes")
SELECT r."original_equipment_id", r."company_id", r."user_id", r."name", r."type", r."serial_number", r."unit",
  r."final_usage", r."threshold", r."fuel_type", r."service_interval", r."last_service_usage", r."total_fuel_used",
  r."total_gas_used", r."total_diesel_used", r."description", r."original_date_added", r."retired_at", r."retired_at",
  r."retired_at", r."retired_by", r."retirement_notes"
FROM "retired_equipment" r
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- Existing usage entries: what kind of reading each was, the usage before it, and the operator update it applied.
UPDATE "equipment_note" n SET "reading" = CASE
    WHEN n."content" LIKE 'Usage increased by %' THEN 'increase'
    WHEN n."content" LIKE 'Usage corrected from %' THEN 'correction'
    ELSE 'reading' END
WHERE n."type" = 'usage_update';
--> statement-breakpoint
UPDATE "equipment_note" n SET "previous_usage" = p."prev"
FROM (SELECT "id", lag("usage") OVER (PARTITION BY "equipment_id" ORDER BY "created_at", "id") AS "prev"
      FROM "equipment_note" WHERE "type" = 'usage_update' AND "usage" IS NOT NULL) p
WHERE n."id" = p."id" AND p."prev" IS NOT NULL;
--> statement-breakpoint
UPDATE "equipment_note" n SET "operator_update_id" = o."id"
FROM "operator_update" o
WHERE n."type" = 'usage_update' AND n."reading" = 'reading' AND o."status" = 'applied'
  AND n."equipment_id" = o."equipment_id" AND n."operator_name" = o."operator_name"
  AND (n."created_at" = o."created_at" OR n."created_at" = o."reviewed_at");
--> statement-breakpoint
-- Existing services: their date in the company's time zone, and each machine's latest one.
UPDATE "equipment_note" n SET "service_date" = (n."created_at" AT TIME ZONE c."time_zone")::date
FROM "company" c WHERE n."type" = 'maintenance' AND c."id" = n."company_id";
--> statement-breakpoint
UPDATE "equipment" e SET "last_service_date" = s."d"
FROM (SELECT "equipment_id", max("service_date") AS "d" FROM "equipment_note"
      WHERE "type" = 'maintenance' AND "service_date" IS NOT NULL GROUP BY "equipment_id") s
WHERE e."id" = s."equipment_id";
--> statement-breakpoint
ALTER TABLE "retired_equipment" DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP TABLE "retired_equipment" CASCADE;
