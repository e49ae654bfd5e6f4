import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LANGUAGES } from './domain/languages';
import { LAYOUT, PAGES, ROUTE_TABLES, type PageSpec } from './client/src/app/route-table';
import { MODULEPRELOAD_PRIORITY } from './domain/routes';
import {
  FIELD_API_CACHE,
  FIELD_FILE_CACHE,
  FIELD_THUMBNAIL_CACHE,
} from './client/src/lib/offline-caches';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Writes .br and .gz copies of the built text files next to them; the server sends them to browsers
 * that accept them (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  let outDir = r('./dist/client');
  return {
    name: 'ems-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|json|webmanifest|ico)$/.test(file)) continue;
          const data = readFileSync(file);
          if (data.length < 1024) continue;
          writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          );
        }
      },
    },
  };
}

/**
 * Orders the built page's head for the first paint: the stylesheet first (Vite writes it last), then the
 * entry script, then its modulepreloads at low fetch priority. The boot spinner needs only the HTML and
 * the stylesheet; the scripts never block it (modules run after parsing), so they should not compete
 * with it for a slow phone connection, nor with the first screen's data calls the server announces
 * (server/src/lib/index-html.ts uses the same attribute). On an idle connection they load at once.
 */
function headOrder(): Plugin {
  return {
    name: 'ems-head-order',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        if (links.length === 0) throw new Error('head-order: no stylesheet in index.html');
        let out = html;
        for (const link of links) out = out.replace(link, '');
        out = out.replaceAll(
          '<link rel="modulepreload" ',
          `<link rel="modulepreload" ${MODULEPRELOAD_PRIORITY} `,
        );
        return out.replace(
          /(<title>[^<]*<\/title>\s*)/,
          `$1${links.map((l) => l.trim()).join('\n    ')}\n    `,
        );
      },
    },
  };
}

/** Where the build writes the first-screen preload map the server reads (never served: under .vite/). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes, for every route of every route table and each language, the chunks its first screen needs
 * beyond the entry (the page, the signed-in frame, their static imports, the translation namespaces).
 * The server puts them in the HTML as <link rel="modulepreload">, so they download with the entry
 * instead of after it has run; and the GET calls the first screen shows (route-table.ts `data`), which it
 * announces as `<link rel="preload" as="fetch">`.
 * Shape: { [table]: [[pattern, { modules: { en: [files], es: [files] }, data: [urls] }], ...] }.
 */
function routePreloads(): Plugin {
  let srcDir = r('./client/src');
  return {
    name: 'ems-route-preloads',
    apply: 'build',
    configResolved(config) {
      srcDir = path.resolve(config.root, 'src');
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route preloads: no entry chunk');
      const inEntry = closure(entry.fileName);
      const chunkOf = (rel: string) => {
        const id = path.join(srcDir, rel);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) throw new Error(`route preloads: no chunk for ${rel}`);
        return chunk.fileName;
      };
      const filesOf = (specs: PageSpec[], lang: string) => {
        // Every screen shows the common texts (i18n.ts loads them at start).
        const out = new Set<string>([chunkOf(`locales/${lang}/common.json`)]);
        for (const spec of specs) {
          for (const f of closure(chunkOf(spec.module))) if (!inEntry.has(f)) out.add(f);
          for (const ns of spec.namespaces) out.add(chunkOf(`locales/${lang}/${ns}.json`));
        }
        return [...out].map((f) => `/${f}`);
      };
      const map = Object.fromEntries(
        Object.entries(ROUTE_TABLES).map(([table, routes]) => [
          table,
          routes.map(([pattern, name]) => {
            const specs: PageSpec[] = table === 'signedOut' ? [PAGES[name]] : [LAYOUT, PAGES[name]];
            return [
              pattern,
              {
                modules: Object.fromEntries(LANGUAGES.map((l) => [l, filesOf(specs, l)])),
                data: specs.flatMap((spec) => spec.data ?? []),
              },
            ];
          }),
        ]),
      );
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(map) });
    },
  };
}

/**
 * A GET answered by the network first and, with no signal, by its last whole answer (200 only: a Range
 * request's 206 is never kept) from `cacheName`, which `expiration` bounds.
 */
function networkFirst(
  urlPattern: RegExp,
  cacheName: string,
  expiration: { maxEntries: number; maxAgeSeconds: number; purgeOnQuotaError?: boolean },
  more: { rangeRequests?: boolean } = {},
) {
  return {
    urlPattern,
    method: 'GET' as const,
    handler: 'NetworkFirst' as const,
    options: {
      cacheName,
      networkTimeoutSeconds: 8,
      expiration,
      cacheableResponse: { statuses: [200] },
      ...more,
    },
  };
}

export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [
    react(),
    tailwindcss(),
    // Installable app: web manifest + a Workbox service worker at /sw.js that precaches the app shell.
    // Registration is done by client/src/lib/pwa.ts (a failure is only logged).
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.ico', 'icons/apple-touch-icon-180.png', 'icons/favicon-32.png'],
      manifest: {
        id: '/',
        name: 'Equipment Management Suite',
        short_name: 'Equipment',
        description:
          'Track equipment usage, service intervals, maintenance, fuel and operator updates.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#1d4ed8',
        categories: ['business', 'productivity', 'utilities'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,ico,png,svg,webmanifest}'],
        navigateFallback: '/index.html',
        // API calls always go to the network (never answered with the app shell). The few GETs the
        // operator screen needs go to the network first and fall back to their last answer when there is
        // no signal (issue 13: the screen opens offline after one online visit), as do a machine's
        // documents, their thumbnails and the files opened (issue 42: the manual at the machine). Only a
        // whole 200 is kept (a Range request's 206 is not; offline, a range is cut from the whole file);
        // files have a cache of their own with few entries (up to 25 MB each), thumbnails another, so
        // neither pushes the operator screen's answers out. Every cache is deleted on sign-out
        // (client/src/lib/offline-caches.ts, lib/auth.ts useLogout).
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [
          networkFirst(
            /\/api\/(auth\/user|equipment\/options|field\/machines|equipment\/[^/]+\/documents)(\/|\?|$)/,
            FIELD_API_CACHE,
            { maxEntries: 60, maxAgeSeconds: 14 * 86_400 },
          ),
          networkFirst(/\/api\/documents\/[^/]+\/thumbnail$/, FIELD_THUMBNAIL_CACHE, {
            maxEntries: 200,
            maxAgeSeconds: 30 * 86_400,
            purgeOnQuotaError: true,
          }),
          networkFirst(
            /\/api\/documents\/[^/]+\/file$/,
            FIELD_FILE_CACHE,
            { maxEntries: 12, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true },
            { rangeRequests: true },
          ),
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    headOrder(),
    routePreloads(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': r('./client/src'),
      '@domain': r('./domain'),
    },
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Each route is its own chunk, but automatic splitting also cut out dozens of tiny shared
        // chunks (one per icon, per Radix part): ~25-50 requests per screen, several round trips on a
        // phone. Shared chunks under 30 KB are copied into the chunks that use them instead (a shared
        // runtime keeps one module instance), so a screen loads 3-6 chunks after the entry. Everything
        // the entry imports statically (React, the router, the query client, i18next, the shell) is one
        // chunk (`$initial`): Rolldown had cut it into seven, each a round trip on a phone (issue 28).
        // docs/decisions/0007-pages-pwa-and-page-speed.md
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 30 * 1024, exclude: /\.css(\?|$)/ },
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    // npm run dev starts the API server on PORT (5000): the dev server sends /api there.
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 5000}` },
  },
});
