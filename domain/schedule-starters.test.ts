import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { programInputSchema } from './schemas/schedule';
import { starterKeys, starterProgram, starterPrograms } from './schedule-starters';

describe('starter programs', () => {
  for (const lang of LANGUAGES)
    it(`are valid programs in ${lang}, each saying it is a starting point`, () => {
      const all = starterPrograms(lang);
      expect(all.map((s) => s.key)).toEqual([...starterKeys]);
      for (const s of all) {
        const parsed = programInputSchema.safeParse(s);
        expect(parsed.success, `${s.key}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        expect(s.description).toMatch(
          lang === 'en' ? /manufacturer’s manual/ : /manual del fabricante/,
        );
        // A renewal is by time only; a machine without a meter (a trailer) has no usage interval.
        for (const t of s.tasks) {
          if (t.category === 'renewal') expect(t.everyUsage, t.name).toBeNull();
          if (s.unit === null) expect(t.everyUsage, t.name).toBeNull();
        }
      }
    });

  it('hold the manual intervals the issue names, the same tasks in both languages', () => {
    const ex = starterProgram('excavator', 'en');
    expect(ex.tasks.map((t) => [t.name, t.everyUsage, t.everyTime])).toEqual([
      ['Engine oil and filter', 250, null],
      ['Fuel filters', 500, null],
      ['Hydraulic return filter', 1000, null],
      ['Hydraulic oil', 2000, null],
      ['Annual inspection', null, { count: 12, unit: 'months' }],
    ]);
    expect(starterProgram('pickupMiles', 'en').tasks[0]).toMatchObject({
      everyUsage: 5000,
      everyTime: { count: 6, unit: 'months' },
    });
    expect(starterProgram('pickupKm', 'es').tasks[0]).toMatchObject({
      name: 'Cambio de aceite',
      everyUsage: 8000,
    });
    expect(starterProgram('trailer', 'en').tasks.every((t) => t.category === 'renewal')).toBe(true);
    for (const key of starterKeys) {
      const [en, es] = [starterProgram(key, 'en'), starterProgram(key, 'es')];
      expect(es.name).not.toBe(en.name);
      expect(es.tasks.map((t) => [t.category, t.everyUsage, t.everyTime])).toEqual(
        en.tasks.map((t) => [t.category, t.everyUsage, t.everyTime]),
      );
      expect(es.tasks.map((t) => t.name)).not.toEqual(en.tasks.map((t) => t.name));
    }
  });
});
