import { z } from 'zod';
import { equipmentOptionSchema } from './equipment';

/**
 * The field app (issue 13): one machine as the operator screen shows it after a scan or a sticker's
 * link (`/m/<id>`): what the picker has, plus the last reading's time and the usual daily usage.
 */
export const fieldMachineSchema = equipmentOptionSchema.extend({
  /** When the current reading was taken (ISO). */
  lastReadingAt: z.string(),
  /** Usage per day from the machine's own readings (domain/usage-rate.ts), null when not known. */
  usualDaily: z.number().nullable(),
});
export type FieldMachine = z.infer<typeof fieldMachineSchema>;

export const fieldMachineParamsSchema = z.object({ id: z.uuid() });

/** The path a machine's sticker links to. */
export const machineLinkPath = (id: string) => `/m/${id}`;
/** The machine id in a scanned text when it is one of our links (any host), else null. */
export function machineIdOfLink(text: string): string | null {
  const m =
    /(?:^|\/)m\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:[?#].*)?$/i.exec(
      text.trim(),
    );
  return m?.[1]?.toLowerCase() ?? null;
}
