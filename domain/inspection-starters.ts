import type { StarterKey } from './schemas/inspections';

/**
 * Ready-made checklists (issue 16) in English and Spanish, which a company copies and then edits as its
 * own template, held as data: one row per item. Item ids are stable so that a copy in either language
 * names the same items. While a copied text is not edited it is shown in the reader's language on every
 * screen (issue 43): the company's templates, the operator's phone, and what was recorded from them
 * (inspections, defects, history sentences) through `starterText`.
 */
type Kind = 'passFail' | 'number' | 'text';
/** id, kind, flags ('critical', 'optional', 'unit:<unit>'), English label and help, Spanish label and help. */
type Row = [
  id: string,
  kind: Kind,
  flags: string,
  en: string,
  enHelp: string,
  es: string,
  esHelp: string,
];
type Table = {
  type: 'vehicle' | 'machinery' | 'tools';
  name: [en: string, es: string];
  items: Row[];
};

// prettier-ignore
const TABLE: Record<StarterKey, Table> = {
  vehicle: {
    type: 'vehicle',
    name: ['Vehicle pre-trip inspection', 'Inspección de vehículo antes del viaje'],
    items: [
      ['brakes', 'passFail', 'critical', 'Brakes', 'Pedal firm, parking brake holds', 'Frenos', 'Pedal firme, el freno de mano sujeta'],
      ['tires', 'passFail', '', 'Tires and wheels', 'No cuts, bulges or loose nuts', 'Neumáticos y ruedas', 'Sin cortes, bultos ni tuercas flojas'],
      ['lights', 'passFail', '', 'Lights and signals', 'Headlights, brake lights, indicators', 'Luces y señales', 'Faros, luces de freno, intermitentes'],
      ['steering', 'passFail', 'critical', 'Steering', 'No excessive play', 'Dirección', 'Sin holgura excesiva'],
      ['fluids', 'passFail', '', 'Fluid levels and leaks', 'Oil, coolant, washer fluid; no leaks under the vehicle', 'Niveles de líquidos y fugas', 'Aceite, refrigerante, limpiaparabrisas; sin fugas debajo del vehículo'],
      ['mirrors', 'passFail', '', 'Mirrors and windshield', 'Clean, not cracked', 'Espejos y parabrisas', 'Limpios, sin grietas'],
      ['seatbelts', 'passFail', 'critical', 'Seat belts', 'Latch and retract', 'Cinturones de seguridad', 'Abrochan y se recogen'],
      ['tirePressure', 'number', 'optional unit:psi', 'Tire pressure (lowest tire)', '', 'Presión de neumáticos (el más bajo)', ''],
      ['comments', 'text', 'optional', 'Other comments', '', 'Otros comentarios', ''],
    ],
  },
  machinery: {
    type: 'machinery',
    name: ['Machine daily inspection', 'Inspección diaria de maquinaria'],
    items: [
      ['guards', 'passFail', 'critical', 'Guards and shields in place', '', 'Protecciones y resguardos en su lugar', ''],
      ['hydraulics', 'passFail', 'critical', 'Hydraulic hoses and cylinders', 'No leaks, cracks or wear', 'Mangueras y cilindros hidráulicos', 'Sin fugas, grietas ni desgaste'],
      ['engineOil', 'passFail', '', 'Engine oil level', '', 'Nivel de aceite del motor', ''],
      ['coolant', 'passFail', '', 'Coolant level', '', 'Nivel de refrigerante', ''],
      ['tracks', 'passFail', '', 'Tracks or tires', 'Tension, damage', 'Orugas o neumáticos', 'Tensión, daños'],
      ['alarm', 'passFail', 'critical', 'Backup alarm and horn', '', 'Alarma de retroceso y bocina', ''],
      ['emergencyStop', 'passFail', 'critical', 'Emergency stop works', '', 'La parada de emergencia funciona', ''],
      ['fuelLevel', 'number', 'optional unit:%', 'Fuel level', '', 'Nivel de combustible', ''],
      ['comments', 'text', 'optional', 'Other comments', '', 'Otros comentarios', ''],
    ],
  },
  tools: {
    type: 'tools',
    name: ['Power tool check', 'Inspección de herramienta eléctrica'],
    items: [
      ['cord', 'passFail', 'critical', 'Cord, plug or battery', 'No cuts, exposed wires or swelling', 'Cable, enchufe o batería', 'Sin cortes, cables expuestos ni hinchazón'],
      ['guard', 'passFail', 'critical', 'Guard in place', '', 'Protección en su lugar', ''],
      ['switch', 'passFail', '', 'Switch and trigger work', '', 'Interruptor y gatillo funcionan', ''],
      ['blade', 'passFail', '', 'Blade, bit or disc condition', 'Sharp, no cracks', 'Estado de hoja, broca o disco', 'Afilado, sin grietas'],
      ['housing', 'passFail', '', 'Housing not cracked', '', 'Carcasa sin grietas', ''],
      ['comments', 'text', 'optional', 'Other comments', '', 'Otros comentarios', ''],
    ],
  },
};

/**
 * Texts a ready-made checklist had before, by language: a copy still holding one is unedited and is
 * shown in the reader's language ("Revisión" gave way to "Inspección": one word for review, issue 43).
 */
const FORMERLY: Record<string, string> = {
  'Revisión de herramienta eléctrica': 'Inspección de herramienta eléctrica',
};

type Item = {
  id: string;
  kind: Kind;
  unit?: string;
  critical?: boolean;
  required?: boolean;
  en: [label: string, help: string];
  es: [label: string, help: string];
};
type Starter = { type: Table['type']; en: string; es: string; items: Item[] };

function itemOf([id, kind, flags, en, enHelp, es, esHelp]: Row): Item {
  const words = flags.split(' ');
  const unit = words.find((w) => w.startsWith('unit:'))?.slice('unit:'.length);
  return {
    id,
    kind,
    ...(unit ? { unit } : {}),
    ...(words.includes('critical') ? { critical: true } : {}),
    ...(words.includes('optional') ? { required: false } : {}),
    en: [en, enHelp],
    es: [es, esHelp],
  };
}

export const STARTERS = Object.fromEntries(
  Object.entries(TABLE).map(([key, t]) => [
    key,
    { type: t.type, en: t.name[0], es: t.name[1], items: t.items.map(itemOf) },
  ]),
) as Record<StarterKey, Starter>;

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

/** Every ready-made text (names, labels, helps) in both languages -> its [English, Spanish] pair. */
const PAIRS = new Map<string, [string, string]>();
for (const s of Object.values(STARTERS)) {
  const pairs: [string, string][] = [[s.en, s.es]];
  for (const i of s.items) pairs.push([i.en[0], i.es[0]], [i.en[1], i.es[1]]);
  for (const pair of pairs) for (const text of pair) if (text) PAIRS.set(text, pair);
}
for (const [old, now] of Object.entries(FORMERLY)) {
  const pair = PAIRS.get(now);
  if (pair) PAIRS.set(old, pair);
}

/**
 * A text recorded from a ready-made checklist (a checklist's name, an item's label as asked) in the
 * reader's language; any other text (the company's own words, an edited label) as written.
 */
export function starterText(text: string, language: 'en' | 'es'): string {
  const pair = PAIRS.get(text);
  return pair ? pair[language === 'es' ? 1 : 0] : text;
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
    stored === en || stored === es || FORMERLY[stored] === es ? wanted : stored;
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
