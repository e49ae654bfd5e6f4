CREATE TABLE "document_expiry_sent" (
	"company_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"milestone" text NOT NULL,
	"event_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_expiry_sent_document_id_expires_on_milestone_pk" PRIMARY KEY("document_id","expires_on","milestone")
);
--> statement-breakpoint
ALTER TABLE "document_expiry_sent" ADD CONSTRAINT "document_expiry_sent_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_expiry_sent" ADD CONSTRAINT "document_expiry_sent_document_id_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_expiry_sent_company_idx" ON "document_expiry_sent" USING btree ("company_id","sent_at");--> statement-breakpoint
-- Row-level security as on the other company tables (docs/decisions/row-level-security.md).
ALTER TABLE "document_expiry_sent" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "document_expiry_sent" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "document_expiry_sent" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "document_expiry_sent" TO ems_app;
