import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enField from '../locales/en/field.json';
import esField from '../locales/es/field.json';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('the operator screen says when and how much in natural words (issue 26)', () => {
  it('relative times: nothing under a minute (the screen says "just now"), then minutes, hours, days', () => {
    expect(relativeTime(ago(20_000), 'es', NOW)).toBeNull();
    expect(relativeTime(ago(5 * 60_000), 'es', NOW)).toBe('hace 5 minutos');
    expect(relativeTime(ago(2 * 3_600_000), 'es', NOW)).toBe('hace 2 horas');
    expect(relativeTime(ago(86_400_000), 'es', NOW)).toBe('ayer');
    expect(relativeTime(ago(3 * 86_400_000), 'en', NOW)).toBe('3 days ago');
  });

  it('units agree with their number in both languages', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'es',
      resources: { en: { field: enField }, es: { field: esField } },
      ns: ['field'],
      defaultNS: 'field',
      interpolation: { escapeValue: false },
    });
    const amount = (lng: string, unit: string, n: number) =>
      i18n.getFixedT(lng, 'field')(`entry.unit.${unit}`, { count: n, value: String(n) });
    expect(amount('es', 'hours', 1)).toBe('1 hora');
    expect(amount('es', 'hours', 489)).toBe('489 horas');
    expect(amount('en', 'miles', 1)).toBe('1 mile');
    expect(amount('en', 'kilometers', 2.5)).toBe('2.5 kilometers');
    const t = i18n.getFixedT('es', 'field');
    expect(t('entry.increase', { value: amount('es', 'hours', 1) })).toBe(
      '+1 hora desde la última lectura',
    );
    expect(
      t('entry.lastReading', { value: amount('es', 'hours', 489), when: t('entry.justNow') }),
    ).toBe('Última lectura: 489 horas, hace un momento');
  });
});
