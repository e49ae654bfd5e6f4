CREATE TABLE "billing_event" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"operator_password_enc" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"subscription_tier" text DEFAULT 'basic' NOT NULL,
	"equipment_limit" integer DEFAULT 15 NOT NULL,
	"subscription_status" text DEFAULT 'trial' NOT NULL,
	"billing_interval" text,
	"trial_start_date" timestamp with time zone,
	"trial_end_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"pause_end_date" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_customer_id" text,
	"payment_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"email" text,
	"secondary_email" text,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"role" text DEFAULT 'owner' NOT NULL,
	"auth_type" text DEFAULT 'custom' NOT NULL,
	"employee_id" text,
	"operator_username" text,
	"manager_id" uuid,
	"security_question_1" text,
	"security_answer_1_hash" text,
	"security_question_2" text,
	"security_answer_2_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"serial_number" text,
	"unit" text NOT NULL,
	"current_usage" numeric(14, 2) DEFAULT 0 NOT NULL,
	"threshold" numeric(14, 2),
	"fuel_type" text DEFAULT 'n/a' NOT NULL,
	"alert_threshold" integer DEFAULT 20 NOT NULL,
	"service_interval" numeric(14, 2) DEFAULT 0 NOT NULL,
	"last_service_usage" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_fuel_used" numeric(14, 3) DEFAULT 0 NOT NULL,
	"total_gas_used" numeric(14, 3) DEFAULT 0 NOT NULL,
	"total_diesel_used" numeric(14, 3) DEFAULT 0 NOT NULL,
	"has_scheduled_maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_start_date" date,
	"maintenance_interval" integer,
	"maintenance_interval_unit" text DEFAULT 'months' NOT NULL,
	"next_maintenance_date" date,
	"service_parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"last_reading_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"content" text NOT NULL,
	"type" text DEFAULT 'note' NOT NULL,
	"usage" numeric(14, 2),
	"operator_name" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_update" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"equipment_id" uuid NOT NULL,
	"equipment_name" text NOT NULL,
	"operator_id" uuid,
	"operator_name" text NOT NULL,
	"new_usage" numeric(14, 2),
	"fuel_added" numeric(14, 3) DEFAULT 0 NOT NULL,
	"fuel_type" text DEFAULT 'gas' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"idempotency_key" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retired_equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"original_equipment_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"serial_number" text,
	"unit" text NOT NULL,
	"final_usage" numeric(14, 2) DEFAULT 0 NOT NULL,
	"threshold" numeric(14, 2),
	"fuel_type" text DEFAULT 'n/a' NOT NULL,
	"service_interval" numeric(14, 2) DEFAULT 0 NOT NULL,
	"last_service_usage" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_fuel_used" numeric(14, 3) DEFAULT 0 NOT NULL,
	"total_gas_used" numeric(14, 3) DEFAULT 0 NOT NULL,
	"total_diesel_used" numeric(14, 3) DEFAULT 0 NOT NULL,
	"description" text,
	"retirement_notes" text,
	"retired_by" text,
	"original_date_added" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_event" ADD CONSTRAINT "billing_event_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_note" ADD CONSTRAINT "equipment_note_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_note" ADD CONSTRAINT "equipment_note_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_note" ADD CONSTRAINT "equipment_note_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_update" ADD CONSTRAINT "operator_update_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_update" ADD CONSTRAINT "operator_update_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_update" ADD CONSTRAINT "operator_update_operator_id_user_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_update" ADD CONSTRAINT "operator_update_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_equipment" ADD CONSTRAINT "retired_equipment_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_equipment" ADD CONSTRAINT "retired_equipment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_name_lower_idx" ON "company" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_payment_subscription_idx" ON "company" USING btree ("payment_subscription_id");--> statement-breakpoint
CREATE INDEX "session_expire_idx" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_operator_username_lower_idx" ON "user" USING btree (lower("operator_username"));--> statement-breakpoint
CREATE INDEX "user_company_idx" ON "user" USING btree ("company_id","role");--> statement-breakpoint
CREATE INDEX "equipment_company_idx" ON "equipment" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "equipment_company_type_idx" ON "equipment" USING btree ("company_id","type");--> statement-breakpoint
CREATE INDEX "equipment_note_equipment_idx" ON "equipment_note" USING btree ("equipment_id","created_at");--> statement-breakpoint
CREATE INDEX "equipment_note_company_idx" ON "equipment_note" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "operator_update_company_idx" ON "operator_update" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "operator_update_equipment_idx" ON "operator_update" USING btree ("equipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_update_idempotency_idx" ON "operator_update" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "retired_equipment_company_idx" ON "retired_equipment" USING btree ("company_id","retired_at");