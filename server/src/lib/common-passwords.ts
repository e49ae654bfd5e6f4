import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let list: Set<string> | null = null;

function load(): Set<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'common-passwords.txt'),
    path.join(here, 'lib', 'common-passwords.txt'),
  ];
  for (const file of candidates) {
    try {
      const lines = readFileSync(file, 'utf8').split('\n');
      return new Set(lines.filter((l) => l && !l.startsWith('#')));
    } catch {
      /* try the next location */
    }
  }
  throw new Error('common-passwords.txt not found');
}

/** True for one of the few thousand most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase());
}
