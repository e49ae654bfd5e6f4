import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'DATA_DIR cannot be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APP_SECRET: z
    .string()
    .min(32, 'APP_SECRET must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRIAL_DAYS: z.coerce
    .number({ message: 'TRIAL_DAYS must be a number' })
    .int('TRIAL_DAYS must be a whole number of days')
    .min(1, 'TRIAL_DAYS must be at least 1')
    .max(365, 'TRIAL_DAYS must be at most 365')
    .default(14),
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').default('support@example.com'),
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  SESSION_CACHE_SECONDS: z.coerce
    .number({ message: 'SESSION_CACHE_SECONDS must be a number' })
    .int('SESSION_CACHE_SECONDS must be a whole number of seconds')
    .min(0, 'SESSION_CACHE_SECONDS must be between 0 and 60')
    .max(60, 'SESSION_CACHE_SECONDS must be between 0 and 60')
    .default(5),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .min(
      3,
      'MAIL_FROM must be an address such as "Equipment Management Suite <no-reply@example.com>"',
    )
    .default('Equipment Management Suite <no-reply@localhost>'),
  DIGEST_HOUR: z.coerce
    .number({ message: 'DIGEST_HOUR must be a number' })
    .int('DIGEST_HOUR must be a whole hour')
    .min(0, 'DIGEST_HOUR must be between 0 and 23')
    .max(23, 'DIGEST_HOUR must be between 0 and 23')
    .default(7),
  JOBS: z.enum(['on', 'off'], { message: 'JOBS must be on or off' }).default('on'),
  METRICS_TOKEN: z
    .string()
    .min(32, 'METRICS_TOKEN must be at least 32 characters')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Env = z.infer<typeof envSchema>;

export type AppConfig = Omit<Env, 'APP_SECRET'> & {
  APP_SECRET: string;
  /** Absolute data directory. */
  dataDir: string;
};

export class ConfigError extends Error {}

/** PUBLIC_URL without a trailing slash (the address links in pages and emails start with), if set. */
export const publicUrlOf = (config: Pick<AppConfig, 'PUBLIC_URL'>): string | undefined =>
  config.PUBLIC_URL?.replace(/\/+$/, '');

/** Reads and validates the environment. Throws ConfigError with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const dataDir = path.resolve(cfg.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return { ...cfg, dataDir, APP_SECRET: cfg.APP_SECRET ?? loadOrCreateSecret(dataDir) };
}

/** APP_SECRET not set: generate one once and keep it in the data directory. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
