import { describe, expect, it } from 'vitest';
import { inspectionColumns, inspectionExportRows, toCsv } from './csv';
import { inReaderLanguage, STARTERS, starterTemplate } from './inspection-starters';
import { starterKeys, templateInputSchema, type InspectionDto } from './schemas/inspections';

describe('ready-made checklists (issue 16)', () => {
  it('are valid templates in English and Spanish, with the same items in both', () => {
    for (const key of starterKeys) {
      const en = templateInputSchema.parse(starterTemplate(key, 'en'));
      const es = templateInputSchema.parse(starterTemplate(key, 'es'));
      expect(en.items.map((i) => i.id)).toEqual(es.items.map((i) => i.id));
      expect(en.name).not.toBe(es.name);
      expect(en.items.some((i) => i.critical)).toBe(true);
      for (const i of STARTERS[key].items) expect(i.es[0]).not.toBe(i.en[0]);
    }
  });
});

describe("a copied ready-made checklist in the reader's language (issue 26 item 5)", () => {
  it("shows unedited texts in the reader's language and edited ones as written", () => {
    const copy = { ...starterTemplate('tools', 'es'), starter: 'tools' };
    copy.items[0] = { ...copy.items[0]!, label: 'Nuestro texto' };
    const en = inReaderLanguage(copy, 'en');
    expect(en.name).toBe(STARTERS.tools.en);
    expect(en.items[0]?.label).toBe('Nuestro texto');
    expect(en.items[0]?.help).toBe(STARTERS.tools.items[0]?.en[1]);
    expect(en.items.slice(1).map((i) => i.label)).toEqual(
      STARTERS.tools.items.slice(1).map((i) => i.en[0]),
    );
    const own = { ...starterTemplate('tools', 'es'), starter: null };
    expect(inReaderLanguage(own, 'en')).toEqual(own);
  });
});

describe('the inspections export', () => {
  it('writes one row per answered item', () => {
    const inspection: InspectionDto = {
      id: 'i1',
      equipmentId: 'e1',
      equipmentName: 'Truck 7',
      templateId: 't1',
      templateName: 'Daily',
      operatorName: 'Ana',
      reading: 1040,
      readingStatus: 'applied',
      failedCount: 1,
      createdAt: '2026-11-25T08:30:00.000Z',
      device: null,
      answers: [
        {
          itemId: 'a',
          label: 'Brakes',
          kind: 'passFail',
          unit: '',
          critical: true,
          result: 'fail',
          number: null,
          text: null,
          note: 'Soft',
        },
        {
          itemId: 'b',
          label: 'Pressure',
          kind: 'number',
          unit: 'psi',
          critical: false,
          result: null,
          number: 32,
          text: null,
          note: null,
        },
      ],
    };
    const csv = toCsv(inspectionColumns, inspectionExportRows([inspection]));
    expect(csv.split('\r\n')).toEqual([
      'Date,Time (UTC),Equipment,Checklist,Operator,Reading,Item,Critical,Result,Value,Note',
      '2026-11-25,08:30,Truck 7,Daily,Ana,1040,Brakes,Yes,Fail,,Soft',
      '2026-11-25,08:30,Truck 7,Daily,Ana,1040,Pressure,No,,32 psi,',
      '',
    ]);
  });
});
