import { registerMessages } from './register';
import { equipmentTypes } from '../kinds';

/**
 * Messages about a request's query string (list pages, limits, filters). `{{field}}` is the parameter's
 * name; `{{min}}`, `{{max}}` and `{{values}}` come from the rule that refused it (server/src/lib/errors.ts).
 */
export const queryMessages = registerMessages('query', {
  text: '{{field}} must be text',
  number: '{{field}} must be a number',
  whole: '{{field}} must be a whole number',
  atLeast: '{{field}} must be at least {{min}}',
  notNegative: '{{field}} must be 0 or more',
  atMost: '{{field}} must be at most {{max}}',
  maxChars: '{{field}} must be at most {{max}} characters',
  oneOf: '{{field}} must be one of: {{values}}',
  matchTypes: `matchTypes must be a comma-separated list of: ${equipmentTypes.join(', ')}`,
} as const);
