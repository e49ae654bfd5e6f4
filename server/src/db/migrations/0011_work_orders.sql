CREATE TABLE "part" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"part_number" text,
	"unit" text NOT NULL,
	"unit_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"on_hand" numeric(14, 3) DEFAULT 0 NOT NULL,
	"reorder_point" numeric(14, 3) DEFAULT 0 NOT NULL,
	"location" text,
	"vendor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_on_hand_not_negative" CHECK ("part"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_move" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"change" numeric(14, 3) NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"on_hand_after" numeric(14, 3) NOT NULL,
	"unit_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"work_order_id" uuid,
	"user_id" uuid,
	"by_name" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"equipment_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_date" date,
	"assignee_id" uuid,
	"vendor" text,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"defect_id" uuid,
	"labor_hours" numeric(14, 2),
	"labor_rate" numeric(14, 2),
	"other_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"parts_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"usage" numeric(14, 2),
	"service_entry_id" uuid,
	"created_by" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"completed_by_user_id" uuid,
	"idempotency_key" text,
	"complete_key" text
);
--> statement-breakpoint
CREATE TABLE "work_order_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"photo_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "part" ADD CONSTRAINT "part_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_move" ADD CONSTRAINT "stock_move_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_move" ADD CONSTRAINT "stock_move_part_id_part_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."part"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_move" ADD CONSTRAINT "stock_move_work_order_id_work_order_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_move" ADD CONSTRAINT "stock_move_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_defect_id_inspection_defect_id_fk" FOREIGN KEY ("defect_id") REFERENCES "public"."inspection_defect"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_service_entry_id_equipment_note_id_fk" FOREIGN KEY ("service_entry_id") REFERENCES "public"."equipment_note"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_completed_by_user_id_user_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photo" ADD CONSTRAINT "work_order_photo_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photo" ADD CONSTRAINT "work_order_photo_work_order_id_work_order_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_photo" ADD CONSTRAINT "work_order_photo_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_company_idx" ON "part" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "part_company_number_idx" ON "part" USING btree ("company_id","part_number");--> statement-breakpoint
CREATE INDEX "stock_move_part_idx" ON "stock_move" USING btree ("part_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_move_company_idx" ON "stock_move" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_move_work_order_idx" ON "stock_move" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "stock_move_user_idx" ON "stock_move" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_move_idempotency_idx" ON "stock_move" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_number_idx" ON "work_order" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_idempotency_idx" ON "work_order" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "work_order_company_status_idx" ON "work_order" USING btree ("company_id","status","due_date");--> statement-breakpoint
CREATE INDEX "work_order_company_completed_idx" ON "work_order" USING btree ("company_id","completed_at");--> statement-breakpoint
CREATE INDEX "work_order_equipment_idx" ON "work_order" USING btree ("equipment_id","completed_at");--> statement-breakpoint
CREATE INDEX "work_order_assignee_idx" ON "work_order" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "work_order_defect_idx" ON "work_order" USING btree ("defect_id");--> statement-breakpoint
CREATE INDEX "work_order_service_entry_idx" ON "work_order" USING btree ("service_entry_id");--> statement-breakpoint
CREATE INDEX "work_order_created_by_idx" ON "work_order" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "work_order_completed_by_idx" ON "work_order" USING btree ("completed_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_photo_key_idx" ON "work_order_photo" USING btree ("company_id","photo_key");--> statement-breakpoint
CREATE INDEX "work_order_photo_order_idx" ON "work_order_photo" USING btree ("work_order_id","created_at");--> statement-breakpoint
CREATE INDEX "work_order_photo_user_idx" ON "work_order_photo" USING btree ("uploaded_by");--> statement-breakpoint
-- Row-level security on the new company tables, as 0008 set it on the others (docs/decisions/row-level-security.md);
-- grants to ems_app come from 0008's default privileges and db/app-role.ts.
ALTER TABLE "part" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "part" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "part" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "work_order" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "work_order" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_order" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "stock_move" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_move" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_move" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "work_order_photo" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "work_order_photo" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "work_order_photo" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "part", "work_order", "stock_move", "work_order_photo" TO ems_app;
