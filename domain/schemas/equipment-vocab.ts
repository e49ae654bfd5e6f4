/** A machine's vocabularies (types, units, fuel, history entry types, reading kinds) and its meter's limit. */
import { z } from 'zod';
import { equipmentTypes } from '../kinds';
import { noteTypes } from '../note-types';

export { equipmentTypes };
export const equipmentTypeSchema = z.enum(equipmentTypes);
export type EquipmentType = z.infer<typeof equipmentTypeSchema>;

export const usageUnits = ['hours', 'miles', 'kilometers', 'n/a'] as const;
export const usageUnitSchema = z.enum(usageUnits);
export type UsageUnit = z.infer<typeof usageUnitSchema>;

export const equipmentFuelTypes = ['gasoline', 'diesel', 'n/a'] as const;
export const equipmentFuelTypeSchema = z.enum(equipmentFuelTypes);
export type EquipmentFuelType = z.infer<typeof equipmentFuelTypeSchema>;

/**
 * History entry types: notes, usage changes (readings), services, changes of a machine's data
 * (who, when, old and new values), retirement and restore.
 */
export { noteTypes };
export const noteTypeSchema = z.enum(noteTypes);
export type NoteType = z.infer<typeof noteTypeSchema>;

export const MAX_USAGE = 100_000_000_000;

/**
 * What a usage_update entry is: the value a machine was added with, an operator's meter reading, a
 * manager's increase, a manager's correction (edit form), or a past reading (imported, dated before
 * the machine's last reading). Voiding replays the remaining ones, past readings left out: they count
 * for the usage rate, never for the meter.
 */
export const readingKinds = ['initial', 'reading', 'increase', 'correction', 'past'] as const;
export type ReadingKind = (typeof readingKinds)[number];
