import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one-writer checks (the ledger's history and totals, the stock ledger's moves): a read of every
 * server source file, tests and migrations left out, for the writes only one module may do.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'migrations' ? [] : sources(p);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [p] : [];
  });
}

/** "<file> <what>" for each source file (relative to server/src) not `allowed` that does one of `writes`. */
export function writersOutside(
  allowed: (rel: string) => boolean,
  writes: [string, RegExp][],
): string[] {
  const offences: string[] = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    if (allowed(rel)) continue;
    const text = readFileSync(file, 'utf8');
    for (const [what, re] of writes) if (re.test(text)) offences.push(`${rel} ${what}`);
  }
  return offences;
}
