import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('round-trips and never stores the plain text', () => {
    const box = new SecretBox('x'.repeat(40));
    const sealed = box.encrypt('Tractor-2024!');
    expect(sealed).not.toContain('Tractor');
    expect(box.decrypt(sealed)).toBe('Tractor-2024!');
    expect(box.encrypt('Tractor-2024!')).not.toBe(sealed); // fresh IV each time
  });
  it('refuses a tampered box or another key', () => {
    const box = new SecretBox('x'.repeat(40));
    const sealed = box.encrypt('secret-value');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.decrypt(parts.join('.'))).toThrow();
    expect(() => new SecretBox('y'.repeat(40)).decrypt(sealed)).toThrow();
  });
});
