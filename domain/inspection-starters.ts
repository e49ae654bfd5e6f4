import type { StarterKey } from './schemas/inspections';

/**
 * Ready-made checklists (issue 16) in English and Spanish, which a company copies and then edits as its
 * own template. Item ids are stable so that a copy in either language names the same items.
 */
type Item = {
  id: string;
  kind: 'passFail' | 'number' | 'text';
  unit?: string;
  critical?: boolean;
  required?: boolean;
  en: [label: string, help: string];
  es: [label: string, help: string];
};
type Starter = { type: 'vehicle' | 'machinery' | 'tools'; en: string; es: string; items: Item[] };

export const STARTERS: Record<StarterKey, Starter> = {
  vehicle: {
    type: 'vehicle',
    en: 'Vehicle pre-trip inspection',
    es: 'Inspección de vehículo antes del viaje',
    items: [
      {
        id: 'brakes',
        kind: 'passFail',
        critical: true,
        en: ['Brakes', 'Pedal firm, parking brake holds'],
        es: ['Frenos', 'Pedal firme, el freno de mano sujeta'],
      },
      {
        id: 'tires',
        kind: 'passFail',
        en: ['Tires and wheels', 'No cuts, bulges or loose nuts'],
        es: ['Neumáticos y ruedas', 'Sin cortes, bultos ni tuercas flojas'],
      },
      {
        id: 'lights',
        kind: 'passFail',
        en: ['Lights and signals', 'Headlights, brake lights, indicators'],
        es: ['Luces y señales', 'Faros, luces de freno, intermitentes'],
      },
      {
        id: 'steering',
        kind: 'passFail',
        critical: true,
        en: ['Steering', 'No excessive play'],
        es: ['Dirección', 'Sin holgura excesiva'],
      },
      {
        id: 'fluids',
        kind: 'passFail',
        en: ['Fluid levels and leaks', 'Oil, coolant, washer fluid; no leaks under the vehicle'],
        es: [
          'Niveles de líquidos y fugas',
          'Aceite, refrigerante, limpiaparabrisas; sin fugas debajo del vehículo',
        ],
      },
      {
        id: 'mirrors',
        kind: 'passFail',
        en: ['Mirrors and windshield', 'Clean, not cracked'],
        es: ['Espejos y parabrisas', 'Limpios, sin grietas'],
      },
      {
        id: 'seatbelts',
        kind: 'passFail',
        critical: true,
        en: ['Seat belts', 'Latch and retract'],
        es: ['Cinturones de seguridad', 'Abrochan y se recogen'],
      },
      {
        id: 'tirePressure',
        kind: 'number',
        unit: 'psi',
        required: false,
        en: ['Tire pressure (lowest tire)', ''],
        es: ['Presión de neumáticos (el más bajo)', ''],
      },
      {
        id: 'comments',
        kind: 'text',
        required: false,
        en: ['Other comments', ''],
        es: ['Otros comentarios', ''],
      },
    ],
  },
  machinery: {
    type: 'machinery',
    en: 'Machine daily inspection',
    es: 'Inspección diaria de maquinaria',
    items: [
      {
        id: 'guards',
        kind: 'passFail',
        critical: true,
        en: ['Guards and shields in place', ''],
        es: ['Protecciones y resguardos en su lugar', ''],
      },
      {
        id: 'hydraulics',
        kind: 'passFail',
        critical: true,
        en: ['Hydraulic hoses and cylinders', 'No leaks, cracks or wear'],
        es: ['Mangueras y cilindros hidráulicos', 'Sin fugas, grietas ni desgaste'],
      },
      {
        id: 'engineOil',
        kind: 'passFail',
        en: ['Engine oil level', ''],
        es: ['Nivel de aceite del motor', ''],
      },
      {
        id: 'coolant',
        kind: 'passFail',
        en: ['Coolant level', ''],
        es: ['Nivel de refrigerante', ''],
      },
      {
        id: 'tracks',
        kind: 'passFail',
        en: ['Tracks or tires', 'Tension, damage'],
        es: ['Orugas o neumáticos', 'Tensión, daños'],
      },
      {
        id: 'alarm',
        kind: 'passFail',
        critical: true,
        en: ['Backup alarm and horn', ''],
        es: ['Alarma de retroceso y bocina', ''],
      },
      {
        id: 'emergencyStop',
        kind: 'passFail',
        critical: true,
        en: ['Emergency stop works', ''],
        es: ['La parada de emergencia funciona', ''],
      },
      {
        id: 'fuelLevel',
        kind: 'number',
        unit: '%',
        required: false,
        en: ['Fuel level', ''],
        es: ['Nivel de combustible', ''],
      },
      {
        id: 'comments',
        kind: 'text',
        required: false,
        en: ['Other comments', ''],
        es: ['Otros comentarios', ''],
      },
    ],
  },
  tools: {
    type: 'tools',
    en: 'Power tool check',
    es: 'Revisión de herramienta eléctrica',
    items: [
      {
        id: 'cord',
        kind: 'passFail',
        critical: true,
        en: ['Cord, plug or battery', 'No cuts, exposed wires or swelling'],
        es: ['Cable, enchufe o batería', 'Sin cortes, cables expuestos ni hinchazón'],
      },
      {
        id: 'guard',
        kind: 'passFail',
        critical: true,
        en: ['Guard in place', ''],
        es: ['Protección en su lugar', ''],
      },
      {
        id: 'switch',
        kind: 'passFail',
        en: ['Switch and trigger work', ''],
        es: ['Interruptor y gatillo funcionan', ''],
      },
      {
        id: 'blade',
        kind: 'passFail',
        en: ['Blade, bit or disc condition', 'Sharp, no cracks'],
        es: ['Estado de hoja, broca o disco', 'Afilado, sin grietas'],
      },
      {
        id: 'housing',
        kind: 'passFail',
        en: ['Housing not cracked', ''],
        es: ['Carcasa sin grietas', ''],
      },
      {
        id: 'comments',
        kind: 'text',
        required: false,
        en: ['Other comments', ''],
        es: ['Otros comentarios', ''],
      },
    ],
  },
};

/** A starter as a template's input in one language. */
export function starterTemplate(key: StarterKey, language: 'en' | 'es') {
  const s = STARTERS[key];
  return {
    name: s[language],
    equipmentTypes: [s.type],
    equipmentIds: [] as string[],
    daily: true,
    items: s.items.map((i) => ({
      id: i.id,
      label: i[language][0],
      help: i[language][1],
      kind: i.kind,
      unit: i.unit ?? '',
      required: i.required ?? true,
      critical: i.critical ?? false,
    })),
  };
}

type Localizable<I> = {
  name: string;
  starter: string | null;
  items: (I & { id: string; label: string; help: string })[];
};

/**
 * A copied ready-made checklist in the reader's language: every text the company has not edited (it
 * is still the ready-made text, in English or Spanish) is shown in `language`; edited texts and the
 * company's own checklists are shown as written.
 */
export function inReaderLanguage<I, T extends Localizable<I>>(t: T, language: 'en' | 'es'): T {
  const s = t.starter && t.starter in STARTERS ? STARTERS[t.starter as StarterKey] : undefined;
  if (!s) return t;
  const pick = (stored: string, en: string, es: string, wanted: string) =>
    stored === en || stored === es ? wanted : stored;
  const byId = new Map(s.items.map((i) => [i.id, i]));
  return {
    ...t,
    name: pick(t.name, s.en, s.es, s[language]),
    items: t.items.map((item) => {
      const ready = byId.get(item.id);
      if (!ready) return item;
      return {
        ...item,
        label: pick(item.label, ready.en[0], ready.es[0], ready[language][0]),
        help: pick(item.help, ready.en[1], ready.es[1], ready[language][1]),
      };
    }),
  };
}
