import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { deviceSummary } from '@domain/device';
import en from '../locales/en/common.json';
import es from '../locales/es/common.json';
import { deviceLabel } from './device-label';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

async function tIn(lng: 'en' | 'es') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { common: en }, es: { common: es } } });
  return (key: string) => i18n.t(key);
}

describe('deviceLabel', () => {
  it("shows a stored summary's own words in the reader's language and keeps product names", async () => {
    const esT = await tIn('es');
    expect(deviceLabel(deviceSummary(ANDROID_CHROME)!, esT)).toBe('Teléfono Android · Chrome');
    expect(deviceLabel('Android tablet · Samsung Internet', esT)).toBe(
      'Tableta Android · Samsung Internet',
    );
    expect(deviceLabel(deviceSummary('curl/8.5')!, esT)).toBe('Otro dispositivo');
    expect(deviceLabel('iPhone · Safari', esT)).toBe('iPhone · Safari');
    const enT = await tIn('en');
    expect(deviceLabel(deviceSummary(ANDROID_CHROME)!, enT)).toBe('Android phone · Chrome');
    expect(deviceLabel('Other', enT)).toBe('Other device');
  });
});
