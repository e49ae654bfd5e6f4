import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { rowId, tz, createdAt, updatedAt } from './columns';
import { company } from './company';

export const user = pgTable(
  'user',
  {
    id: rowId(),
    /** Null only for the platform admin, who belongs to no company. */
    companyId: uuid('company_id').references(() => company.id, { onDelete: 'cascade' }),
    email: text('email'),
    secondaryEmail: text('secondary_email'),
    /** Argon2id hash. Null for operators, who sign in with the company's shared password. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    /** owner | manager | operator | platform_admin */
    role: text('role').notNull().default('owner'),
    authType: text('auth_type').notNull().default('custom'),
    employeeId: text('employee_id'),
    operatorUsername: text('operator_username'),
    managerId: uuid('manager_id'),
    securityQuestion1: text('security_question_1'),
    securityAnswer1Hash: text('security_answer_1_hash'),
    securityQuestion2: text('security_question_2'),
    securityAnswer2Hash: text('security_answer_2_hash'),
    /** en | es: the language of the mail this user gets (set from the app's language). Null: en. */
    language: text('language'),
    /**
     * The maintenance digest: daily | weekly | off. Null: the role's default (daily for owners, off
     * for managers; issue 14).
     */
    digestFrequency: text('digest_frequency'),
    /** Weekly digests go out on this day (0 = Sunday ... 6 = Saturday, in the company's zone). */
    digestWeekday: integer('digest_weekday').notNull().default(1),
    /** The monthly fleet summary on the 1st (issue 45): owners and managers who turn it on. */
    monthlySummary: boolean('monthly_summary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('user_operator_username_lower_idx').on(sql`lower(${t.operatorUsername})`),
    index('user_company_idx').on(t.companyId, t.role),
  ],
);

/** A user named by a row: the row stays (the name kept beside it) when the user is deleted. */
export const userRef = (name: string) =>
  uuid(name).references(() => user.id, { onDelete: 'set null' });

/** Cookie sessions live in the database so several app servers can share them. */
export const session = pgTable(
  'session',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: tz('expire').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_expire_idx').on(t.expire), index('session_user_idx').on(t.userId)],
);

/** Failed sign-in / recovery attempts per key (account or address), shared by all app servers. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: tz('window_start').notNull().defaultNow(),
  blockedUntil: tz('blocked_until'),
});
