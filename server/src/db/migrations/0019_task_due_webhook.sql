CREATE TABLE "service_task_due_sent" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"cycle" text NOT NULL,
	"status" text NOT NULL,
	"event_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_task_due_sent_task_id_cycle_pk" PRIMARY KEY("task_id","cycle")
);
--> statement-breakpoint
ALTER TABLE "service_task_due_sent" ADD CONSTRAINT "service_task_due_sent_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task_due_sent" ADD CONSTRAINT "service_task_due_sent_task_id_service_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."service_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_task_due_sent_company_idx" ON "service_task_due_sent" USING btree ("company_id","sent_at");--> statement-breakpoint
-- Row-level security as on the other company tables (docs/decisions/row-level-security.md).
ALTER TABLE "service_task_due_sent" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_task_due_sent" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "service_task_due_sent" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "service_task_due_sent" TO ems_app;
