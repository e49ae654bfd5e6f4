/**
 * What the import tests share (issue 44): the two number and date formats a sheet is read in, and the
 * import API's four calls for one test app. Used by modules/import/*.test.ts.
 */
import { call, createEquipmentViaApi, signInAgain, signupOwner } from './factories';
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

/**
 * Where the history-import tests start: an owner who added a Loader (serial SN-1, at 100 h) on
 * November 20, 2026, signed in again on the 25th (the app's clock left there).
 */
export async function ownerWithLoaderToImportInto(t: TestApp) {
  t.clock.set(new Date('2026-11-20T15:00:00Z'));
  const o = await signupOwner(t.app);
  const m = await createEquipmentViaApi(t.app, o.cookie, {
    name: 'Loader',
    serialNumber: 'SN-1',
    currentUsage: 100,
  });
  t.clock.set(new Date('2026-11-25T15:00:00Z'));
  o.cookie = await signInAgain(t.app, o);
  return { o, m };
}
