import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/equipment.json';
import es from '../../locales/es/equipment.json';
import { entryText, operatorNotesText, type EntryFacts } from './entry-text';

async function tIn(lng: 'en' | 'es') {
  const i18n = createInstance();
  await i18n.init({
    lng,
    defaultNS: 'equipment',
    resources: { en: { equipment: en }, es: { equipment: es } },
  });
  i18n.resolvedLanguage = lng;
  return (key: string, opts?: Record<string, unknown>) => i18n.t(key, opts);
}

const entry = (over: Partial<EntryFacts>): EntryFacts => ({
  noteType: 'usage_update',
  content: '',
  usage: null,
  reading: null,
  previousUsage: null,
  ...over,
});

describe('entryText', () => {
  it("tells the server's automatic entries again in the reader's language, from the entry's figures", async () => {
    const es_ = await tIn('es');
    expect(
      entryText(
        es_,
        entry({ content: 'Added with usage 100 hours', usage: 100, reading: 'initial' }),
        'hours',
      ),
    ).toBe('Agregado con un uso de 100 horas');
    expect(
      entryText(
        es_,
        entry({
          content: 'Usage increased by 25.5 to 125.5 hours',
          usage: 125.5,
          previousUsage: 100,
          reading: 'increase',
        }),
        'hours',
      ),
    ).toBe('Uso aumentado en 25.5 horas hasta 125.5 horas');
    expect(
      entryText(es_, entry({ noteType: 'retired', content: 'Retired: Sold for parts' }), 'hours'),
    ).toBe('Retirado: Sold for parts');
    const en_ = await tIn('en');
    expect(
      entryText(
        en_,
        entry({ noteType: 'restored', content: 'Restored to the active equipment' }),
        'miles',
      ),
    ).toBe('Restored to the active equipment');
  });

  it("tells imported machines, readings and fuel entries again; the file's note stays as written", async () => {
    const es_ = await tIn('es');
    expect(
      entryText(
        es_,
        entry({ content: 'Imported with usage 1,250 hours', usage: 1250, reading: 'initial' }),
        'hours',
      ),
    ).toBe('Importado con un uso de 1,250 horas');
    expect(
      entryText(
        es_,
        entry({
          content: 'Imported reading: 1,300 hours · fuel 20 gal diesel · From the old log',
          usage: 1300,
          reading: 'reading',
          previousUsage: 1250,
        }),
        'hours',
      ),
    ).toBe('Lectura importada: 1,300 horas · Combustible: 20 gal de diésel · From the old log');
    expect(
      entryText(
        es_,
        entry({ noteType: 'note', content: 'Imported fuel entry · fuel 7.5 gal gas' }),
        'hours',
      ),
    ).toBe('Carga de combustible importada · Combustible: 7.5 gal de gasolina');
  });

  it("names the reading taken with an inspection in the reader's language, keeping the checklist's name", async () => {
    const es_ = await tIn('es');
    const reading = entry({
      content: 'Inspection: Daily truck check',
      usage: 1040,
      previousUsage: 1000,
      reading: 'reading',
    });
    expect(entryText(es_, reading, 'miles')).toBe('Inspección: Daily truck check');
    expect(operatorNotesText(es_, 'Inspection: Daily truck check')).toBe(
      'Inspección: Daily truck check',
    );
    expect(operatorNotesText(es_, 'Hour meter replaced?')).toBe('Hour meter replaced?');
  });

  it('shows notes and operator readings as written', async () => {
    const es_ = await tIn('es');
    expect(
      entryText(es_, entry({ noteType: 'note', content: 'Pressure switch failing' }), 'hours'),
    ).toBe('Pressure switch failing');
    expect(
      entryText(
        es_,
        entry({
          content: 'Checked oil and coolant',
          usage: 709.3,
          previousUsage: 708.2,
          reading: 'reading',
        }),
        'hours',
      ),
    ).toBe('Checked oil and coolant');
  });
});
