/**
 * The HEIC decoder's Worker (issue 42): a phone's photo to pixels; the pixel cap read from the header and
 * the time limit each give no pixels (the document keeps its icon) without decoding.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHeic } from './heic';

const fixture = () => {
  const b = readFileSync(new URL('../../test/fixtures/phone-64x48.heic', import.meta.url));
  return new Uint8Array(b).buffer;
};

describe('decodeHeic', () => {
  it('decodes a HEIC photo to RGBA pixels', async () => {
    const image = await decodeHeic(fixture());
    expect(image && [image.width, image.height, image.data.length]).toEqual([64, 48, 64 * 48 * 4]);
  });

  it('decodes nothing over the pixel cap, read from the header', async () => {
    expect(await decodeHeic(fixture(), { maxPixels: 64 * 48 - 1 })).toBeNull();
    expect(await decodeHeic(fixture(), { maxPixels: 64 * 48 })).not.toBeNull();
  });

  it('gives up after its time limit', async () => {
    const started = Date.now();
    expect(await decodeHeic(fixture(), { timeoutMs: 1 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers null for bytes that are no HEIC', async () => {
    expect(await decodeHeic(new Uint8Array(1000).buffer)).toBeNull();
  });
});
