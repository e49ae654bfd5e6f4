import { gt, inArray, isNotNull } from 'drizzle-orm';
import { company, user } from '../../db/schema/index';
import { keysetBatches } from '../../lib/keyset-batches';
import { subscriptionColumns } from '../subscription/index';

/**
 * Who the scheduled mails (the digest, the monthly summary) are read for: owners and managers with an
 * email, across companies (system scope), a page at a time in id order.
 */

/** The recipient's columns with their company's (its clock, units and subscription). */
export const recipientColumns = {
  id: user.id,
  companyId: user.companyId,
  email: user.email,
  firstName: user.firstName,
  role: user.role,
  language: user.language,
  companyName: company.name,
  timeZone: company.timeZone,
  volumeUnit: company.volumeUnit,
  ...subscriptionColumns,
};

/** The conditions of a page of recipients after the id `after` (joined with their company). */
export const recipientsAfter = (after: string) => [
  inArray(user.role, ['owner', 'manager']),
  isNotNull(user.email),
  gt(user.id, after),
];

/** Recipients read at a time. */
const PAGE = 500;
/** Below every id: the first page. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Every recipient a scheduled mail's query finds, in id order, read a page at a time by the exports'
 * keyset reader (lib/keyset-batches.ts; the next page is read once the last one has been handled):
 * `page(after, limit)` reads up to `limit` of them with an id above `after` (recipientsAfter).
 */
export async function* everyRecipient<R extends { id: string }>(
  page: (after: string, limit: number) => Promise<R[]>,
): AsyncGenerator<R> {
  const pages = keysetBatches<R, string, R>(
    {
      read: (after, limit) => page(after ?? FIRST_ID, limit),
      cursor: (last) => last.id,
      map: (rows) => rows,
    },
    PAGE,
    Number.POSITIVE_INFINITY,
  );
  for await (const users of pages) yield* users;
}
