import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderDigest, type DigestContent } from './digest-text';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

const base: DigestContent = {
  language: 'en',
  name: 'Ana',
  company: 'Acme <Farms>',
  today: '2026-03-02',
  timeZone: 'America/Chicago',
  first: false,
  frequency: 'daily',
  tasks: [
    {
      id: '1',
      machine: '<script>alert(1)</script> loader',
      task: 'Hydraulic filter',
      primary: false,
      category: 'service',
      unit: 'hours',
      status: 'time_for_service',
      attention: 'time_for_service',
      overdueUsage: null,
      usageStatus: 'approaching_service',
      dueUsage: 1250,
      forecast: { dueDate: '2026-03-06', basis: 'usage', daysUntil: 4, perDay: 6.2 },
    },
  ],
  reviewCount: 0,
  reviews: [],
  lowStockCount: 0,
  lowStock: [],
  fuelFlags: [],
  appUrl: 'https://ems.example.test',
  unsubscribeUrl: 'https://ems.example.test/api/digest/unsubscribe?u=x&t=y',
};

describe('the digest mail', () => {
  it('has every key in both languages, each plural with the forms its language needs', () => {
    // Spanish adds `_many` (1,000,000: i18next would otherwise show the key itself).
    const plural = /_(zero|one|two|few|many|other)$/;
    const base = (o: object) => [...new Set(keys(o).map((k) => k.replace(plural, '')))].sort();
    expect(base(es)).toEqual(base(en));
    for (const [lng, texts] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const all = new Set(keys(texts));
      const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      for (const k of all)
        if (plural.test(k))
          for (const f of forms)
            expect(all.has(k.replace(plural, `_${f}`)), `${lng} ${k} ${f}`).toBe(true);
    }
  });

  it("uses the app's own status words", () => {
    for (const lng of ['en', 'es'] as const) {
      const app = JSON.parse(
        readFileSync(
          new URL(`../../../../client/src/locales/${lng}/equipment.json`, import.meta.url),
          'utf8',
        ),
      ) as { status: Record<string, string> };
      const mail = lng === 'en' ? en.status : es.status;
      for (const [k, v] of Object.entries(mail)) expect(app.status[k], k).toBe(v);
    }
  });

  it('writes the forecast like the app and escapes every value in the HTML', () => {
    const m = renderDigest(base);
    expect(m.subject).toBe('Maintenance digest: 1 service task needs attention');
    expect(m.text).toContain(
      '- <script>alert(1)</script> loader · Hydraulic filter · 1,250 h · Due around Mar 6, 2026 (in 4 days) at 6.2 h/day: Time for Service',
    );
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; loader');
    expect(m.html).toContain('Acme &#60;Farms&#62;');
    const es = renderDigest({ ...base, language: 'es' });
    expect(es.subject).toBe('Resumen de mantenimiento: 1 tarea de servicio requiere atención');
    expect(es.text).toContain(
      ' · Hydraulic filter · 1,250 h · Servicio hacia el 6 mar 2026 (dentro de 4 días) a 6.2 h/día: Servicio requerido',
    );
  });

  it('says how far past its service a machine is instead of "due today"', () => {
    const past: DigestContent = {
      ...base,
      tasks: [
        {
          ...base.tasks[0]!,
          status: 'overdue',
          attention: 'overdue',
          usageStatus: 'overdue',
          overdueUsage: 40,
          forecast: { ...base.tasks[0]!.forecast, dueDate: '2026-03-02', daysUntil: 0 },
        },
      ],
    };
    expect(renderDigest(past).text).toContain(
      'Hydraulic filter · 1,250 h · 40 hours overdue: service was due at 1,250 hours: Overdue',
    );
    expect(renderDigest({ ...past, language: 'es' }).text).toContain(
      'Hydraulic filter · 1,250 h · 40 horas de atraso: servicio previsto en 1,250 horas: Vencido',
    );
  });

  it('says "past due by" between the due point and the overdue threshold, as the app does (issue 43)', () => {
    const pastDue: DigestContent = {
      ...base,
      tasks: [
        {
          ...base.tasks[0]!,
          status: 'time_for_service',
          usageStatus: 'time_for_service',
          overdueUsage: 7.5,
          forecast: { ...base.tasks[0]!.forecast, dueDate: '2026-03-02', daysUntil: 0 },
        },
      ],
    };
    const text = renderDigest(pastDue).text;
    expect(text).toContain('Past due by 7.5 hours: service was due at 1,250 hours');
    expect(text).not.toContain('overdue');
    expect(renderDigest({ ...pastDue, language: 'es' }).text).toContain(
      '7.5 horas después del servicio previsto en 1,250 horas',
    );
  });

  it('lists the parts at or below their reorder point in both languages, text and HTML (issue 27)', () => {
    const low: DigestContent = {
      ...base,
      tasks: [],
      lowStockCount: 12,
      lowStock: [
        { name: 'Air <filter>', partNumber: 'AF-100', unit: 'each', onHand: 1, reorderPoint: 2 },
        { name: 'Hydraulic oil', partNumber: null, unit: 'L', onHand: 7.25, reorderPoint: 20 },
      ],
    };
    const m = renderDigest(low);
    expect(m.subject).toBe('Maintenance digest: 12 parts low on stock');
    expect(m.text).toContain('12 parts at or below their reorder point');
    expect(m.text).toContain('- Air <filter> (AF-100): 1 each on hand (reorder at 2)');
    expect(m.text).toContain('- Hydraulic oil: 7.25 L on hand (reorder at 20)');
    expect(m.text).toContain('  and 10 more');
    expect(m.text).toContain('Open the parts list: https://ems.example.test/parts');
    expect(m.html).toContain('Air &#60;filter&#62; (AF-100)</td>');
    expect(m.html).toContain('>7.25 L</td>');
    expect(m.html).toContain('<a href="https://ems.example.test/parts">Open the parts list</a>');
    expect(m.html).not.toContain('<filter>');
    const es = renderDigest({ ...low, language: 'es' });
    expect(es.subject).toBe('Resumen de mantenimiento: 12 repuestos con existencia baja');
    expect(es.text).toContain('12 repuestos en su punto de reposición o por debajo');
    expect(es.text).toContain('- Hydraulic oil: 7.25 L disponibles (reponer con 20)');
    expect(es.text).toContain('  y 10 más');
    expect(es.html).toContain('Abrir la lista de repuestos</a>');
    expect(es.html).toContain(
      '<th style="padding:6px 10px;border-bottom:1px solid #e5e7eb;text-align:left">Disponibles</th>',
    );
    // With machines to tell, the subject stays the machines' one and the parts come after them.
    const both = renderDigest({ ...low, tasks: base.tasks });
    expect(both.subject).toBe('Maintenance digest: 1 service task needs attention');
    expect(both.text.indexOf('Service tasks that need attention')).toBeLessThan(
      both.text.indexOf('parts at or below'),
    );
    // No low parts: no section.
    expect(renderDigest(base).text).not.toContain('reorder point');
  });

  it("speaks per task: the primary task in the reader's language, a renewal in its window, an inspection by date (issue 40)", () => {
    const perTask: DigestContent = {
      ...base,
      tasks: [
        {
          ...base.tasks[0]!,
          machine: 'Excavator 3',
          task: 'Service',
          primary: true,
          status: 'approaching_service',
          attention: 'approaching_service',
          dueUsage: 1000,
          forecast: { dueDate: '2026-12-04', basis: 'usage', daysUntil: 277, perDay: null },
        },
        {
          ...base.tasks[0]!,
          id: '2',
          machine: 'Pickup 7',
          task: 'Registration',
          category: 'renewal',
          unit: 'miles',
          status: 'good',
          attention: 'renewal_soon',
          usageStatus: null,
          dueUsage: null,
          forecast: { dueDate: '2026-03-27', basis: 'calendar', daysUntil: 25, perDay: null },
        },
        {
          ...base.tasks[0]!,
          id: '3',
          machine: 'Excavator 3',
          task: 'Annual inspection',
          category: 'inspection',
          status: 'overdue',
          attention: 'overdue',
          usageStatus: null,
          dueUsage: null,
          forecast: { dueDate: '2026-02-20', basis: 'calendar', daysUntil: -10, perDay: null },
        },
      ],
    };
    const en = renderDigest(perTask);
    expect(en.subject).toBe('Maintenance digest: 3 service tasks need attention');
    expect(en.text).toContain(
      '- Excavator 3 · Service · 1,000 h · Due around Dec 4, 2026 (in 277 days): Approaching Service',
    );
    expect(en.text).toContain(
      '- Pickup 7 · Registration (renewal) · Due Mar 27, 2026 (in 25 days): Renewal coming up',
    );
    expect(en.text).toContain(
      '- Excavator 3 · Annual inspection (inspection) · Due Feb 20, 2026 (10 days ago): Overdue',
    );
    expect(en.html).toContain('>Registration (renewal)</td>');
    const es = renderDigest({ ...perTask, language: 'es' });
    expect(es.subject).toBe('Resumen de mantenimiento: 3 tareas de servicio requieren atención');
    expect(es.text).toContain('- Excavator 3 · Servicio · 1,000 h · ');
    expect(es.text).toContain('- Pickup 7 · Registration (renovación) · ');
    expect(es.text).toContain(': Renovación próxima');
    expect(es.text).toContain('Annual inspection (inspección)');
  });

  it('tells the machines whose fuel-rate flag started, in both languages, text and HTML (issue 45)', () => {
    const fuel: DigestContent = {
      ...base,
      tasks: [],
      fuelFlags: [
        {
          equipmentId: 'a',
          machine: 'CAT <320>',
          type: 'machinery',
          unit: 'hours',
          percentAbovePeers: 31.25,
        },
        {
          equipmentId: 'b',
          machine: 'Pickup 7',
          type: 'vehicle',
          unit: 'miles',
          percentAbovePeers: 40,
        },
      ],
    };
    const m = renderDigest(fuel);
    expect(m.subject).toBe('Maintenance digest: 2 machines use more fuel than their peers');
    expect(m.text).toContain('Newly flagged: more fuel than their peers over the last 30 days');
    expect(m.text).toContain('- CAT <320> uses 31% more fuel per hour than your other machinery');
    expect(m.text).toContain('- Pickup 7 uses 40% more fuel per mile than your other vehicles');
    expect(m.text).toContain('Open the fuel report: https://ems.example.test/reports?tab=fuel');
    expect(m.html).toContain('<li>CAT &#60;320&#62; uses 31% more fuel per hour');
    expect(m.html).not.toContain('<320>');
    const es = renderDigest({ ...fuel, language: 'es' });
    expect(es.subject).toBe(
      'Resumen de mantenimiento: 2 máquinas gastan más combustible que sus pares',
    );
    expect(es.text).toContain(
      '- CAT <320> gasta 31% más combustible por hora que sus otras máquinas de tipo maquinaria',
    );
    expect(es.text).toContain(
      'Abrir el informe de combustible: https://ems.example.test/reports?tab=fuel',
    );
    // With tasks to tell, the subject stays the tasks' one; no flags, no section.
    expect(renderDigest({ ...fuel, tasks: base.tasks }).subject).toBe(
      'Maintenance digest: 1 service task needs attention',
    );
    expect(renderDigest(base).text).not.toContain('fuel');
  });
});
