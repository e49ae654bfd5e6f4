import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';
import { matchesPattern, routeTableFor } from '../../../domain/routes';

/**
 * The app's HTML page with the first screen's chunks announced as `<link rel="modulepreload">`, so the
 * browser downloads them together with the entry chunk instead of after it has run (one round trip
 * and the entry's start-up time less before the first screen on a phone).
 *
 * Which screen comes first depends on the path, on who is signed in (the readable `ems_signed_in` hint
 * cookie: a hint only, it decides nothing but what to download) and on the language (Accept-Language;
 * the page itself may still choose the other one from the user's saved choice). The build writes the
 * files per route, table and language (vite.config.ts `routePreloads`, from client/src/app/route-table.ts).
 * Without that file (an older build, tests) the plain page is sent.
 */

const LANGS = ['en', 'es'] as const;
type Lang = (typeof LANGS)[number];

const preloadMapSchema = z.record(
  z.string(),
  z.array(
    z.tuple([
      z.string(),
      z.record(z.string(), z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/))),
    ]),
  ),
);

export type IndexPage = { body: Buffer; br: Buffer; gzip: Buffer };

/** The first language of Accept-Language we speak (English otherwise), as the browser would pick. */
export function languageOf(acceptLanguage: string | undefined): Lang {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return {
        lang: tag.trim().slice(0, 2).toLowerCase(),
        q: q ? Number(q.trim().slice(2)) || 0 : 1,
      };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const w of wanted) if ((LANGS as readonly string[]).includes(w.lang)) return w.lang as Lang;
  return 'en';
}

export function createIndexPages(clientDir: string) {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const mapFile = path.join(clientDir, '.vite', 'route-preloads.json');
  const map = existsSync(mapFile)
    ? preloadMapSchema.parse(JSON.parse(readFileSync(mapFile, 'utf8')))
    : null;
  const cache = new Map<string, IndexPage>();

  const build = (files: readonly string[]): IndexPage => {
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
    const body = Buffer.from(links ? html.replace('</head>', `${links}</head>`) : html);
    return {
      body,
      br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: zlib.gzipSync(body, { level: 9 }),
    };
  };

  /** The page for a request: at most one variant per (table, route, language), built once. */
  return function indexPage(
    pathname: string,
    hint: string | undefined,
    acceptLanguage: string | undefined,
  ): IndexPage {
    const table = routeTableFor(hint);
    const lang = languageOf(acceptLanguage);
    const routes = map?.[table] ?? [];
    const index = routes.findIndex(([pattern]) => matchesPattern(pattern, pathname));
    const key = `${table}|${index}|${lang}`;
    let page = cache.get(key);
    if (!page) {
      page = build(index >= 0 ? (routes[index]?.[1][lang] ?? []) : []);
      cache.set(key, page);
    }
    return page;
  };
}
