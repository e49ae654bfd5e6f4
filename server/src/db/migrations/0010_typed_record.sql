ALTER TABLE "equipment_note" ADD COLUMN "kind" text DEFAULT 'note' NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_note" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "equipment_note_equipment_seq_idx" ON "equipment_note" USING btree ("equipment_id","seq");--> statement-breakpoint
-- The typed record (docs/decisions/typed-record.md): every stored entry gets its kind and params, parsed
-- once from the columns and today's English sentences. An entry none of these match stays a note with
-- its text. Each statement only touches rows still unparsed (params = '{}'), so the order matters.
UPDATE "equipment_note" n SET "kind" = CASE WHEN n.content LIKE 'Imported with usage %' THEN 'imported' ELSE 'added' END,
  "params" = jsonb_build_object('usage', coalesce(n.usage, 0), 'unit', e.unit)
FROM "equipment" e
WHERE e.id = n.equipment_id AND n.params = '{}'::jsonb AND n.type = 'usage_update' AND n.reading = 'initial';
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'reading', "params" = (SELECT jsonb_strip_nulls(jsonb_build_object(
    'source', 'import', 'usage', n.usage, 'unit', e.unit,
    'fuel', CASE WHEN m[2] IS NOT NULL THEN jsonb_build_object('amount', replace(m[2], ',', '')::numeric, 'type', m[3]) END,
    'notes', nullif(m[4], ''),
    'past', CASE WHEN n.reading IS NULL THEN true END)) || jsonb_build_object('previousUsage', n.previous_usage)
  FROM (SELECT regexp_match(n.content, '^Imported reading: [0-9.,]+(?: \S+)?( · fuel ([0-9.,]+) gal (gas|diesel))?(?: · (.*))?$') AS m) r)
FROM "equipment" e
WHERE e.id = n.equipment_id AND n.params = '{}'::jsonb AND n.usage IS NOT NULL
  AND regexp_match(n.content, '^Imported reading: [0-9.,]+(?: \S+)?( · fuel ([0-9.,]+) gal (gas|diesel))?(?: · (.*))?$') IS NOT NULL;
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'fuel', "params" = (SELECT jsonb_strip_nulls(jsonb_build_object(
    'source', 'import',
    'fuel', jsonb_build_object('amount', replace(m[1], ',', '')::numeric, 'type', m[2]),
    'notes', nullif(m[3], '')))
  FROM (SELECT regexp_match(n.content, '^Imported fuel entry · fuel ([0-9.,]+) gal (gas|diesel)(?: · (.*))?$') AS m) r)
WHERE n.params = '{}'::jsonb AND regexp_match(n.content, '^Imported fuel entry · fuel ([0-9.,]+) gal (gas|diesel)(?: · (.*))?$') IS NOT NULL;
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'reading', "params" = jsonb_build_object(
    'source', 'manager', 'previousUsage', n.previous_usage, 'usage', n.usage, 'unit', e.unit)
FROM "equipment" e
WHERE e.id = n.equipment_id AND n.params = '{}'::jsonb AND n.type = 'usage_update' AND n.reading = 'increase'
  AND n.usage IS NOT NULL;
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'correction', "params" = jsonb_build_object(
    'previousUsage', coalesce(n.previous_usage, n.usage), 'usage', n.usage, 'unit', e.unit)
FROM "equipment" e
WHERE e.id = n.equipment_id AND n.params = '{}'::jsonb AND n.type = 'usage_update' AND n.reading = 'correction'
  AND n.usage IS NOT NULL;
--> statement-breakpoint
-- Operator readings (with their update's fuel); the reading taken with an inspection names its checklist.
UPDATE "equipment_note" n SET "kind" = 'reading', "params" = jsonb_strip_nulls(jsonb_build_object(
    'source', CASE WHEN n.content LIKE 'Inspection: %' THEN 'inspection' ELSE 'operator' END,
    'usage', n.usage, 'unit', e.unit,
    'fuel', (SELECT jsonb_build_object('amount', u.fuel_added,
      'type', CASE WHEN u.fuel_type = 'diesel' THEN 'diesel' ELSE 'gas' END)
      FROM "operator_update" u WHERE u.id = n.operator_update_id AND u.fuel_added > 0),
    'checklist', CASE WHEN n.content LIKE 'Inspection: %' THEN substr(n.content, 13) END,
    'notes', CASE WHEN n.content NOT LIKE 'Inspection: %' THEN nullif(n.content, '') END))
    || jsonb_build_object('previousUsage', n.previous_usage)
FROM "equipment" e
WHERE e.id = n.equipment_id AND n.params = '{}'::jsonb AND n.type = 'usage_update'
  AND n.reading = 'reading' AND n.usage IS NOT NULL;
--> statement-breakpoint
-- An operator update with fuel and no reading.
UPDATE "equipment_note" n SET "kind" = 'fuel', "params" = jsonb_strip_nulls(jsonb_build_object(
    'source', 'operator',
    'fuel', jsonb_build_object('amount', u.fuel_added, 'type', CASE WHEN u.fuel_type = 'diesel' THEN 'diesel' ELSE 'gas' END),
    'usage', n.usage, 'notes', nullif(n.content, '')))
FROM "operator_update" u
WHERE u.id = n.operator_update_id AND n.params = '{}'::jsonb AND n.type = 'usage_update' AND u.fuel_added > 0;
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'service', "params" = jsonb_build_object(
    'date', coalesce(n.service_date::text, to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')),
    'usage', n.usage, 'unit', e.unit, 'parts', coalesce(n.parts, '[]'::jsonb), 'cost', n.cost,
    'performedBy', n.performed_by,
    'notes', CASE WHEN n.content ~ '^(Marked as serviced|Serviced) at [0-9.,]+( \S+)?$' OR n.content = '' THEN NULL ELSE n.content END)
FROM "equipment" e
WHERE e.id = n.equipment_id AND n.params = '{}'::jsonb AND n.type = 'maintenance';
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'change', "params" = jsonb_build_object('changes', n.changes)
WHERE n.params = '{}'::jsonb AND n.type = 'change' AND jsonb_typeof(n.changes) = 'array'
  AND jsonb_array_length(n.changes) > 0;
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'retired', "params" = jsonb_build_object(
    'remark', CASE WHEN n.content = 'Retired' OR n.content = '' THEN NULL
      WHEN n.content LIKE 'Retired: %' THEN substr(n.content, 10) ELSE n.content END,
    'usage', n.usage, 'unit', e.unit)
FROM "equipment" e
WHERE e.id = n.equipment_id AND n.params = '{}'::jsonb AND n.type = 'retired';
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'restored', "params" = jsonb_build_object('usage', n.usage, 'unit', e.unit)
FROM "equipment" e
WHERE e.id = n.equipment_id AND n.params = '{}'::jsonb AND n.type = 'restored';
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'inspection', "params" = (SELECT jsonb_build_object(
    'checklist', m[1], 'passed', m[2]::int,
    'failed', CASE WHEN m[4] IS NULL THEN '[]'::jsonb ELSE to_jsonb(string_to_array(m[4], ', ')) END)
  FROM (SELECT regexp_match(n.content, '^(.*): ✓ ([0-9]+) · ✗ ([0-9]+)(?: \((.*)\))?$') AS m) r)
WHERE n.params = '{}'::jsonb AND n.type = 'inspection' AND regexp_match(n.content, '^(.*): ✓ ([0-9]+) · ✗ ([0-9]+)(?: \((.*)\))?$') IS NOT NULL;
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'out_of_service', "params" = CASE
    WHEN n.content LIKE '✗ %' THEN jsonb_build_object('items', to_jsonb(string_to_array(substr(n.content, 3), ', ')), 'reason', NULL)
    ELSE jsonb_build_object('items', '[]'::jsonb, 'reason', n.content) END
WHERE n.params = '{}'::jsonb AND n.type = 'out_of_service';
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'back_in_service', "params" = CASE
    WHEN n.content = '✓' THEN jsonb_build_object('items', '[]'::jsonb, 'reason', NULL)
    WHEN n.content LIKE '✓ %' THEN jsonb_build_object('items', jsonb_build_array(substr(n.content, 3)), 'reason', NULL)
    ELSE jsonb_build_object('items', '[]'::jsonb, 'reason', nullif(n.content, '')) END
WHERE n.params = '{}'::jsonb AND n.type = 'in_service';
--> statement-breakpoint
UPDATE "equipment_note" n SET "kind" = 'defect_resolved', "params" = jsonb_build_object(
    'item', split_part(substr(n.content, 3), ': ', 1),
    'note', nullif(substr(substr(n.content, 3), length(split_part(substr(n.content, 3), ': ', 1)) + 3), ''))
WHERE n.params = '{}'::jsonb AND n.type = 'defect_resolved' AND n.content LIKE '✓ %';
--> statement-breakpoint
-- Everything else (notes, and anything no pattern above recognised) is a note with its text.
UPDATE "equipment_note" SET "kind" = 'note', "params" = jsonb_build_object('text', "content")
WHERE "params" = '{}'::jsonb;
