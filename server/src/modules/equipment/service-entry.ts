import { desc } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { equipmentNote } from '../../db/schema/index';
import { entriesOf } from './equipment.queries';
import type { CompanyContext } from '../../plugins/session';

/**
 * The id of a machine's latest service entry: the one `recordServiceTx` just wrote in this transaction
 * (a resolved defect and a completed work order link to it).
 */
export async function latestServiceEntryIdTx(
  tx: Tx,
  ctx: CompanyContext,
  equipmentId: string,
): Promise<string | null> {
  const [entry] = await tx
    .select({ id: equipmentNote.id })
    .from(equipmentNote)
    .where(entriesOf(ctx.companyId, equipmentId, 'maintenance'))
    .orderBy(desc(equipmentNote.seq))
    .limit(1);
  return entry?.id ?? null;
}
