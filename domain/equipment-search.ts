/** What the machine search looks at. */
export type SearchableMachine = { name: string; type: string; serialNumber: string | null };

/**
 * The one machine search (the Equipment List and dashboard on the server, the operator's picker on the
 * phone, also offline): part of the name, serial number or type, case-insensitive; `alsoTypes` are the
 * types whose label in the user's language contains the search ("maquinaria" finds machinery).
 * `needle` is already trimmed and lower-cased; an empty one matches every machine.
 */
export function matchesSearch(
  m: SearchableMachine,
  needle: string,
  alsoTypes: ReadonlySet<string>,
): boolean {
  if (!needle) return true;
  return (
    alsoTypes.has(m.type) ||
    [m.name, m.type, m.serialNumber ?? ''].some((v) => v.toLowerCase().includes(needle))
  );
}

/**
 * How many machines the operator's picker shows at most per search (GET /api/equipment/options), here
 * without zod for the operator screen; domain/schemas/equipment.ts re-exports it.
 */
export const EQUIPMENT_OPTIONS_SIZE = 50;
