/**
 * Who is making a request, as plugins/session.ts (a cookie) or plugins/api-keys.ts (a key) sets it on
 * `req.auth`: types only, in their own file so the two plugins share them without importing each other
 * both ways. plugins/session.ts re-exports them (modules import them from there). The company columns
 * both read for `CompanyState` are here too.
 */
import type { Role } from '@domain/roles';
import type { ApiScope } from '@domain/schemas/integrations';
import { company } from '../db/schema/index';

export type CompanyState = {
  id: string;
  name: string;
  subscriptionStatus: string;
  subscriptionTier: string;
  equipmentLimit: number;
  trialEndDate: Date | null;
  subscriptionEndDate: Date | null;
  pauseEndDate: Date | null;
  cancelAtPeriodEnd: boolean;
  timeZone: string;
  /** gal | L: the unit fuel volumes are shown and typed in (issue 45). */
  volumeUnit: string;
};

export type AuthContext = {
  sessionId: string;
  userId: string;
  role: Role;
  companyId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  operatorUsername: string | null;
  company: CompanyState | null;
  /**
   * The user's fields GET /api/auth/user answers with that are not above, read by the same lookup, so a
   * signed-in GET /api/auth/user runs no query of its own (it is the most frequent call).
   */
  profile: {
    secondaryEmail: string | null;
    profileImageUrl: string | null;
    hasSecurityQuestions: boolean;
    createdAt: Date;
  };
  /** Set when the request authenticated with an API key (plugins/api-keys.ts): the key acting. */
  apiKey?: { id: string; name: string; scopes: ApiScope[] };
};

/** The authenticated context of a company user (owner, manager or operator). */
export type CompanyContext = AuthContext & { companyId: string; company: CompanyState };

/** The company columns a request's `CompanyState` is read from (by a session or by an API key). */
export const companyStateColumns = {
  id: company.id,
  name: company.name,
  subscriptionStatus: company.subscriptionStatus,
  subscriptionTier: company.subscriptionTier,
  equipmentLimit: company.equipmentLimit,
  trialEndDate: company.trialEndDate,
  subscriptionEndDate: company.subscriptionEndDate,
  pauseEndDate: company.pauseEndDate,
  cancelAtPeriodEnd: company.cancelAtPeriodEnd,
  timeZone: company.timeZone,
  volumeUnit: company.volumeUnit,
};
