CREATE TABLE "fuel_price" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"fuel_type" text NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	"volume_unit" text NOT NULL,
	"from" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "volume_unit" text DEFAULT 'gal' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_update" ADD COLUMN "volume_unit" text;--> statement-breakpoint
ALTER TABLE "operator_update" ADD COLUMN "fuel_price" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "operator_update" ADD COLUMN "fuel_cost" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "fuel_price" ADD CONSTRAINT "fuel_price_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_price" ADD CONSTRAINT "fuel_price_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fuel_price_company_idx" ON "fuel_price" USING btree ("company_id","fuel_type","from");--> statement-breakpoint
-- Row-level security as on the other company tables (docs/decisions/row-level-security.md).
ALTER TABLE "fuel_price" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fuel_price" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "fuel_price" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "fuel_price" TO ems_app;
