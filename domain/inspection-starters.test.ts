import { describe, expect, it } from 'vitest';
import { inspectionColumns, inspectionExportRows, toCsv } from './csv';
import { historyText } from './history-text';
import { inReaderLanguage, STARTERS, starterTemplate, starterText } from './inspection-starters';
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

describe('texts recorded from a ready-made checklist (issue 43)', () => {
  it("are shown in the reader's language; the company's own words as written", () => {
    expect(starterText('Machine daily inspection', 'es')).toBe('Inspección diaria de maquinaria');
    expect(starterText('Nivel de aceite del motor', 'en')).toBe('Engine oil level');
    expect(starterText('Engine oil level', 'en')).toBe('Engine oil level');
    expect(starterText('Tension, damage', 'es')).toBe('Tensión, daños');
    // The tools checklist's former Spanish name is still a ready-made text.
    expect(starterText('Revisión de herramienta eléctrica', 'en')).toBe('Power tool check');
    expect(starterText('Our own check', 'es')).toBe('Our own check');
    expect(starterText('', 'es')).toBe('');
    const copy = { ...starterTemplate('tools', 'es'), starter: 'tools' };
    const renamed = { ...copy, name: 'Revisión de herramienta eléctrica' };
    expect(inReaderLanguage(renamed, 'es').name).toBe('Inspección de herramienta eléctrica');
  });

  it("are written in the reader's language in history sentences", () => {
    expect(
      historyText('es', {
        kind: 'inspection',
        params: { checklist: 'Machine daily inspection', passed: 7, failed: ['Engine oil level'] },
      }),
    ).toBe(
      'Inspección Inspección diaria de maquinaria: 7 aprobados, 1 fallido (Nivel de aceite del motor)',
    );
    expect(
      historyText('es', {
        kind: 'defect_opened',
        params: { item: 'Engine oil level', critical: false },
      }),
    ).toBe('Defecto encontrado: Nivel de aceite del motor');
  });

  it('are data: every starter item has its texts in both languages, ids unique', () => {
    for (const s of Object.values(STARTERS)) {
      expect(new Set(s.items.map((i) => i.id)).size).toBe(s.items.length);
      for (const i of s.items) expect(i.en[0] && i.es[0]).toBeTruthy();
    }
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
