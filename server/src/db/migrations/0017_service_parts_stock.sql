-- Issue 43: a service's catalogue parts are drawn from stock with the service and returned by its void; the
-- stock move names the service entry it belongs to.
ALTER TABLE "stock_move" ADD COLUMN "service_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_move" ADD CONSTRAINT "stock_move_service_entry_id_equipment_note_id_fk" FOREIGN KEY ("service_entry_id") REFERENCES "public"."equipment_note"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_move_service_entry_idx" ON "stock_move" USING btree ("service_entry_id");