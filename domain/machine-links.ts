/**
 * A machine's sticker link (issue 13), plain code without zod: the operator screen and its scanner
 * read it on the first screen (page speed, docs/decisions/0007); domain/schemas/field.ts re-exports it.
 */

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
