/**
 * Where each message area registers itself when its module is imported (domain/messages/<area>.ts): a
 * leaf with no imports, so the areas, the catalogue (catalogue.ts) and the lookups by text (registry.ts)
 * form no import circle.
 */

type Plural = { readonly one: string; readonly other: string };
/** A message's English text: one form, or `one`/`other` forms chosen by the `count` parameter. */
export type MessageText = string | Plural;

const registered = new Map<string, Readonly<Record<string, MessageText>>>();
let generation = 0;

export function registerMessages<const T extends Readonly<Record<string, MessageText>>>(
  area: string,
  messages: T,
): T {
  registered.set(area, messages);
  generation += 1;
  return messages;
}

/** The areas loaded so far, and a number that changes whenever one more registers. */
export const registeredMessages = (): {
  areas: ReadonlyMap<string, Readonly<Record<string, MessageText>>>;
  generation: number;
} => ({ areas: registered, generation });
