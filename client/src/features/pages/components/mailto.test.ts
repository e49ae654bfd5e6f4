import { describe, expect, it } from 'vitest';
import { buildMailto } from './mailto';

describe('buildMailto', () => {
  it('pre-fills subject and body, percent-encoded, with CRLF line breaks', () => {
    const href = buildMailto('support@example.com', 'Help & billing?', 'Name: Ana\nLine 2 = ok #1');
    expect(href.startsWith('mailto:support@example.com?subject=')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Help & billing?');
    expect(url.searchParams.get('body')).toBe('Name: Ana\r\nLine 2 = ok #1');
    expect(href).not.toContain('+');
  });
  it('keeps non-ASCII text (Spanish) intact', () => {
    const url = new URL(
      buildMailto('soporte@example.com', 'Pregunta sobre facturación', 'Añadir equipos'),
    );
    expect(url.searchParams.get('subject')).toBe('Pregunta sobre facturación');
    expect(url.searchParams.get('body')).toBe('Añadir equipos');
  });
});
