import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';
import { LANGUAGES, type Language } from '@domain/languages';
import { fillDataUrl, matchRoute, MODULEPRELOAD_PRIORITY, routeTableFor } from '@domain/routes';

/**
 * The app's HTML page with the first screen's chunks announced as `<link rel="modulepreload">`, so the
 * browser downloads them together with the entry chunk instead of after it has run (one round trip
 * and the entry's start-up time less before the first screen on a phone). For a signed-in first screen
 * it also announces the GET calls that screen shows (`<link rel="preload" as="fetch">`: the current
 * user, the dashboard's first data, a machine's page and timeline), so the server answers them while the
 * code downloads. A data URL may name the path's parameters (`/api/equipment/:id/page`): such a page is
 * built for its request (filled in only with an id: domain/routes.ts fillDataUrl), the others once.
 *
 * Which screen comes first depends on the path, on who is signed in (the readable `ems_signed_in` hint
 * cookie: a hint only, it decides nothing but what to download) and on the language (Accept-Language;
 * the page itself may still choose the other one from the user's saved choice). The build writes the
 * files per route, table and language (vite.config.ts `routePreloads`, from client/src/app/route-table.ts).
 * Without that file (an older build, tests) the plain page is sent.
 */

/** A first screen's data call: a same-origin GET under /api/ (checked again once its parameters are in). */
const DATA_URL = /^\/api\/[\w/.:-]+(\?[\w=&.,-]*)?$/;

const preloadMapSchema = z.record(
  z.string(),
  z.array(
    z.tuple([
      z.string(),
      z.object({
        modules: z.record(z.string(), z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/))),
        // Same-origin GET calls only (they go out with the user's cookies); `:name` is a path parameter.
        data: z.array(z.string().regex(DATA_URL)),
      }),
    ]),
  ),
);

export type IndexPage = { body: Buffer; br: Buffer; gzip: Buffer };

/** The first language of Accept-Language we speak (English otherwise), as the browser would pick. */
export function languageOf(acceptLanguage: string | undefined): Language {
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
  for (const w of wanted)
    if ((LANGUAGES as readonly string[]).includes(w.lang)) return w.lang as Language;
  return 'en';
}

export function createIndexPages(clientDir: string) {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const mapFile = path.join(clientDir, '.vite', 'route-preloads.json');
  const map = existsSync(mapFile)
    ? preloadMapSchema.parse(JSON.parse(readFileSync(mapFile, 'utf8')))
    : null;
  const cache = new Map<string, IndexPage>();

  const build = (
    files: readonly string[],
    data: readonly string[],
    quality: 'best' | 'fast',
  ): IndexPage => {
    // The data calls go first, right after the stylesheet: they need the server (and the database),
    // the code only needs bytes. `use-credentials` matches the app's fetch (credentials: 'include'),
    // so its call takes this answer instead of asking again.
    const dataLinks = data
      .map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`)
      .join('');
    const links = files
      .map((f) => `<link rel="modulepreload" ${MODULEPRELOAD_PRIORITY} crossorigin href="${f}">`)
      .join('');
    let page = html;
    if (dataLinks) {
      const at = page.indexOf('<script type="module"');
      page =
        at >= 0
          ? `${page.slice(0, at)}${dataLinks}${page.slice(at)}`
          : page.replace('</head>', `${dataLinks}</head>`);
    }
    if (links) page = page.replace('</head>', `${links}</head>`);
    const body = Buffer.from(page);
    // A page built once is compressed as small as it gets; one built per request, quickly. Each
    // encoding is made when first sent (a request is answered in one of them).
    const best = quality === 'best';
    let br: Buffer | undefined;
    let gzip: Buffer | undefined;
    return {
      body,
      get br() {
        return (br ??= zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 },
        }));
      },
      get gzip() {
        return (gzip ??= zlib.gzipSync(body, { level: best ? 9 : 6 }));
      },
    };
  };

  /**
   * The page for a request: at most one variant per (table, route, language), built once; a route whose
   * data names the path's parameters is built for each request.
   */
  return function indexPage(
    pathname: string,
    hint: string | undefined,
    acceptLanguage: string | undefined,
  ): IndexPage {
    const table = routeTableFor(hint);
    const lang = languageOf(acceptLanguage);
    const routes = map?.[table] ?? [];
    const match = matchRoute(routes, pathname);
    const modules = match?.value.modules[lang] ?? [];
    const data = match?.value.data ?? [];
    if (match && data.some((url) => url.includes(':'))) {
      const filled = data
        .map((url) => fillDataUrl(url, match.params))
        .filter((url): url is string => url !== null && DATA_URL.test(url));
      return build(modules, filled, 'fast');
    }
    const key = `${table}|${match?.index ?? -1}|${lang}`;
    let page = cache.get(key);
    if (!page) {
      page = build(modules, data, 'best');
      cache.set(key, page);
    }
    return page;
  };
}
