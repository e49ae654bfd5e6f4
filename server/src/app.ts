import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { AppError } from './lib/errors';
import { loggerOptions } from './lib/log';
import { createIndexPages } from './lib/index-html';
import { SecretBox } from './db/secret-box';
import { registerOpenApi } from './modules/integrations/index';
import { registerModules } from './modules/routes';
import { refreshCompany, stateOf } from './modules/subscription/index';
import { registerAccessControl } from './plugins/access';
import { registerLargeAnswerCompression } from './plugins/compress-large';
import { registerApiKeys } from './plugins/api-keys';
import { registerEntitlement } from './plugins/entitlement';
import { registerErrorHandler } from './plugins/errors';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { registerRequestLog } from './plugins/request-log';
import { recordRouteTable } from './plugins/route-hooks';
import { registerSecurity } from './plugins/security';
import { registerSessions, SIGNED_IN_HINT_COOKIE } from './plugins/session';
import { registerValidation } from './plugins/validation';

export type BuildOptions = {
  config: AppConfig;
  database: Database;
  /** Tests only: a clock to move time. Production always uses the real clock. */
  now?: () => Date;
  /** Serve the built client from this folder (default: dist/client when it exists). */
  clientDir?: string | null;
  logger?: boolean;
  /** Tests only: where log lines go (default stdout). */
  logStream?: DestinationStream;
  /** Tests only: a declared response schema that would change an answer fails the request (plugins/validation.ts). */
  strictResponses?: boolean;
};

function defaultClientDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const c of [path.resolve(here, '../client'), path.resolve(here, '../../dist/client')]) {
    if (existsSync(path.join(c, 'index.html'))) return c;
  }
  return null;
}

/** Builds the Fastify instance without listening: used by main.ts and by tests. */
export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const { config, database } = opts;
  const trust = config.TRUST_PROXY ?? false;
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.LOG_LEVEL, opts.logStream),
    bodyLimit: 256 * 1024,
    // X-Forwarded-* are believed only from the proxies TRUST_PROXY names (off by default: anyone can send them).
    // A hop count as Fastify itself compiles one (its types take no number).
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    // One line per request instead of Fastify's two, without query strings or secret paths.
    logController: new LogController({ disableRequestLogging: true }),
  });
  const deps: Deps = {
    db: database.db,
    systemDb: database.systemDb,
    database,
    config,
    secretBox: new SecretBox(config.APP_SECRET),
    now: opts.now ?? (() => new Date()),
    metrics: createMetrics(database, config.METRICS_TOKEN),
  };

  recordRouteTable(app);
  registerErrorHandler(app);
  registerValidation(app, { strictResponses: opts.strictResponses === true });
  registerRequestLog(app);
  registerLargeAnswerCompression(app);
  await app.register(cookie);
  await registerSecurity(app, { stripe: Boolean(config.STRIPE_SECRET_KEY) });
  // Before every route (the document collects them) and before access control (the reference page's
  // routes are the renderer's, public, and cannot declare config.access): modules/integrations/openapi.ts.
  await registerOpenApi(app, config);
  registerApiKeys(app, deps);
  registerSessions(app, deps);
  registerAccessControl(app);
  registerEntitlement(app, deps, { stateOf, refresh: refreshCompany });
  registerMetrics(app, deps.metrics, config.METRICS_TOKEN);
  await registerModules(app, deps);

  const clientDir = opts.clientDir === undefined ? defaultClientDir() : opts.clientDir;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz copies of text files (vite.config.ts precompress): sent when accepted.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          void res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  const indexPage = clientDir ? createIndexPages(clientDir) : null;
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api')) throw new AppError('not_found', 'common.notFound');
    if (indexPage && (req.method === 'GET' || req.method === 'HEAD')) {
      // The app's page, with the first screen's chunks announced (lib/index-html.ts).
      const pathname = req.url.split('?')[0] ?? '/';
      const page = indexPage(
        pathname,
        req.cookies[SIGNED_IN_HINT_COOKIE],
        req.headers['accept-language'],
      );
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const [body, encoding] = /\bbr\b/.test(accepts)
        ? [page.br, 'br']
        : /\bgzip\b/.test(accepts)
          ? [page.gzip, 'gzip']
          : [page.body, null];
      if (encoding) void reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    throw new AppError('not_found', 'common.notFound');
  });
  return { app, deps };
}
