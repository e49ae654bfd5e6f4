-- Issue 28: the dashboard's five biggest fuel consumers read in order, and a machine's meter readings (what
-- every forecast reads: the overview's page, the machine page) answered from the index alone.
CREATE INDEX "equipment_fuel_top_idx" ON "equipment" USING btree ("company_id","total_fuel_used" DESC NULLS LAST,"name") WHERE "equipment"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "equipment_note_reading_idx" ON "equipment_note" USING btree ("equipment_id","created_at","company_id","usage") WHERE "equipment_note"."type" = 'usage_update' and "equipment_note"."reading" is not null and "equipment_note"."usage" is not null and "equipment_note"."voided_at" is null;
