import type { Language } from './languages';
import type { TaskCategory, TaskTimeUnit } from './schedule';

/**
 * Starter programs (issue 40): typical maintenance schedules in English and Spanish, held as data, which
 * an owner copies into a normal program (POST /api/programs) and then edits. They are starting points,
 * not a manufacturer's schedule: every description says to check them against the machine's manual.
 */
export const starterKeys = [
  'excavator',
  'skidSteer',
  'pickupMiles',
  'pickupKm',
  'generator',
  'trailer',
] as const;
export type StarterProgramKey = (typeof starterKeys)[number];

/** name (en, es), category, every usage (null: by time only), every time ('12 months'), notes (en, es). */
type Row = [
  en: string,
  es: string,
  category: TaskCategory,
  everyUsage: number | null,
  everyTime: string | null,
  notesEn?: string,
  notesEs?: string,
];
type Starter = {
  /** The machines' unit the usage intervals are in. */
  unit: 'hours' | 'miles' | 'km' | null;
  name: [en: string, es: string];
  tasks: Row[];
};

const CHECK = {
  en: 'A starting point with typical intervals: check every interval against the manufacturer’s manual and your operating conditions before you rely on it.',
  es: 'Un punto de partida con intervalos típicos: compruebe cada intervalo con el manual del fabricante y sus condiciones de uso antes de confiar en él.',
} as const;

// prettier-ignore
const TABLE: Record<StarterProgramKey, Starter> = {
  excavator: {
    unit: 'hours',
    name: ['Excavators (hours)', 'Excavadoras (horas)'],
    tasks: [
      ['Engine oil and filter', 'Aceite y filtro de motor', 'service', 250, null],
      ['Fuel filters', 'Filtros de combustible', 'service', 500, null],
      ['Hydraulic return filter', 'Filtro de retorno hidráulico', 'service', 1000, null],
      ['Hydraulic oil', 'Aceite hidráulico', 'service', 2000, null],
      ['Annual inspection', 'Inspección anual', 'inspection', null, '12 months'],
    ],
  },
  skidSteer: {
    unit: 'hours',
    name: ['Skid steers (hours)', 'Minicargadoras (horas)'],
    tasks: [
      ['Engine oil and filter', 'Aceite y filtro de motor', 'service', 250, null],
      ['Fuel filter', 'Filtro de combustible', 'service', 500, null],
      ['Air filter', 'Filtro de aire', 'service', 500, null, 'Sooner in dusty work.', 'Antes en trabajos con polvo.'],
      ['Hydraulic filter', 'Filtro hidráulico', 'service', 500, null],
      ['Hydraulic oil', 'Aceite hidráulico', 'service', 1000, null],
      ['Annual inspection', 'Inspección anual', 'inspection', null, '12 months'],
    ],
  },
  pickupMiles: {
    unit: 'miles',
    name: ['Pickups and vans (miles)', 'Camionetas y furgonetas (millas)'],
    tasks: [
      ['Oil change', 'Cambio de aceite', 'service', 5000, '6 months'],
      ['Tyre rotation', 'Rotación de neumáticos', 'service', 7500, null],
      ['Engine air filter', 'Filtro de aire del motor', 'service', 15000, null],
      ['Brake inspection', 'Inspección de frenos', 'inspection', 15000, '12 months'],
      ['Registration', 'Matrícula', 'renewal', null, '1 years'],
      ['Insurance', 'Seguro', 'renewal', null, '1 years'],
    ],
  },
  pickupKm: {
    unit: 'km',
    name: ['Pickups and vans (km)', 'Camionetas y furgonetas (km)'],
    tasks: [
      ['Oil change', 'Cambio de aceite', 'service', 8000, '6 months'],
      ['Tyre rotation', 'Rotación de neumáticos', 'service', 12000, null],
      ['Engine air filter', 'Filtro de aire del motor', 'service', 24000, null],
      ['Brake inspection', 'Inspección de frenos', 'inspection', 24000, '12 months'],
      ['Registration', 'Matrícula', 'renewal', null, '1 years'],
      ['Insurance', 'Seguro', 'renewal', null, '1 years'],
    ],
  },
  generator: {
    unit: 'hours',
    name: ['Generators (hours)', 'Generadores (horas)'],
    tasks: [
      ['Engine oil and filter', 'Aceite y filtro de motor', 'service', 250, '12 months'],
      ['Fuel filter', 'Filtro de combustible', 'service', 500, null],
      ['Air filter', 'Filtro de aire', 'service', 500, null],
      ['Coolant', 'Refrigerante', 'service', 2000, '2 years'],
      ['Load test and inspection', 'Prueba de carga e inspección', 'inspection', null, '12 months'],
    ],
  },
  trailer: {
    unit: null,
    name: ['Trailers (renewals)', 'Remolques (renovaciones)'],
    tasks: [
      ['Registration', 'Matrícula', 'renewal', null, '1 years'],
      ['Insurance', 'Seguro', 'renewal', null, '1 years'],
      ['Safety inspection', 'Inspección de seguridad', 'renewal', null, '1 years', 'Lights, brakes, tyres, coupling and chains.', 'Luces, frenos, neumáticos, enganche y cadenas.'],
    ],
  },
};

export type StarterTask = {
  name: string;
  category: TaskCategory;
  everyUsage: number | null;
  everyTime: { count: number; unit: TaskTimeUnit } | null;
  notes: string | null;
};
export type StarterProgram = {
  key: StarterProgramKey;
  unit: Starter['unit'];
  name: string;
  description: string;
  tasks: StarterTask[];
};

const timeOf = (s: string | null): StarterTask['everyTime'] => {
  if (!s) return null;
  const [count, unit] = s.split(' ');
  return { count: Number(count), unit: unit as TaskTimeUnit };
};

/** A starter program in a language, shaped as the program's input (POST /api/programs). */
export function starterProgram(key: StarterProgramKey, lang: Language): StarterProgram {
  const s = TABLE[key];
  const i = lang === 'es' ? 1 : 0;
  return {
    key,
    unit: s.unit,
    name: s.name[i],
    description: CHECK[lang],
    tasks: s.tasks.map(([en, es, category, everyUsage, everyTime, notesEn, notesEs]) => ({
      name: i ? es : en,
      category,
      everyUsage,
      everyTime: timeOf(everyTime),
      notes: (i ? notesEs : notesEn) ?? null,
    })),
  };
}

/** Every starter program in a language, in the order the Programs page lists them. */
export const starterPrograms = (lang: Language): StarterProgram[] =>
  starterKeys.map((k) => starterProgram(k, lang));
