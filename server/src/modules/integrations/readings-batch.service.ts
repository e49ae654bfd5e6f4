import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type {
  BatchResultDto,
  ReadingsBatchDto,
  ReadingsBatchInput,
} from '@domain/schemas/integrations';
import { apiIdempotency, equipment, operatorUpdate } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { keyReused } from '../../lib/idempotency';
import type { CompanyContext } from '../../plugins/session';
import { submitUpdate } from '../operators/index';

/**
 * POST /api/readings/batch (issue 29): each reading goes through the operator's path
 * (operator-updates.service.ts submitUpdate: meter rollback refused, implausible held for review, the
 * machine's own rate flagged, the ledger's one write), in the order sent, and gets its verdict.
 *
 * Idempotent twice over: the Idempotency-Key header replays the whole answer, and every reading is
 * recorded under the key `api-reading:<machine>:<at>:<usage>`, so a reading sent again (a tracker
 * resending its day) is a `duplicate` and changes nothing, whoever sends it. Its webhook events
 * (reading.created or .held, equipment.status_changed) are written by that path, with each reading.
 */

const SCOPE = 'readings.batch';

type Machine = Pick<typeof equipment.$inferSelect, 'id' | 'serialNumber'>;

/** The per-reading key: the machine, the instant and the usage as stored (2 decimals). */
export const readingKey = (equipmentId: string, at: string, usage: number) =>
  `api-reading:${equipmentId}:${new Date(at).getTime()}:${usage.toFixed(2)}`;

const hashOf = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

export async function submitReadingsBatch(
  deps: Deps,
  ctx: CompanyContext,
  input: ReadingsBatchInput,
  idempotencyKey: string | null,
): Promise<ReadingsBatchDto> {
  const requestHash = hashOf(input);
  if (idempotencyKey) {
    const [prior] = await deps.db
      .select()
      .from(apiIdempotency)
      .where(
        and(
          eq(apiIdempotency.companyId, ctx.companyId),
          eq(apiIdempotency.scope, SCOPE),
          eq(apiIdempotency.key, idempotencyKey),
        ),
      );
    if (prior) {
      if (prior.requestHash !== requestHash) throw keyReused();
      return prior.response as ReadingsBatchDto;
    }
  }

  // The machines, by id and by serial number, in one query (active machines of the company only).
  const ids = [...new Set(input.readings.flatMap((r) => (r.equipmentId ? [r.equipmentId] : [])))];
  const serials = [
    ...new Set(
      input.readings.flatMap((r) => (!r.equipmentId && r.serialNumber ? [r.serialNumber] : [])),
    ),
  ];
  const machines = await deps.db
    .select({
      id: equipment.id,
      serialNumber: equipment.serialNumber,
    })
    .from(equipment)
    .where(
      and(
        eq(equipment.companyId, ctx.companyId),
        isNull(equipment.retiredAt),
        or(
          ids.length ? inArray(equipment.id, ids) : undefined,
          serials.length ? inArray(equipment.serialNumber, serials) : undefined,
        ),
      ),
    );
  const byId = new Map<string, Machine>(machines.map((m) => [m.id, m]));
  const bySerial = new Map<string, Machine[]>();
  for (const m of machines)
    if (m.serialNumber) bySerial.set(m.serialNumber, [...(bySerial.get(m.serialNumber) ?? []), m]);

  // Readings already recorded (sent before, by anyone): one query.
  const keyOf = input.readings.map((r) => {
    const id = r.equipmentId ?? bySerial.get(r.serialNumber ?? '')?.[0]?.id;
    return id ? readingKey(id, r.at, r.usage) : null;
  });
  const wanted = [...new Set(keyOf.filter((k): k is string => k !== null))];
  const seen = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await deps.db
      .select({ key: operatorUpdate.idempotencyKey })
      .from(operatorUpdate)
      .where(
        and(
          eq(operatorUpdate.companyId, ctx.companyId),
          inArray(operatorUpdate.idempotencyKey, wanted.slice(i, i + 500)),
        ),
      );
    for (const r of rows) if (r.key) seen.add(r.key);
  }

  const results: BatchResultDto[] = [];
  const refuse = (index: number, equipmentId: string | null, err: AppError): BatchResultDto => ({
    index,
    equipmentId,
    verdict: 'refused',
    key: err.key,
    message: err.message,
    ...(err.params ? { params: { ...err.params } } : {}),
  });

  for (const [index, r] of input.readings.entries()) {
    let m: Machine | undefined;
    if (r.equipmentId) m = byId.get(r.equipmentId);
    else {
      const found = bySerial.get(r.serialNumber ?? '') ?? [];
      if (found.length > 1) {
        results.push(
          refuse(index, null, new AppError('validation', 'integrations.serialAmbiguous')),
        );
        continue;
      }
      m = found[0];
      if (!m) {
        results.push(refuse(index, null, new AppError('not_found', 'integrations.serialNotFound')));
        continue;
      }
    }
    if (!m) {
      results.push(
        refuse(index, r.equipmentId ?? null, new AppError('not_found', 'equipment.notFound')),
      );
      continue;
    }
    const key = keyOf[index]!;
    if (seen.has(key)) {
      results.push({ index, equipmentId: m.id, verdict: 'duplicate' });
      continue;
    }
    try {
      const done = await submitUpdate(
        deps,
        ctx,
        {
          equipmentId: m.id,
          newUsage: r.usage,
          ...(r.fuelAdded !== undefined ? { fuelAdded: r.fuelAdded } : {}),
          ...(r.fuelType ? { fuelType: r.fuelType } : {}),
          ...(r.price !== undefined ? { price: r.price } : {}),
          ...(r.cost !== undefined ? { cost: r.cost } : {}),
          ...(r.volumeUnit ? { volumeUnit: r.volumeUnit } : {}),
          takenAt: r.at,
        },
        key,
        null,
      );
      seen.add(key);
      if (!done.created) {
        results.push({ index, equipmentId: m.id, verdict: 'duplicate' });
        continue;
      }
      const u = done.body.update;
      const held = u.status === 'pending';
      results.push({
        index,
        equipmentId: m.id,
        verdict: held ? 'held' : 'applied',
        updateId: u.id,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push(refuse(index, m.id, err));
    }
  }

  const counts = { applied: 0, held: 0, refused: 0, duplicate: 0 };
  for (const r of results) counts[r.verdict] += 1;
  const answer: ReadingsBatchDto = { results, counts };
  if (idempotencyKey) {
    try {
      await deps.db.insert(apiIdempotency).values({
        companyId: ctx.companyId,
        scope: SCOPE,
        key: idempotencyKey,
        requestHash,
        response: answer,
        createdAt: deps.now(),
      });
    } catch (err) {
      // The same key sent twice at once: the readings were de-duplicated one by one anyway.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return answer;
}
