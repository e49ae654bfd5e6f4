import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A HEIC/HEIF photo (as phones send them) decoded to RGBA pixels for its thumbnail (issue 42). sharp's
 * prebuilt libvips has no HEVC decoder, so heic-decode (libheif compiled to WebAssembly, LGPL-3.0,
 * decisions/documents.md) does it. A 12 MP photo takes seconds of one core and ~200 MB, so each image is
 * decoded in a Worker of its own (the event loop keeps serving; the decoder's memory goes with the
 * Worker), stopped after `HEIC_TIMEOUT_MS`, and a photo over `HEIC_MAX_PIXELS` (read from its header
 * before any pixel is decoded) is not decoded at all. Any failure is `null`: the document keeps its icon.
 */
export const HEIC_TIMEOUT_MS = 30_000;
export const HEIC_MAX_PIXELS = 25_000_000;

export type RawImage = { width: number; height: number; data: Buffer };

/**
 * The Worker's code: a script (no file to find next to the bundle in dist/server), handed the resolved
 * path of heic-decode. It answers `{ width, height, data }`, or `{ skipped }` above the pixel cap.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoder);
(async () => {
  const images = await decode.all({ buffer: new Uint8Array(workerData.bytes) });
  try {
    const first = images[0];
    if (first.width * first.height > workerData.maxPixels) {
      parentPort.postMessage({ skipped: true });
      return;
    }
    const { width, height, data } = await first.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch((e) => parentPort.postMessage({ error: String(e && e.message || e) }));
`;

const decoderPath = createRequire(import.meta.url).resolve('heic-decode');

type Answer =
  { width: number; height: number; data: Uint8Array } | { skipped: true } | { error: string };

/** `bytes` are handed over to the Worker (moved, not copied): the caller must not use them after. */
export function decodeHeic(
  bytes: ArrayBuffer,
  { timeoutMs = HEIC_TIMEOUT_MS, maxPixels = HEIC_MAX_PIXELS } = {},
): Promise<RawImage | null> {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { decoder: decoderPath, bytes, maxPixels },
    transferList: [bytes],
    // libheif prints why it could not read a file; the answer says it already (null).
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  let timer: NodeJS.Timeout | undefined;
  return new Promise<RawImage | null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
    worker.once('message', (m: Answer) => {
      const { width, height, data } = 'data' in m ? m : { width: 0, height: 0, data: null };
      resolve(
        data && { width, height, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) },
      );
    });
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  }).finally(() => {
    // However it ended (pixels, refusal, error, time out), the Worker and the decoder's memory go.
    clearTimeout(timer);
    void worker.terminate();
  });
}
