-- A machine's meter readings (issue 28): what every forecast reads (the overview's page, the machine page),
-- answered from the index alone instead of visiting each of the machine's history entries.
CREATE INDEX "equipment_note_reading_idx" ON "equipment_note" USING btree ("equipment_id","created_at","company_id","usage") WHERE "equipment_note"."type" = 'usage_update' and "equipment_note"."reading" is not null and "equipment_note"."usage" is not null and "equipment_note"."voided_at" is null;
