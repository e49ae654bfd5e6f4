-- The record keeps no prose (docs/decisions/typed-record.md): `content` holds only what a person wrote
-- (a note's text, an operator's notes, a service note, a reason, a remark, a caption), else ''. Every
-- reader writes the sentence from kind and params in its own language (domain/history-text.ts). The
-- free text of each kind is the same as domain/history.ts freeTextOf; notes keep their text.
UPDATE "equipment_note" SET "content" = coalesce(nullif(CASE "kind"
    WHEN 'reading' THEN "params"->>'notes'
    WHEN 'fuel' THEN "params"->>'notes'
    WHEN 'service' THEN "params"->>'notes'
    WHEN 'retired' THEN "params"->>'remark'
    WHEN 'defect_resolved' THEN "params"->>'note'
    WHEN 'out_of_service' THEN "params"->>'reason'
    WHEN 'back_in_service' THEN "params"->>'reason'
    WHEN 'void' THEN "params"->>'reason'
    WHEN 'photo' THEN "params"->>'caption'
  END, ''), '')
WHERE "kind" <> 'note';
