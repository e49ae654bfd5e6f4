import type { MessageKey } from './catalogue';
import { registeredMessages } from './register';

/**
 * Finding a message key by its English text among the message areas a program has loaded. Each area
 * registers itself when its module is imported (domain/messages/<area>.ts, through register.ts), so a
 * screen carries the English texts of the areas its own schemas use and no others: the full catalogue
 * (catalogue.ts) is the server's.
 */
export { registerMessages } from './register';

let reverse: Map<string, MessageKey> | null = null;
let reverseOf = -1;

/** Whether a text has a message key's shape (`<area>.<name>`): the client translates it by its key. */
export function isMessageKeyShaped(value: string): value is MessageKey {
  return /^[a-zA-Z]+\.[a-zA-Z0-9_]+$/.test(value);
}

/**
 * The key of an English text exactly as a loaded area writes it (zod messages, which carry no key).
 * Texts shared by several areas map to the first area registered.
 */
export function loadedMessageKeyOf(text: string): MessageKey | undefined {
  const { areas, generation } = registeredMessages();
  if (!reverse || reverseOf !== generation) {
    reverse = new Map();
    reverseOf = generation;
    for (const [area, messages] of areas)
      for (const [name, t] of Object.entries(messages))
        for (const form of typeof t === 'string' ? [t] : [t.one, t.other])
          if (!reverse.has(form)) reverse.set(form, `${area}.${name}` as MessageKey);
  }
  return reverse.get(text);
}
