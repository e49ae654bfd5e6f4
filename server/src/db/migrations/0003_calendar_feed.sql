ALTER TABLE "company" ADD COLUMN "calendar_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "company_calendar_token_idx" ON "company" USING btree ("calendar_token");