import sharp, { type Sharp } from 'sharp';
import { decodeHeic } from './heic';

/**
 * A phone-sized thumbnail (320 px on its longer side, WebP), made once when an image is uploaded (issue
 * 42), from the stored chunks read back one at a time. The image is turned by its EXIF orientation (a
 * phone's photo stands up). JPEG, PNG and WebP go straight to sharp; sharp's prebuilt libvips has no
 * HEVC decoder, so a HEIC/HEIF photo is decoded to pixels first (heic.ts, in a Worker, libheif applies
 * its rotation) and those pixels go to sharp.
 *
 * libvips (and libheif) need the whole compressed image to decode it, so one thumbnail is made at a time
 * (`queue`): however many images arrive together, at most one image's bytes are held for this.
 */
export const THUMBNAIL_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
]);
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);
const SIZE = 320;

let queue: Promise<unknown> = Promise.resolve();

const toThumbnail = (input: Sharp) =>
  input.resize(SIZE, SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 70 });

export function makeThumbnail(
  contentType: string,
  chunks: AsyncIterable<Buffer>,
): Promise<Buffer | null> {
  const run = queue.then(() =>
    HEIF_TYPES.has(contentType) ? heifThumbnail(chunks) : streamedThumbnail(chunks),
  );
  queue = run.catch(() => undefined);
  return run;
}

async function streamedThumbnail(chunks: AsyncIterable<Buffer>): Promise<Buffer | null> {
  const pipeline = toThumbnail(sharp({ failOn: 'none', limitInputPixels: 100_000_000 }).rotate());
  const out = pipeline.toBuffer();
  try {
    for await (const c of chunks) {
      if (!pipeline.write(c)) await new Promise((r) => pipeline.once('drain', r));
    }
    pipeline.end();
    return await out;
  } catch {
    pipeline.destroy();
    await out.catch(() => undefined);
    // An image its own type's decoder cannot read: stored all the same, shown with its icon.
    return null;
  }
}

async function heifThumbnail(chunks: AsyncIterable<Buffer>): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const c of chunks) {
    parts.push(c);
    size += c.length;
  }
  // One buffer of its own, moved to the decoder's Worker (not copied).
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const p of parts.splice(0)) {
    bytes.set(p, at);
    at += p.length;
  }
  const image = await decodeHeic(bytes.buffer);
  if (!image) return null;
  const { width, height, data } = image;
  return toThumbnail(sharp(data, { raw: { width, height, channels: 4 } }))
    .toBuffer()
    .catch(() => null);
}
