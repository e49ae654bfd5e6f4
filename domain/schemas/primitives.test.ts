import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonMessages } from '../messages/common';
import { hasLoneSurrogate, text } from './primitives';

/** The one text schema every request string goes through (issue 25 item 7, issue 43). */
describe('text()', () => {
  it('refuses lone surrogates with common.brokenCharacter and keeps surrogate pairs', () => {
    for (const bad of ['\ud800', 'a\ud800b', 'x\udfff', '\udc00\ud800', 'end\udbff']) {
      const r = text().safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(commonMessages.brokenCharacter);
    }
    expect(text().parse('Loader 🚜 \ud83d\ude9c')).toBe('Loader 🚜 🚜');
  });

  it('fuzz: accepts exactly the strings UTF-8 can hold without control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        const r = text().safeParse(s);
        const roundTrips = Buffer.from(s, 'utf8').toString('utf8') === s;
        expect(hasLoneSurrogate(s)).toBe(!roundTrips);
        if (r.success) expect(roundTrips).toBe(true);
        else
          expect([commonMessages.brokenCharacter, commonMessages.controlChars]).toContain(
            r.error.issues[0]?.message,
          );
      }),
      { numRuns: 500 },
    );
    // 500 runs take well under a second on an idle machine; the limit only guards a hang.
  }, 30_000);
});
