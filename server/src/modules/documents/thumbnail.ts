import sharp from 'sharp';

/**
 * A phone-sized thumbnail (320 px on its longer side, WebP), made once when an image is uploaded (issue
 * 42), from the stored chunks read back one at a time. The image is turned by its EXIF orientation (a
 * phone's photo stands up). JPEG, PNG and WebP only: sharp's prebuilt libvips has no HEVC decoder, so a
 * HEIC photo gets no thumbnail and the card shows its icon.
 *
 * libvips needs the whole compressed image to decode it, so one thumbnail is made at a time (`queue`):
 * however many images arrive together, at most one image's bytes are held for this.
 */
export const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const SIZE = 320;

let queue: Promise<unknown> = Promise.resolve();

export function makeThumbnail(chunks: AsyncIterable<Buffer>): Promise<Buffer | null> {
  const run = queue.then(async () => {
    const pipeline = sharp({ failOn: 'none', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(SIZE, SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 });
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
  });
  queue = run.catch(() => undefined);
  return run;
}
