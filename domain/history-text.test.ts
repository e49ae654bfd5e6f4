import { describe, expect, it } from 'vitest';
import { historyEntrySchema, historyKinds, storedEntry, type HistoryEntry } from './history';
import { historyLang, historyTables, historyText, personName } from './history-text';

/** One entry of every kind (the test fails when a kind is added without an example here). */
const examples: HistoryEntry[] = [
  { kind: 'added', params: { usage: 1200.5, unit: 'hours' } },
  { kind: 'imported', params: { usage: 30, unit: 'miles' } },
  {
    kind: 'reading',
    params: {
      source: 'manager',
      previousUsage: 100,
      usage: 330.2,
      unit: 'hours',
    },
  },
  {
    kind: 'reading',
    params: {
      source: 'operator',
      previousUsage: 100,
      usage: 109,
      unit: 'hours',
      fuel: { amount: 20, type: 'diesel' },
      unusual: true,
    },
  },
  { kind: 'correction', params: { previousUsage: 360, usage: 350, unit: 'kilometers' } },
  { kind: 'void', params: { entryId: 'x', reason: 'typo' } },
  {
    kind: 'service',
    params: {
      date: '2026-11-18',
      usage: 360,
      unit: 'hours',
      parts: [{ part: 'Oil filter', partNumber: null, qty: 2 }],
      cost: 85.4,
      performedBy: 'Joe',
      notes: null,
    },
  },
  { kind: 'fuel', params: { source: 'import', fuel: { amount: 12.5, type: 'gas' } } },
  { kind: 'note', params: { text: 'Pressure switch failing' } },
  {
    kind: 'change',
    params: {
      changes: [
        { field: 'serviceInterval', from: 250, to: 300 },
        { field: 'hasScheduledMaintenance', from: false, to: true },
      ],
    },
  },
  { kind: 'retired', params: { remark: null, usage: 10, unit: 'hours' } },
  { kind: 'restored', params: { usage: 10, unit: 'hours' } },
  { kind: 'inspection', params: { checklist: 'Daily', passed: 5, failed: ['Brakes'] } },
  { kind: 'defect_opened', params: { item: 'Brakes', critical: true } },
  { kind: 'defect_resolved', params: { item: 'Brakes', note: null } },
  { kind: 'out_of_service', params: { items: ['Brakes'], reason: null } },
  { kind: 'back_in_service', params: { items: [], reason: null } },
  { kind: 'photo', params: { photoId: 'p1', caption: null } },
];

/** English words the renderer writes itself; none may appear in a Spanish sentence. */
const englishWords =
  /\b(Added|Imported|Usage|increased|Reading|corrected|voided|Serviced|parts|cost|done by|Changed|Retired|Restored|Inspection|passed|failed|Defect|resolved|Out of service|Back in service|Photo|Fuel|fuel|hours|miles|kilometers|yes|unusual|check)\b/;

describe('historyText', () => {
  it('has an example of every kind, each valid', () => {
    expect(new Set(examples.map((e) => e.kind))).toEqual(new Set(historyKinds));
    for (const e of examples) expect(historyEntrySchema.safeParse(e).success).toBe(true);
  });

  it('writes every kind in English and in Spanish, with no English in the Spanish', () => {
    for (const e of examples) {
      const en = historyText('en', e);
      const es = historyText('es', e);
      expect(en.length, e.kind).toBeGreaterThan(0);
      if (e.kind !== 'note') expect(es, e.kind).not.toBe(en); // a note is a person's words
      expect(es, `${e.kind}: ${es}`).not.toMatch(englishWords);
    }
  });

  it('a Spanish reader never sees "Usage increased by"', () => {
    const increase = examples[2]!;
    expect(historyText('en', increase)).toBe('Usage increased by 230.2 hours to 330.2 hours');
    expect(historyText('es', increase)).toBe('Uso aumentado en 230.2 horas hasta 330.2 horas');
  });

  it('says nothing about usage when a machine whose unit is N/A is added', () => {
    const e: HistoryEntry = { kind: 'added', params: { usage: 0, unit: 'n/a' } };
    expect(historyText('en', e)).toBe('Added');
    expect(historyText('es', e)).toBe('Agregado');
  });

  it("keeps a person's words as written (a note that says Retired is not translated)", () => {
    const e: HistoryEntry = { kind: 'note', params: { text: 'Retired' } };
    expect(historyText('es', e)).toBe('Retired');
    expect(
      historyText('es', { kind: 'retired', params: { remark: 'Sold', usage: 1, unit: 'hours' } }),
    ).toBe('Retirado · Sold');
  });

  it('flags an unusual reading', () => {
    expect(historyText('en', examples[3]!)).toContain('unusual, check');
    expect(historyText('es', examples[3]!)).toContain('inusual, revisar');
  });

  it('brief leaves out what a screen shows in its own fields', () => {
    expect(historyText('en', examples[6]!, { brief: true })).toBe(
      'Serviced at 360 hours on Nov 18, 2026',
    );
    expect(historyText('en', examples[9]!, { brief: true })).toBe('Changed');
  });

  it('reads Accept-Language and stored rows', () => {
    expect(historyLang('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(historyLang('en-US')).toBe('en');
    expect(historyLang(undefined)).toBe('en');
    expect(storedEntry('note', {}, 'typed by hand')).toEqual({
      kind: 'note',
      params: { text: 'typed by hand' },
    });
  });

  it('both tables name every unit and field the same way', () => {
    expect(Object.keys(historyTables.es.fields)).toEqual(Object.keys(historyTables.en.fields));
    expect(Object.keys(historyTables.es.units)).toEqual(Object.keys(historyTables.en.units));
  });
});

describe('personName', () => {
  it('names a person by name, else username, never an email when a name exists', () => {
    expect(
      personName({ firstName: 'Carlos', lastName: 'Rivera', email: 'carlos.rivera+59648@x.com' }),
    ).toBe('Carlos Rivera');
    expect(personName({ username: 'maria', email: 'm@x.com' })).toBe('maria');
    expect(personName({ email: 'm@x.com' })).toBe('m@x.com');
    expect(personName({}, 'Operator')).toBe('Operator');
  });
});

describe('entries sent with an API key (issue 29)', () => {
  it('name the key in both languages', () => {
    const reading: HistoryEntry = {
      kind: 'reading',
      params: { source: 'api', previousUsage: 100, usage: 104, unit: 'hours', via: 'GPS sync' },
    };
    expect(historyText('en', reading)).toBe('Reading: 104 hours · via GPS sync');
    expect(historyText('es', reading)).toBe('Lectura: 104 horas · vía GPS sync');
    const fuel: HistoryEntry = {
      kind: 'fuel',
      params: { source: 'api', fuel: { amount: 12.5, type: 'diesel' }, via: 'GPS sync' },
    };
    expect(historyText('en', fuel)).toBe('Fuel added · fuel 12.5 gal diesel · via GPS sync');
    expect(historyEntrySchema.safeParse(reading).success).toBe(true);
  });
});
