/**
 * What the import tests share (issue 44): the two number and date formats a sheet is read in, and the
 * import API's four calls for one test app. Used by modules/import/*.test.ts.
 */
import { call } from './factories';
import type { TestApp } from './helpers';

/** 1,234.5 and 11/22/2026. */
export const US = { decimal: '.', dateOrder: 'mdy' } as const;
/** 1.234,5 and 22/11/2026. */
export const ES = { decimal: ',', dateOrder: 'dmy' } as const;

/** Who asks: a signed-in user's cookie. */
type Asker = { cookie: string };

/** POST /api/import/{equipment,history}[/preview] as `o`, with the body given (its format included). */
export const importCalls = (t: TestApp) => ({
  previewEquipment: (o: Asker, body: object) =>
    call(t.app, o.cookie, 'POST', '/api/import/equipment/preview', body),
  importEquipment: (o: Asker, body: object) =>
    call(t.app, o.cookie, 'POST', '/api/import/equipment', body),
  previewHistory: (o: Asker, body: object) =>
    call(t.app, o.cookie, 'POST', '/api/import/history/preview', body),
  importHistory: (o: Asker, body: object) =>
    call(t.app, o.cookie, 'POST', '/api/import/history', body),
});
