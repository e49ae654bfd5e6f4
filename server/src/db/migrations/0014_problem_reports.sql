-- A problem an operator reports from the phone (issue 27) is a defect without an inspection: who reported it,
-- and the phone's idempotency key (the same report sent twice is recorded once).
ALTER TABLE "inspection_defect" ALTER COLUMN "inspection_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD COLUMN "reported_by_id" uuid;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD COLUMN "reported_by" text;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "inspection_defect" ADD CONSTRAINT "inspection_defect_reported_by_id_user_id_fk" FOREIGN KEY ("reported_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_defect_idempotency_idx" ON "inspection_defect" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "inspection_defect_reporter_idx" ON "inspection_defect" USING btree ("reported_by_id");