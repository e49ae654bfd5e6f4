import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** An http(s) origin: scheme, host and optional port, nothing after it but a slash. */
function isPublicUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      u.pathname === '/' &&
      !u.search &&
      !u.hash &&
      !u.username &&
      !u.password
    );
  } catch {
    return false;
  }
}

/** The names proxy-addr (Fastify's trustProxy) knows for ranges of private addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies the server believes about the client's address, scheme and host (X-Forwarded-For,
 * -Proto, -Host), in Fastify's trustProxy terms: off (the connection's own address, the default), a
 * number of proxy hops, or the proxies' addresses and CIDR ranges. Null when the value is none of these.
 */
export function parseTrustProxy(value: string): false | number | string[] | null {
  const v = value.trim();
  if (v === '' || v === 'off' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : null;
  }
  const items = v
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  return items.length > 0 && items.every(isAddressOrCidr) ? items : null;
}

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
    .refine(isPublicUrl, {
      message:
        'PUBLIC_URL must be the address people open the app at, such as https://ems.example.com (http or https, no path)',
    })
    .transform((u) => new URL(u).origin)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            "TRUST_PROXY must be the number of proxies in front of the server (1 for one load balancer), or a comma-separated list of the proxies' addresses or CIDR ranges (10.0.0.5, 10.0.0.0/24)",
        });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
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
  /** Requests per minute each API key may make (docs/api.md); over it: 429 with Retry-After. */
  API_KEY_RATE_LIMIT: z.coerce
    .number({ message: 'API_KEY_RATE_LIMIT must be a number' })
    .int('API_KEY_RATE_LIMIT must be a whole number of requests per minute')
    .min(1, 'API_KEY_RATE_LIMIT must be at least 1')
    .max(100_000, 'API_KEY_RATE_LIMIT must be at most 100000')
    .default(600),
  /**
   * 1: webhooks may be sent to private, loopback and link-local addresses (local development and tests
   * only). Off by default: an endpoint on the server's own network is refused at registration and delivery.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['0', '1'], { message: 'WEBHOOK_ALLOW_PRIVATE must be 0 or 1' })
    .default('0'),
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

/**
 * The address every absolute link starts with (calendar feed, email links, billing return pages), without
 * a trailing slash: PUBLIC_URL, else the configured host and port (localhost when the server listens on
 * every interface). Never the request's Host or X-Forwarded-Host, which a client can forge.
 */
export function publicUrlOf(config: Pick<AppConfig, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const host = ['', '0.0.0.0', '::', '[::]'].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${isIPv6(host) ? `[${host}]` : host}:${config.PORT}`;
}

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
