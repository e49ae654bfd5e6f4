CREATE TABLE "equipment_note_original" (
	"note_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"migration" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"content" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_note_original_note_id_migration_pk" PRIMARY KEY("note_id","migration")
);
--> statement-breakpoint
ALTER TABLE "equipment_note_original" ADD CONSTRAINT "equipment_note_original_note_id_equipment_note_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."equipment_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_note_original" ADD CONSTRAINT "equipment_note_original_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_note_original" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "equipment_note_original" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "equipment_note_original" FOR ALL
  USING (current_setting('app.system', true) = 'on' OR "company_id" = nullif(current_setting('app.company_id', true), '')::uuid);--> statement-breakpoint
-- The record, repaired (issue 43; docs/decisions/data-migrations-keep-the-original.md). Migration
-- 0010 parsed the old English sentences into kinds and params and took some values wrongly: every entry
-- took its machine's unit of that day, failed items with a comma were split, a resolved defect's label
-- with ": " was cut, and an operator's note beginning "Inspection: " was taken for an inspection's
-- reading. Each statement below rebuilds those params from what recorded them (operator updates, the
-- machine's unit-change entries, the inspection and defect tables), only where they differ, and first
-- copies the entry as it was into equipment_note_original (kept until a later release). No entry is added
-- or removed. The tables force row-level security, also for their owner: this runs in the system scope
-- (local to the migration's transaction, cleared at the end).
SELECT set_config('app.system', 'on', true);
--> statement-breakpoint
-- Units: the unit of the moment the entry was written (an operator update's moment is when the operator
-- sent it): the "from" of the machine's first unit change after that moment; else the operator update's
-- own unit; else the machine's unit today (no change since).
WITH fix AS (
  SELECT n.id, n.company_id, n.kind, n.params, n.content, coalesce(
      (SELECT ch->>'from'
        FROM "equipment_note" c
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c.params->'changes') = 'array'
          THEN c.params->'changes' ELSE '[]'::jsonb END) ch
        WHERE c.equipment_id = n.equipment_id AND c.kind = 'change' AND ch->>'field' = 'unit'
          AND jsonb_typeof(ch->'from') = 'string' AND c.created_at > coalesce(u.created_at, n.created_at)
        ORDER BY c.created_at, c.seq LIMIT 1),
      u.unit, e.unit) AS unit
  FROM "equipment_note" n
  JOIN "equipment" e ON e.id = n.equipment_id
  LEFT JOIN "operator_update" u ON u.id = n.operator_update_id
  WHERE n.kind IN ('added', 'imported', 'reading', 'correction', 'service', 'retired', 'restored')
    AND jsonb_typeof(n.params->'unit') = 'string'
), changed AS (
  SELECT * FROM fix WHERE unit IS DISTINCT FROM params->>'unit'
), saved AS (
  INSERT INTO "equipment_note_original" (note_id, company_id, migration, kind, params, content)
  SELECT id, company_id, 'record_repair', kind, params, content FROM changed
  ON CONFLICT DO NOTHING
)
UPDATE "equipment_note" n SET "params" = jsonb_set(n.params, '{unit}', to_jsonb(c.unit))
FROM changed c WHERE n.id = c.id;
--> statement-breakpoint
-- Inspections: the checklist, the passed count and the failed items' labels from the inspection written
-- in the same instant on the same machine (the old writer's one `now`), whose failed labels joined with
-- ", " are the text the old parse split.
WITH found AS (
  SELECT n.id, n.company_id, n.kind, n.params, n.content, jsonb_build_object(
      'checklist', i.template_name,
      'passed', (SELECT count(*) FROM jsonb_array_elements(i.answers) a WHERE a->>'result' = 'pass')::int,
      'failed', coalesce((SELECT jsonb_agg(x.a->>'label' ORDER BY x.o)
        FROM jsonb_array_elements(i.answers) WITH ORDINALITY AS x(a, o) WHERE x.a->>'result' = 'fail'), '[]'::jsonb)
    ) AS fixed
  FROM "equipment_note" n
  JOIN "inspection" i ON i.equipment_id = n.equipment_id AND i.created_at = n.created_at
  WHERE n.kind = 'inspection' AND jsonb_typeof(n.params->'failed') = 'array'
    AND (SELECT count(*) FROM "inspection" j WHERE j.equipment_id = n.equipment_id AND j.created_at = n.created_at) = 1
), changed AS (
  SELECT * FROM found
  WHERE fixed <> params
    AND array_to_string(ARRAY(SELECT jsonb_array_elements_text(params->'failed')), ', ')
      = array_to_string(ARRAY(SELECT jsonb_array_elements_text(fixed->'failed')), ', ')
), saved AS (
  INSERT INTO "equipment_note_original" (note_id, company_id, migration, kind, params, content)
  SELECT id, company_id, 'record_repair', kind, params, content FROM changed
  ON CONFLICT DO NOTHING
)
UPDATE "equipment_note" n SET "params" = c.fixed, "content" = ''
FROM changed c WHERE n.id = c.id;
--> statement-breakpoint
-- Out of service after an inspection: the failed critical items' labels of that inspection.
WITH found AS (
  SELECT n.id, n.company_id, n.kind, n.params, n.content, jsonb_build_object(
      'items', coalesce((SELECT jsonb_agg(x.a->>'label' ORDER BY x.o)
        FROM jsonb_array_elements(i.answers) WITH ORDINALITY AS x(a, o)
        WHERE x.a->>'result' = 'fail' AND x.a->>'critical' = 'true'), '[]'::jsonb),
      'reason', NULL) AS fixed
  FROM "equipment_note" n
  JOIN "inspection" i ON i.equipment_id = n.equipment_id AND i.created_at = n.created_at
  WHERE n.kind = 'out_of_service' AND jsonb_typeof(n.params->'items') = 'array'
    AND jsonb_array_length(n.params->'items') > 0
    AND (SELECT count(*) FROM "inspection" j WHERE j.equipment_id = n.equipment_id AND j.created_at = n.created_at) = 1
), changed AS (
  SELECT * FROM found
  WHERE fixed <> params
    AND array_to_string(ARRAY(SELECT jsonb_array_elements_text(params->'items')), ', ')
      = array_to_string(ARRAY(SELECT jsonb_array_elements_text(fixed->'items')), ', ')
), saved AS (
  INSERT INTO "equipment_note_original" (note_id, company_id, migration, kind, params, content)
  SELECT id, company_id, 'record_repair', kind, params, content FROM changed
  ON CONFLICT DO NOTHING
)
UPDATE "equipment_note" n SET "params" = c.fixed, "content" = ''
FROM changed c WHERE n.id = c.id;
--> statement-breakpoint
-- Out of service with "items" and no inspection in that instant: a reason a manager typed beginning
-- with "✗ ", split as if it were items. Its words come back whole.
WITH changed AS (
  SELECT n.id, n.company_id, n.kind, n.params, n.content,
    '✗ ' || array_to_string(ARRAY(SELECT jsonb_array_elements_text(n.params->'items')), ', ') AS reason
  FROM "equipment_note" n
  WHERE n.kind = 'out_of_service' AND jsonb_typeof(n.params->'items') = 'array'
    AND jsonb_array_length(n.params->'items') > 0
    AND NOT EXISTS (SELECT 1 FROM "inspection" i WHERE i.equipment_id = n.equipment_id AND i.created_at = n.created_at)
), saved AS (
  INSERT INTO "equipment_note_original" (note_id, company_id, migration, kind, params, content)
  SELECT id, company_id, 'record_repair', kind, params, content FROM changed
  ON CONFLICT DO NOTHING
)
UPDATE "equipment_note" n SET "params" = jsonb_build_object('items', '[]'::jsonb, 'reason', c.reason),
  "content" = c.reason
FROM changed c WHERE n.id = c.id;
--> statement-breakpoint
-- A resolved defect whose label holds ": " (cut there, the rest taken for the note): the defect resolved
-- in that instant on that machine gives its whole label and its resolution note.
WITH found AS (
  SELECT n.id, n.company_id, n.kind, n.params, n.content, d.item_label, nullif(d.resolution_note, '') AS note
  FROM "equipment_note" n
  JOIN "inspection_defect" d ON d.equipment_id = n.equipment_id AND d.resolved_at = n.created_at
    AND split_part(d.item_label, ': ', 1) = n.params->>'item' AND d.item_label <> n.params->>'item'
  WHERE n.kind = 'defect_resolved'
    AND (SELECT count(*) FROM "inspection_defect" k WHERE k.equipment_id = n.equipment_id
      AND k.resolved_at = n.created_at AND split_part(k.item_label, ': ', 1) = n.params->>'item') = 1
), saved AS (
  INSERT INTO "equipment_note_original" (note_id, company_id, migration, kind, params, content)
  SELECT id, company_id, 'record_repair', kind, params, content FROM found
  ON CONFLICT DO NOTHING
)
UPDATE "equipment_note" n SET "params" = jsonb_build_object('item', c.item_label, 'note', c.note),
  "content" = coalesce(c.note, '')
FROM found c WHERE n.id = c.id;
--> statement-breakpoint
-- An operator's reading whose note began "Inspection: " and that no inspection took: the operator's
-- reading with their note, as they wrote it (the update's own notes, else the text 0010 cut).
WITH changed AS (
  SELECT n.id, n.company_id, n.kind, n.params, n.content,
    coalesce(nullif(u.notes, ''), 'Inspection: ' || (n.params->>'checklist')) AS notes
  FROM "equipment_note" n
  LEFT JOIN "operator_update" u ON u.id = n.operator_update_id
  WHERE n.kind = 'reading' AND n.params->>'source' = 'inspection' AND jsonb_typeof(n.params->'checklist') = 'string'
    AND NOT EXISTS (SELECT 1 FROM "inspection" i
      WHERE (n.operator_update_id IS NOT NULL AND i.reading_update_id = n.operator_update_id)
        OR (i.equipment_id = n.equipment_id AND i.created_at = n.created_at))
), saved AS (
  INSERT INTO "equipment_note_original" (note_id, company_id, migration, kind, params, content)
  SELECT id, company_id, 'record_repair', kind, params, content FROM changed
  ON CONFLICT DO NOTHING
)
UPDATE "equipment_note" n SET "params" = (n.params - 'checklist')
    || jsonb_build_object('source', 'operator', 'notes', c.notes),
  "content" = c.notes
FROM changed c WHERE n.id = c.id;
--> statement-breakpoint
SELECT set_config('app.system', '', true);
