ALTER TABLE "operator_update" ADD COLUMN "unit" text;--> statement-breakpoint
-- Earlier updates take their machine's unit as it is now. The tables force row-level security, also
-- for their owner: the backfill runs in the system scope, inside this one statement.
DO $$
BEGIN
  PERFORM set_config('app.system', 'on', true);
  UPDATE "operator_update" o SET "unit" = e."unit" FROM "equipment" e WHERE e."id" = o."equipment_id";
  PERFORM set_config('app.system', '', true);
END $$;
