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
    it(`${file}: every count goes through i18next's plural forms (_one and _other)`, () => {
      for (const lng of ['en', 'es']) {
        const leaves = leavesOf(load(lng, file));
        expect(countsWithoutPluralForms(leaves), `${lng}/${file}`).toEqual([]);
      }
    });
  }

  it('refuses a count key without plural forms, and a plural form without its pair', () => {
    expect(
      countsWithoutPluralForms({
        'a.failed': '{{count}} fallidos',
        'a.sent_one': '{{count}} enviado',
        'a.left_other': '{{count}} restantes',
        'a.items_one': '{{count}} punto',
        'a.items_other': '{{count}} puntos',
        'a.title': 'Sin número',
      }),
    ).toEqual(['a.failed', 'a.left_other', 'a.sent_one']);
  });
});

function leavesOf(obj: unknown, prefix = ''): Record<string, string> {
  if (obj && typeof obj === 'object' && !Array.isArray(obj))
    return Object.assign(
      {},
      ...Object.entries(obj).map(([k, v]) => leavesOf(v, prefix ? `${prefix}.${k}` : k)),
    ) as Record<string, string>;
  return { [prefix]: String(obj) };
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The keys that show `{{count}}` without plural forms ("1 fallidos"), and the plural forms that
 * miss the `_one` or `_other` beside them: i18next picks `key_one` / `key_other` by the count.
 */
function countsWithoutPluralForms(leaves: Record<string, string>): string[] {
  const bad = new Set<string>();
  for (const [key, value] of Object.entries(leaves)) {
    const plural = PLURAL.test(key);
    if (/\{\{\s*count\b/.test(value) && !plural) bad.add(key);
    if (plural) {
      const base = key.replace(PLURAL, '');
      if (!(`${base}_one` in leaves) || !(`${base}_other` in leaves)) bad.add(key);
    }
  }
  return [...bad].sort();
}
