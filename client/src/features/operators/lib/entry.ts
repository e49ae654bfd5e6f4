/** A new idempotency key for one intended submission (an update or an inspection). */
export const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Parses a decimal the way phones type it ("12,5" or "12.5"). Empty -> undefined. */
export function parseAmount(value: string): number | undefined | 'invalid' {
  const v = value.trim().replace(',', '.');
  if (v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : 'invalid';
}

/** What an operator typed on the update form, as typed. */
export type TypedEntry = {
  usage: string;
  fuel: string;
  notes: string;
  /** The fill-up's own price per unit and total cost (issue 45), as typed; blank: none. */
  price?: string;
  cost?: string;
};

/** The update as the API takes it (without the machine): only what was given. */
export type EntryBody = {
  newUsage?: number;
  fuelAdded?: number;
  notes?: string;
  price?: number;
  cost?: number;
};

/** Why the form refuses to send (each has a title and a body under `screen.`). */
export type EntryProblem = 'invalidUsage' | 'invalidFuel' | 'invalidPrice' | 'noInfo';

/**
 * The update form's own check before anything is sent or queued: usage and fuel are numbers of 0 or
 * more when given, and at least one of usage, fuel or a note is given (spec section 2).
 */
export function checkEntry(typed: TypedEntry): { body: EntryBody } | { problem: EntryProblem } {
  const newUsage = parseAmount(typed.usage);
  const fuelAdded = parseAmount(typed.fuel);
  if (newUsage === 'invalid' || (newUsage !== undefined && newUsage < 0))
    return { problem: 'invalidUsage' };
  if (fuelAdded === 'invalid' || (fuelAdded !== undefined && fuelAdded < 0))
    return { problem: 'invalidFuel' };
  const price = parseAmount(typed.price ?? '');
  const cost = parseAmount(typed.cost ?? '');
  if (price === 'invalid' || cost === 'invalid' || (price ?? 0) < 0 || (cost ?? 0) < 0)
    return { problem: 'invalidPrice' };
  const notes = typed.notes.trim();
  const withFuel = fuelAdded !== undefined && fuelAdded > 0;
  if (newUsage === undefined && !withFuel && notes === '') return { problem: 'noInfo' };
  return {
    body: {
      ...(newUsage === undefined ? {} : { newUsage }),
      ...(withFuel ? { fuelAdded } : {}),
      // A price or cost means something only with fuel.
      ...(withFuel && price !== undefined ? { price } : {}),
      ...(withFuel && cost !== undefined ? { cost } : {}),
      ...(notes ? { notes } : {}),
    },
  };
}
