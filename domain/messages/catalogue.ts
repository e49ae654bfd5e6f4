import { authMessages } from './auth';
import { commonMessages } from './common';
import { documentsMessages } from './documents';
import { equipmentMessages } from './equipment';
import { fieldMessages } from './field';
import { fuelMessages } from './fuel';
import { importMessages } from './import';
import { inspectionsMessages } from './inspections';
import { integrationsMessages } from './integrations';
import { operatorsMessages } from './operators';
import { profileMessages } from './profile';
import { scheduleMessages } from './schedule';
import { queryMessages } from './query';
import { reportsMessages } from './reports';
import { subscriptionMessages } from './subscription';
import { workOrdersMessages } from './work-orders';
import type { MessageText } from './register';

/**
 * Every message the server can answer with, by area (docs/decisions/messages-by-key.md). A message's
 * stable key is `<area>.<name>` (e.g. `operators.meterRollback`); the English text is the spec's
 * wording and may hold `{{param}}` placeholders; a text with `one`/`other` forms is chosen by the
 * `count` parameter. The client shows `messages:<key>` of its `messages` namespace (en and es), with
 * the same parameters; a unit test fails when a key lacks a translation.
 */
export const messageCatalogue = {
  common: commonMessages,
  auth: authMessages,
  profile: profileMessages,
  equipment: equipmentMessages,
  operators: operatorsMessages,
  subscription: subscriptionMessages,
  query: queryMessages,
  field: fieldMessages,
  import: importMessages,
  inspections: inspectionsMessages,
  workOrders: workOrdersMessages,
  integrations: integrationsMessages,
  schedule: scheduleMessages,
  reports: reportsMessages,
  documents: documentsMessages,
  fuel: fuelMessages,
} as const;

type Catalogue = typeof messageCatalogue;
export type MessageArea = keyof Catalogue;
export type MessageKey = {
  [A in MessageArea]: `${A}.${Extract<keyof Catalogue[A], string>}`;
}[MessageArea];
export type MessageParams = Readonly<Record<string, string | number>>;
export type { MessageText };

const AREAS = messageCatalogue as unknown as Record<string, Record<string, MessageText>>;

/** Every key of the catalogue with its English text. */
export function allMessages(): [MessageKey, MessageText][] {
  return Object.entries(AREAS).flatMap(([area, messages]) =>
    Object.entries(messages).map(([name, text]): [MessageKey, MessageText] => [
      `${area}.${name}` as MessageKey,
      text,
    ]),
  );
}

export function isMessageKey(value: string): value is MessageKey {
  const [area, name, extra] = value.split('.');
  return extra === undefined && !!area && !!name && AREAS[area]?.[name] !== undefined;
}

const enNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * `{{name}}` placeholders filled in (numbers written the English way). An empty value leaves no double
 * space behind (a unit of "n/a" is sent as "").
 */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template
    .replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
      const v = params[name];
      if (v === undefined) return whole;
      return typeof v === 'number' ? enNumber.format(v) : v;
    })
    .replace(/ {2,}/g, ' ')
    .replace(/ ([.,;:])/g, '$1');
}

/** The English text of a message. */
export function messageText(key: MessageKey, params: MessageParams = {}): string {
  const [area, name] = key.split('.') as [string, string];
  const text = AREAS[area]?.[name];
  if (text === undefined) return key;
  const template =
    typeof text === 'string' ? text : Number(params.count) === 1 ? text.one : text.other;
  return interpolate(template, params);
}

let reverse: Map<string, MessageKey> | null = null;
/**
 * The key of an English text exactly as the catalogue writes it (zod messages, which carry no key).
 * Texts shared by several areas map to the first area's key; templates map by their template.
 */
export function messageKeyOf(text: string): MessageKey | undefined {
  if (!reverse) {
    reverse = new Map();
    for (const [key, t] of allMessages()) {
      for (const form of typeof t === 'string' ? [t] : [t.one, t.other])
        if (!reverse.has(form)) reverse.set(form, key);
    }
  }
  return reverse.get(text);
}
