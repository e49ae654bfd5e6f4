import type { MessageKey, MessageText } from './catalogue';

/**
 * The message areas a program has loaded, for finding a key by its English text. Each area registers
 * itself when its module is imported (domain/messages/<area>.ts), so a screen carries the English texts
 * of the areas its own schemas use and no others: the full catalogue (catalogue.ts) is the server's.
 */
const registered = new Map<string, Readonly<Record<string, MessageText>>>();
let reverse: Map<string, MessageKey> | null = null;

export function registerMessages<const T extends Readonly<Record<string, MessageText>>>(
  area: string,
  messages: T,
): T {
  registered.set(area, messages);
  reverse = null;
  return messages;
}

/** Whether a text has a message key's shape (`<area>.<name>`): the client translates it by its key. */
export function isMessageKeyShaped(value: string): value is MessageKey {
  return /^[a-zA-Z]+\.[a-zA-Z0-9_]+$/.test(value);
}

/**
 * The key of an English text exactly as a loaded area writes it (zod messages, which carry no key).
 * Texts shared by several areas map to the first area registered.
 */
export function loadedMessageKeyOf(text: string): MessageKey | undefined {
  if (!reverse) {
    reverse = new Map();
    for (const [area, messages] of registered)
      for (const [name, t] of Object.entries(messages))
        for (const form of typeof t === 'string' ? [t] : [t.one, t.other])
          if (!reverse.has(form)) reverse.set(form, `${area}.${name}` as MessageKey);
  }
  return reverse.get(text);
}
