CREATE TABLE "document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"chunk_size" integer NOT NULL,
	"expires_on" date,
	"notes" text,
	"thumbnail" "bytea",
	"state" text DEFAULT 'uploading' NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"work_order_id" uuid,
	"service_entry_id" uuid,
	"replaced_by" uuid,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "document_category_check" CHECK ("document"."category" in ('manual', 'registration', 'insurance', 'warranty', 'receipt', 'certificate', 'photo', 'other')),
	CONSTRAINT "document_state_check" CHECK ("document"."state" in ('uploading', 'stored'))
);
--> statement-breakpoint
CREATE TABLE "document_chunk" (
	"document_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "document_chunk_document_id_n_pk" PRIMARY KEY("document_id","n")
);
--> statement-breakpoint
CREATE TABLE "document_machine" (
	"document_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_machine_document_id_equipment_id_pk" PRIMARY KEY("document_id","equipment_id")
);
--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_work_order_id_work_order_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_service_entry_id_equipment_note_id_fk" FOREIGN KEY ("service_entry_id") REFERENCES "public"."equipment_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunk" ADD CONSTRAINT "document_chunk_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chunk" ADD CONSTRAINT "document_chunk_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_machine" ADD CONSTRAINT "document_machine_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_machine" ADD CONSTRAINT "document_machine_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_machine" ADD CONSTRAINT "document_machine_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_company_idx" ON "document" USING btree ("company_id","state","uploaded_at");--> statement-breakpoint
CREATE INDEX "document_expires_idx" ON "document" USING btree ("company_id","expires_on");--> statement-breakpoint
CREATE INDEX "document_work_order_idx" ON "document" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "document_service_entry_idx" ON "document" USING btree ("service_entry_id");--> statement-breakpoint
CREATE INDEX "document_replaced_by_idx" ON "document" USING btree ("replaced_by");--> statement-breakpoint
CREATE INDEX "document_chunk_company_idx" ON "document_chunk" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "document_machine_equipment_idx" ON "document_machine" USING btree ("company_id","equipment_id");--> statement-breakpoint
CREATE INDEX "document_machine_equipment_ref_idx" ON "document_machine" USING btree ("equipment_id");--> statement-breakpoint
-- Row-level security as on the other company tables (docs/decisions/row-level-security.md).
ALTER TABLE "document" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "document" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "document_chunk" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "document_chunk" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_chunk" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "document_machine" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "document_machine" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_machine" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "document", "document_chunk", "document_machine" TO ems_app;--> statement-breakpoint
-- Delete Forever of a machine (its links go with it, ON DELETE CASCADE) removes the documents no other
-- machine holds; a document still on another machine stays. Retiring a machine deletes nothing.
CREATE OR REPLACE FUNCTION document_drop_unlinked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "document" d
  WHERE d."id" = OLD."document_id"
    AND NOT EXISTS (SELECT 1 FROM "document_machine" m WHERE m."document_id" = OLD."document_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "document_machine_unlinked" AFTER DELETE ON "document_machine"
  FOR EACH ROW EXECUTE FUNCTION document_drop_unlinked();
