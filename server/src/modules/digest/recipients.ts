import { gt, inArray, isNotNull } from 'drizzle-orm';
import { company, user } from '../../db/schema/index';
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
