import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));

function keys(obj: unknown, prefix = ''): string[] {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const load = (lng: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir, lng, file), 'utf8')) as unknown;

describe('translations', () => {
  const en = readdirSync(path.join(dir, 'en')).sort();
  const es = readdirSync(path.join(dir, 'es')).sort();
  it('has the same namespaces in English and Spanish', () => {
    expect(es).toEqual(en);
  });
  for (const file of en) {
    it(`${file}: every key exists in both languages and is not empty`, () => {
      const enKeys = keys(load('en', file)).sort();
      const esKeys = keys(load('es', file)).sort();
      expect(esKeys).toEqual(enKeys);
      for (const lng of ['en', 'es']) {
        const flat = JSON.stringify(load(lng, file));
        expect(flat).not.toMatch(/:""/);
      }
    });
  }
});
