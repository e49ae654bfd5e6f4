import { describe, expect, it } from 'vitest';
import { historyEntrySchema, historyKinds, storedEntry, type HistoryEntry } from './history';
import { historyKindList } from './history-kinds';
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
  {
    kind: 'work_order',
    params: {
      number: 7,
      title: 'Cambio de aceite',
      from: 'in_progress',
      status: 'done',
      total: 120,
    },
  },
  { kind: 'task_added', params: { task: 'Service', primary: true, program: null } },
  {
    kind: 'task_changed',
    params: { task: 'Hydraulic filter', changes: [{ field: 'everyUsage', from: 250, to: 500 }] },
  },
  { kind: 'task_removed', params: { task: 'Hydraulic filter' } },
  {
    kind: 'document_added',
    params: { documentId: 'd1', title: 'Póliza 2027', category: 'insurance' },
  },
  {
    kind: 'document_replaced',
    params: {
      documentId: 'd2',
      title: 'Póliza 2028',
      category: 'insurance',
      previous: 'Póliza 2027',
    },
  },
  { kind: 'document_removed', params: { title: 'Tarjeta', category: 'registration' } },
];

/** English words the renderer writes itself; none may appear in a Spanish sentence. */
const englishWords =
  /\b(Added|Imported|Usage|increased|Reading|corrected|voided|Serviced|parts|cost|done by|Changed|Retired|Restored|Inspection|passed|failed|Defect|resolved|Out of service|Back in service|Photo|Fuel|fuel|hours|miles|kilometers|yes|unusual|check)\b/;

describe('historyText', () => {
  it("tells an operator's reported problem from a failed checklist item (issue 27)", () => {
    const e: HistoryEntry = {
      kind: 'defect_opened',
      params: { item: 'Hydraulic hose leaking', critical: false, reported: true },
    };
    expect(historyText('en', e)).toBe('Problem reported: Hydraulic hose leaking');
    expect(historyText('es', e)).toBe('Problema reportado: Hydraulic hose leaking');
  });

  it("the zod-free list of kinds (the timeline filter) is the schema's", () => {
    expect([...historyKindList]).toEqual(historyKinds);
  });

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

  it("uses no word of the English table in Spanish (rewording an English sentence can't leak it)", () => {
    // The English vocabulary is read from what the en table writes (not a hand-kept list), so a word
    // added to or changed in an English sentence is checked at once. Words that come from the params
    // (a person's words, a checklist's or an item's name) and the few both languages share are not.
    const shared = new Set(['gal', 'no', 'nov']); // 'nov': Intl writes the month so in both
    const words = (s: string) => s.match(/\p{L}{2,}/gu) ?? [];
    const fromParams = (e: HistoryEntry) => new Set(words(JSON.stringify(e.params)));
    const variants: HistoryEntry[] = [
      ...examples,
      {
        kind: 'reading',
        params: { source: 'import', previousUsage: null, usage: 5, unit: 'miles' },
      },
      {
        kind: 'reading',
        params: {
          source: 'operator',
          previousUsage: 1,
          usage: 5,
          unit: 'hours',
          checklist: 'Daily',
        },
      },
      { kind: 'fuel', params: { source: 'operator', fuel: { amount: 1, type: 'diesel' } } },
      {
        kind: 'service',
        params: {
          date: '2026-01-02',
          usage: null,
          unit: 'hours',
          parts: [],
          cost: null,
          performedBy: null,
          notes: null,
        },
      },
      { kind: 'defect_opened', params: { item: 'Horn', critical: false } },
      { kind: 'defect_opened', params: { item: 'Leaking oil', critical: false, reported: true } },
      { kind: 'added', params: { usage: 0, unit: 'n/a' } },
      { kind: 'imported', params: { usage: 0, unit: 'n/a' } },
      {
        kind: 'change',
        params: {
          changes: Object.keys(historyTables.en.fields).map((field) => ({
            field,
            from: true,
            to: '',
          })),
        },
      },
    ];
    const english = new Set<string>();
    for (const e of variants) {
      const own = fromParams(e);
      for (const w of words(historyText('en', e)))
        if (!own.has(w) && !shared.has(w.toLowerCase())) english.add(w.toLowerCase());
    }
    for (const w of [
      ...Object.values(historyTables.en.units),
      ...Object.values(historyTables.en.fuel),
    ])
      english.add(w.toLowerCase());
    expect(english.size).toBeGreaterThan(40);
    for (const e of variants) {
      const own = fromParams(e);
      const leaked = words(historyText('es', e)).filter(
        (w) => !own.has(w) && english.has(w.toLowerCase()),
      );
      expect(leaked, `${e.kind}: ${historyText('es', e)}`).toEqual([]);
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

  it('writes a work order change with its number, status and total', () => {
    const e = examples.find((x) => x.kind === 'work_order')!;
    expect(historyText('en', e)).toBe('Work order #7 done: Cambio de aceite · cost $120.00');
    expect(historyText('es', e)).toBe(
      'Orden de trabajo n.º 7 terminada: Cambio de aceite · costo $120.00',
    );
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

describe('fuel in the company unit (issue 45)', () => {
  it('says stored gallons in litres for a company that counts litres, in both languages', () => {
    const fuel: HistoryEntry = {
      kind: 'fuel',
      params: { source: 'operator', fuel: { amount: 12.5, type: 'diesel' } },
    };
    // 12.5 gal = 47.3176473 L, shown to 2 decimals.
    expect(historyText('en', fuel, { volumeUnit: 'L' })).toContain('fuel 47.32 L diesel');
    expect(historyText('es', fuel, { volumeUnit: 'L' })).toContain('combustible 47.32 L de diésel');
    expect(historyText('en', fuel)).toContain('fuel 12.5 gal diesel');
    const reading: HistoryEntry = {
      kind: 'reading',
      params: {
        source: 'operator',
        previousUsage: 100,
        usage: 104,
        unit: 'hours',
        fuel: { amount: 10, type: 'gas' },
      },
    };
    expect(historyText('en', reading, { volumeUnit: 'L' })).toContain('fuel 37.85 L gas');
  });
});

describe('issue 43, defect 7', () => {
  it("writes a change's values from the product's vocabularies in the reader's language", () => {
    const change: HistoryEntry = {
      kind: 'change',
      params: {
        changes: [
          { field: 'unit', from: 'miles', to: 'kilometers' },
          { field: 'type', from: 'machinery', to: 'vehicle' },
          { field: 'maintenanceIntervalUnit', from: 'months', to: 'days' },
          { field: 'name', from: 'miles', to: 'constructor' },
        ],
      },
    };
    expect(historyText('es', change)).toBe(
      'Cambios: Unidad: millas → kilómetros; Tipo: maquinaria → vehículo; ' +
        'Unidad del intervalo de mantenimiento: meses → días; Nombre: miles → constructor',
    );
    // English keeps the stored words, as the English exports always read.
    expect(historyText('en', change)).toBe(
      'Changed: Unit: miles → kilometers; Type: machinery → vehicle; ' +
        'Maintenance interval unit: months → days; Name: miles → constructor',
    );
  });

  it('counts an inspection in Spanish with the singular for one', () => {
    const one: HistoryEntry = {
      kind: 'inspection',
      params: { checklist: 'Diaria', passed: 1, failed: ['Frenos'] },
    };
    expect(historyText('es', one)).toBe('Inspección Diaria: 1 aprobado, 1 fallido (Frenos)');
    const many: HistoryEntry = {
      kind: 'inspection',
      params: { checklist: 'Diaria', passed: 7, failed: [] },
    };
    expect(historyText('es', many)).toBe('Inspección Diaria: 7 aprobados, 0 fallidos');
  });
});

describe('service task entries (issue 40)', () => {
  it('says a task was added, changed and removed, in both languages', () => {
    const added = {
      kind: 'task_added',
      params: { task: 'Engine oil', program: 'Excavators' },
    } as const;
    expect(historyText('en', added)).toBe('Task added: Engine oil (program Excavators)');
    expect(historyText('es', added)).toBe('Tarea agregada: Engine oil (programa Excavators)');
    const changed: HistoryEntry = {
      kind: 'task_changed',
      params: {
        task: 'Service',
        primary: true,
        changes: [
          {
            field: 'everyTime',
            from: { count: 1, unit: 'months' },
            to: { count: 6, unit: 'months' },
          },
          { field: 'category', from: 'service', to: 'inspection' },
        ],
      },
    };
    expect(historyText('en', changed)).toBe(
      'Task changed: Service: Every (time): 1 month → 6 months; Category: service → inspection',
    );
    expect(historyText('es', changed)).toBe(
      'Tarea cambiada: Servicio: Cada (tiempo): 1 mes → 6 meses; Categoría: servicio → inspección',
    );
    const removed = { kind: 'task_removed', params: { task: 'Registration' } } as const;
    expect(historyText('es', removed)).toBe('Tarea quitada: Registration');
  });
});
