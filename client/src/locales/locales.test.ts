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
      // A plural is one key in both languages, whatever forms each language needs (Spanish: many).
      const base = (lng: string) =>
        [...new Set(keys(load(lng, file)).map((k) => k.replace(PLURAL, '_plural')))].sort();
      expect(base('es')).toEqual(base('en'));
      for (const lng of ['en', 'es']) {
        const flat = JSON.stringify(load(lng, file));
        expect(flat).not.toMatch(/:""/);
      }
    });
    it(`${file}: every count goes through i18next's plural forms (_one and _other)`, () => {
      for (const lng of ['en', 'es']) {
        const leaves = leavesOf(load(lng, file));
        expect(countsWithoutPluralForms(leaves, formsOf(lng)), `${lng}/${file}`).toEqual([]);
      }
    });
  }

  it('refuses a count key without plural forms, and a plural form without its pair', () => {
    expect(formsOf('en')).toEqual(['one', 'other']);
    // 1,000,000 is 'many' in Spanish: without `_many` i18next would show the key itself.
    expect(formsOf('es')).toEqual(['many', 'one', 'other']);
    expect(
      countsWithoutPluralForms(
        { 'a.n_one': '{{count}} x', 'a.n_other': '{{count}} xs' },
        formsOf('es'),
      ),
    ).toEqual(['a.n_one', 'a.n_other']);
    expect(
      countsWithoutPluralForms(
        {
          'a.failed': '{{count}} fallidos',
          'a.sent_one': '{{count}} enviado',
          'a.left_other': '{{count}} restantes',
          'a.items_one': '{{count}} punto',
          'a.items_other': '{{count}} puntos',
          'a.title': 'Sin número',
        },
        ['one', 'other'],
      ),
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

/** The plural forms i18next asks for in a language (it picks them with Intl.PluralRules). */
const formsOf = (lng: string) =>
  [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort();

/**
 * The keys that show `{{count}}` without plural forms ("1 fallidos"), and the plural forms that miss
 * one of the language's forms beside them: i18next picks `key_one` / `key_many` / `key_other` by
 * the count.
 */
function countsWithoutPluralForms(leaves: Record<string, string>, forms: string[]): string[] {
  const bad = new Set<string>();
  for (const [key, value] of Object.entries(leaves)) {
    const plural = PLURAL.test(key);
    if (/\{\{\s*count\b/.test(value) && !plural) bad.add(key);
    if (plural) {
      const base = key.replace(PLURAL, '');
      if (forms.some((f) => !(`${base}_${f}` in leaves))) bad.add(key);
    }
  }
  return [...bad].sort();
}
