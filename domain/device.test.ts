import { describe, expect, it } from 'vitest';
import { deviceSummary } from './device';

describe('deviceSummary', () => {
  it('names the phone and browser', () => {
    expect(
      deviceSummary(
        'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Android phone · Chrome');
    expect(
      deviceSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('iPhone · Safari');
    expect(
      deviceSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Windows · Edge');
    expect(deviceSummary('curl/8.5')).toBe('Other');
    expect(deviceSummary('')).toBeNull();
    expect(deviceSummary(undefined)).toBeNull();
  });
});
