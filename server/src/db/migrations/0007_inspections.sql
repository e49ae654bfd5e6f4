CREATE TABLE "inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"operator_id" uuid,
	"operator_name" text NOT NULL,
	"reading" numeric(14, 2),
	"reading_update_id" uuid,
	"answers" jsonb NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_defect" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"item_label" text NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolved_by_user_id" uuid,
	"resolution_note" text,
	"service_entry_id" uuid
);
--> statement-breakpoint
CREATE TABLE "inspection_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"equipment_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"daily" boolean DEFAULT true NOT NULL,
	"items" jsonb NOT NULL,
	"starter" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "out_of_service_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "out_of_service_by" text;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "out_of_service_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "out_of_service_reason" text;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_template_id_inspection_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."inspection_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_operator_id_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection" ADD CONSTRAINT "inspection_reading_update_id_operator_update_id_fk" FOREIGN KEY ("reading_update_id") REFERENCES "public"."operator_update"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD CONSTRAINT "inspection_defect_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD CONSTRAINT "inspection_defect_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD CONSTRAINT "inspection_defect_inspection_id_inspection_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD CONSTRAINT "inspection_defect_resolved_by_user_id_user_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD CONSTRAINT "inspection_defect_service_entry_id_equipment_note_id_fk" FOREIGN KEY ("service_entry_id") REFERENCES "public"."equipment_note"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_template" ADD CONSTRAINT "inspection_template_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_template" ADD CONSTRAINT "inspection_template_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_idempotency_idx" ON "inspection" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "inspection_company_idx" ON "inspection" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "inspection_equipment_idx" ON "inspection" USING btree ("equipment_id","created_at");--> statement-breakpoint
CREATE INDEX "inspection_template_idx" ON "inspection" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "inspection_defect_company_idx" ON "inspection_defect" USING btree ("company_id","resolved_at","created_at");--> statement-breakpoint
CREATE INDEX "inspection_defect_equipment_idx" ON "inspection_defect" USING btree ("equipment_id","resolved_at");--> statement-breakpoint
CREATE INDEX "inspection_defect_inspection_idx" ON "inspection_defect" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "inspection_defect_service_idx" ON "inspection_defect" USING btree ("service_entry_id");--> statement-breakpoint
CREATE INDEX "inspection_template_company_idx" ON "inspection_template" USING btree ("company_id","archived_at","name");--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_out_of_service_by_user_id_user_id_fk" FOREIGN KEY ("out_of_service_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_company_out_of_service_idx" ON "equipment" USING btree ("company_id","out_of_service_at");