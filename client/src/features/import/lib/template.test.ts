import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  equipmentTemplateFields,
  equipmentRowInput,
  guessEquipmentColumns,
  guessHistoryColumns,
  historyImportFields,
  formatOfLanguage,
  type Cell,
} from '@domain/import';
import { equipmentInputSchema } from '@domain/schemas/equipment';
import { templateCsv, templateRows } from './template';

const here = path.dirname(fileURLToPath(import.meta.url));
const fieldsIn = (lang: 'en' | 'es') =>
  (
    JSON.parse(readFileSync(path.join(here, `../../../locales/${lang}/import.json`), 'utf8')) as {
      fields: Record<string, string>;
    }
  ).fields;

describe('import templates', () => {
  for (const lang of ['en', 'es'] as const) {
    const header = (f: string) => fieldsIn(lang)[f] ?? f;
    it(`${lang}: every header of the templates is guessed back to its field`, () => {
      const eq = templateRows('equipment', lang, header)[0] as string[];
      expect(guessEquipmentColumns(eq)).toEqual([...equipmentTemplateFields]);
      const hist = templateRows('history', lang, header)[0] as string[];
      expect(guessHistoryColumns(hist)).toEqual([...historyImportFields]);
    });
    it(`${lang}: the CSV template's example rows pass the equipment form's schema`, async () => {
      const Papa = (await import('papaparse')).default;
      const [head, ...rows] = Papa.parse<string[]>(
        templateCsv('equipment', lang, header).trim(),
      ).data;
      const fields = guessEquipmentColumns(head ?? []);
      expect(rows).toHaveLength(2);
      for (const cells of rows) {
        const byField = Object.fromEntries(
          fields.flatMap((f, i): [string, Cell][] => (f ? [[f, cells[i] ?? null]] : [])),
        );
        const parsed = equipmentInputSchema.safeParse(
          equipmentRowInput(byField, formatOfLanguage(lang)),
        );
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }
    });
  }
});
