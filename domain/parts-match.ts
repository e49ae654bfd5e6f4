/**
 * Which catalogue part a written service part is (issue 43): the part it points at (`partId`), else
 * the catalogue part whose part number agrees with the one written, ignoring case and spaces ("of-0"
 * and "OF 0" are "OF-0"). A part that agrees with none is unmatched (written as free text: a service
 * with it draws no stock). The one rule the machine page and the Mark as Serviced dialog use; plain code
 * (no zod), for the dialog's chunk.
 */

/** A part number as it is compared: no whitespace, upper case ('' for none). */
export const partNumberKey = (n: string | null | undefined): string =>
  (n ?? '').replace(/[\t\n\v\f\r ]+/g, '').toUpperCase();

export function catalogueMatch<P extends { id: string; partNumber: string | null }>(
  written: { partId?: string | null; partNumber?: string | null },
  catalogue: readonly P[],
): P | null {
  if (written.partId) {
    const byId = catalogue.find((p) => p.id === written.partId);
    if (byId) return byId;
  }
  const key = partNumberKey(written.partNumber);
  if (!key) return null;
  return catalogue.find((p) => partNumberKey(p.partNumber) === key) ?? null;
}
