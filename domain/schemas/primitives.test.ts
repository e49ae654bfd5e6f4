import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonMessages } from '../messages/common';
import { fieldMessages } from '../messages/field';
import { fieldPhotoInputSchema, PHOTO_MAX_BYTES } from './field';
import { hasLoneSurrogate, isBase64, text } from './primitives';

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

/** Photos come as base64 in JSON (field and inspection photos): checked in one pass, never a 500. */
describe('isBase64', () => {
  it('takes the standard alphabet with at most two "=" at its end, as Buffer writes it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        expect(isBase64(Buffer.from(bytes).toString('base64'))).toBe(true);
      }),
    );
    for (const bad of ['', '=', '==', 'QQ===', 'Q=Q=', 'QUJD*', 'QU JD', 'QUJD\n', '-_-_'])
      expect(isBase64(bad), JSON.stringify(bad)).toBe(false);
  });

  it('answers for a photo of 4 MB of text, valid or too large, with the photo messages', () => {
    const max = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;
    const atMost = Buffer.alloc(PHOTO_MAX_BYTES, 7).toString('base64');
    const over = `${atMost}AAAA`;
    // Many times in one process: the old pattern threw RangeError here in a long-lived process.
    for (let i = 0; i < 20; i++) {
      expect(fieldPhotoInputSchema.safeParse({ updateKey: 'k', data: atMost }).success).toBe(true);
      const big = fieldPhotoInputSchema.safeParse({ updateKey: 'k', data: over });
      expect(big.error?.issues.map((x) => x.message)).toEqual([fieldMessages.photoTooLarge]);
      const bad = fieldPhotoInputSchema.safeParse({
        updateKey: 'k',
        data: `${atMost.slice(0, max - 4)}AA*=`,
      });
      expect(bad.error?.issues.map((x) => x.message)).toEqual([fieldMessages.photoType]);
    }
  });
});
