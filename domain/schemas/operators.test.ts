import { describe, expect, it } from 'vitest';
import { authMessages } from '../messages/auth';
import { operatorsMessages } from '../messages/operators';
import { companySettingsFormSchema } from './operators';

const form = companySettingsFormSchema('America/New_York');
const empty = { companyName: '', masterPassword: '', timeZone: 'America/New_York' };

describe('companySettingsFormSchema', () => {
  it('sends only what changed, a city resolved to its zone', () => {
    expect(form.parse({ ...empty, companyName: '  Acme  ', timeZone: 'Chicago' })).toEqual({
      companyName: 'Acme',
      masterPassword: undefined,
      timeZone: 'America/Chicago',
    });
  });
  it('an empty zone keeps the company’s; nothing changed is noChanges on the form', () => {
    const r = form.safeParse({ ...empty, timeZone: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['root'], message: operatorsMessages.noChanges }),
    ]);
  });
  it('a place that names no zone is refused under the field by the API schema, with the rest', () => {
    const r = form.safeParse({ ...empty, masterPassword: 'short', timeZone: 'Mars/Base' });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['timeZone'], message: authMessages.timeZone }),
      expect.objectContaining({ path: ['masterPassword'], message: operatorsMessages.passwordMin }),
    ]);
  });
  it('the API’s own password rule, under its field', () => {
    const r = form.safeParse({ ...empty, masterPassword: 'short' });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['masterPassword'], message: operatorsMessages.passwordMin }),
    ]);
  });
});
