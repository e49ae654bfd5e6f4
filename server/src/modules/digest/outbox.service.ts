import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Mailer } from '../../lib/mailer';
import { company, mailOutbox } from '../../db/schema/index';
import type { Deps } from '../../deps';

/** A sender holds a claimed message this long; after it, another sender may take it (a crash). */
export const CLAIM_SECONDS = 120;
/** Attempts before a message is marked failed (SMTP refusing it every time). */
export const MAX_ATTEMPTS = 5;

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * The outbox row of a scheduled mail (the digest, the monthly summary) to one user: its text and HTML,
 * and the one-click unsubscribe headers (RFC 8058) pointing at `unsubscribe`.
 */
export const scheduledMailRow = (m: {
  companyId: string;
  userId: string;
  dedupeKey: string;
  kind: OutboxRow['kind'];
  toAddress: string;
  mail: { subject: string; text: string; html: string };
  unsubscribe: string;
  now: Date;
}) => ({
  companyId: m.companyId,
  userId: m.userId,
  dedupeKey: m.dedupeKey,
  kind: m.kind,
  toAddress: m.toAddress,
  subject: m.mail.subject,
  textBody: m.mail.text,
  htmlBody: m.mail.html,
  headers: {
    'List-Unsubscribe': `<${m.unsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  createdAt: m.now,
});

// The outbox is one queue for every company: these functions read and write it through the system
// scope (db/scope.ts), as background work that crosses companies.

/**
 * Claims the oldest message waiting to go (or one whose sender's claim ran out: it crashed between
 * claim and send), for this sender only: SKIP LOCKED makes two servers take different rows.
 */
export async function claimNext(deps: Deps): Promise<OutboxRow | null> {
  const now = deps.now();
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const next = deps.systemDb
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        eq(mailOutbox.status, 'pending'),
        and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(mailOutbox.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await deps.systemDb
    .update(mailOutbox)
    .set({
      status: 'sending',
      claimedUntil: until,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(sql`${mailOutbox.id} = (${next})`)
    .returning();
  return row ?? null;
}

/** Records what became of a claimed message; only while the claim is still this sender's. */
async function settle(
  deps: Deps,
  row: OutboxRow,
  set: Partial<typeof mailOutbox.$inferInsert>,
): Promise<void> {
  await deps.systemDb
    .update(mailOutbox)
    .set(set)
    .where(
      and(
        eq(mailOutbox.id, row.id),
        eq(mailOutbox.status, 'sending'),
        eq(mailOutbox.attempts, row.attempts),
      ),
    );
}

/**
 * Sends every message waiting, one claim at a time. Without SMTP_URL a message is kept (status
 * `kept`): the platform admin's Outbox page shows it. Returns how many were handed to SMTP or kept.
 */
export async function sendPending(deps: Deps, mailer: Mailer | null, max = 500): Promise<number> {
  let done = 0;
  for (let i = 0; i < max; i++) {
    const row = await claimNext(deps);
    if (!row) break;
    if (!mailer) {
      await settle(deps, row, { status: 'kept', claimedUntil: null });
      done += 1;
      continue;
    }
    try {
      await mailer.send({
        from: deps.config.MAIL_FROM,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: row.headers,
        messageId: `<${row.id}@equipment-management-suite>`,
      });
      await settle(deps, row, { status: 'sent', sentAt: deps.now(), claimedUntil: null });
      done += 1;
    } catch (err) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      await settle(deps, row, {
        status: failed ? 'failed' : 'pending',
        claimedUntil: null,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      });
      if (!failed) break; // the SMTP server is refusing: try again on the next run
    }
  }
  return done;
}

/** The platform admin's Outbox page: newest first, bounded. */
export async function listOutbox(deps: Deps, q: { status?: string | undefined; limit: number }) {
  const rows = await deps.systemDb
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      companyName: company.name,
    })
    .from(mailOutbox)
    .leftJoin(company, eq(company.id, mailOutbox.companyId))
    .where(q.status ? eq(mailOutbox.status, q.status) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(q.limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  }));
}

/** Messages waiting to go: the queue depth /metrics reports. */
export async function pendingCount(deps: Deps): Promise<number> {
  const [r] = await deps.systemDb
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(or(eq(mailOutbox.status, 'pending'), eq(mailOutbox.status, 'sending')));
  return r?.n ?? 0;
}
