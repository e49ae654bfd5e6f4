/**
 * The import graph of server/src and domain/, read from the source (type-only imports included, which
 * eslint's import-x/no-cycle skips):
 * - no import cycle at all, not even through `import type` (issue 24: domain/status.ts <->
 *   domain/schemas/status.ts was one);
 * - the lower layers never import a module: server/src/plugins/**, server/src/db/**, server/src/lib/**,
 *   deps.ts and config.ts sit below server/src/modules/** (a plugin that needs a module's function is
 *   handed it by app.ts, as plugins/entitlement.ts is). Test files are outside the layering: they
 *   drive the whole app.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every import specifier of a file, as written. */
const specifiersOf = (file: string) =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);

/** The source files a file imports (relative and `@domain/` specifiers: packages are not ours). */
function importsOf(file: string): string[] {
  return specifiersOf(file)
    .filter(
      (s) => (s.startsWith('.') || s.startsWith('@domain/')) && !/\.(json|txt|css|sql)$/.test(s),
    ) // data files import nothing
    .map((s) => {
      const base = s.startsWith('@domain/')
        ? path.join(ROOT, 'domain', s.slice('@domain/'.length).replace(/\.js$/, ''))
        : path.resolve(path.dirname(file), s.replace(/\.js$/, ''));
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (c) => /\.tsx?$/.test(c) && existsFile(c),
      );
      if (!found) throw new Error(`${rel(file)}: cannot resolve ${s}`);
      return found;
    });
}
const existsFile = (f: string) => {
  try {
    return statSync(f).isFile();
  } catch {
    return false;
  }
};

const files = [
  ...sourceFiles(path.join(ROOT, 'server/src')),
  ...sourceFiles(path.join(ROOT, 'domain')),
];
const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function cycles(g: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!g.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (g.get(v) ?? []).includes(v)) out.push(scc.map(rel).sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('the import graph of server/src and domain/', () => {
  it('reads every file and its imports', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(path.join(ROOT, 'server/src/app.ts'))).toContain(
      path.join(ROOT, 'server/src/modules/routes.ts'),
    );
  });

  it('has no import cycle, type-only imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    expect(
      cycles(
        new Map([
          ['/a.ts', ['/b.ts']],
          ['/b.ts', ['/c.ts']],
          ['/c.ts', ['/a.ts']],
        ]),
      ),
    ).toHaveLength(1);
    expect(
      cycles(
        new Map([
          ['/a.ts', ['/b.ts']],
          ['/b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reaches the shared domain as @domain/..., never by a relative path (issue 44)', () => {
    const domainDir = path.join(ROOT, 'domain') + path.sep;
    const relativeIntoDomain = [...graph.keys()]
      .filter((f) => !f.startsWith(domainDir))
      .flatMap((f) =>
        specifiersOf(f)
          .filter((s) => s.startsWith('.'))
          .filter((s) => `${path.resolve(path.dirname(f), s)}${path.sep}`.startsWith(domainDir))
          .map((s) => `${rel(f)} -> ${s}`),
      );
    expect(relativeIntoDomain).toEqual([]);
  });

  it('never imports lib/ from db/ (db/ is the lowest layer: lib/ uses it)', () => {
    const upward = [...graph]
      .filter(([f]) => rel(f).startsWith('server/src/db/') && !/\.test\.tsx?$/.test(f))
      .flatMap(([f, deps]) =>
        deps
          .filter((d) => rel(d).startsWith('server/src/lib/'))
          .map((d) => `${rel(f)} -> ${rel(d)}`),
      );
    expect(upward).toEqual([]);
  });

  it('never imports a plugin from db/, lib/, deps.ts or config.ts', () => {
    const below = (f: string) =>
      /^server\/src\/(db|lib)\//.test(f) ||
      f === 'server/src/deps.ts' ||
      f === 'server/src/config.ts';
    const upward = [...graph]
      .filter(([f]) => below(rel(f)) && !/\.test\.tsx?$/.test(f))
      .flatMap(([f, deps]) =>
        deps
          .filter((d) => rel(d).startsWith('server/src/plugins/'))
          .map((d) => `${rel(f)} -> ${rel(d)}`),
      );
    expect(upward).toEqual([]);
  });

  it('never imports a module from plugins/, db/, lib/, deps.ts or config.ts', () => {
    const lower = (f: string) =>
      /^server\/src\/(plugins|db|lib)\//.test(f) ||
      f === 'server/src/deps.ts' ||
      f === 'server/src/config.ts';
    const upward = [...graph]
      .filter(([f]) => lower(rel(f)) && !/\.test\.tsx?$/.test(f))
      .flatMap(([f, deps]) =>
        deps
          .filter((d) => rel(d).startsWith('server/src/modules/'))
          .map((d) => `${rel(f)} -> ${rel(d)}`),
      );
    expect(upward).toEqual([]);
  });
});
