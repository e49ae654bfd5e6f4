import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

/** `?next=` after signing in (issue 43, defect 10): a path on this site, never anywhere else. */
describe('safeNext', () => {
  it('keeps a path on this site', () => {
    expect(safeNext('/m/0b6f5c0e-1111-4222-8333-444455556666')).toBe(
      '/m/0b6f5c0e-1111-4222-8333-444455556666',
    );
    expect(safeNext('/work-orders?equipmentId=abc#top')).toBe('/work-orders?equipmentId=abc#top');
  });

  it('refuses an absolute, protocol-relative or scripted address, and nothing at all', () => {
    for (const bad of [
      'https://evil.example/m/1',
      'http://evil.example',
      '//evil.example/m/1',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'm/1',
      '/m/1\n//evil.example',
      '/\t/evil.example',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
    ])
      expect(safeNext(bad), String(bad)).toBeNull();
  });
});
