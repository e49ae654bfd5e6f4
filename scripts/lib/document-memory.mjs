// Documents (issue 42): the running server's memory while uploads stream in. Used by the ops test
// (scripts/document-memory.test.ts: 8 uploads of 20 MB at once, RSS grows < 100 MB on both databases)
// and by npm run bench (BENCH_ONLY=documents; section "Documents: memory" of docs/benchmarks.md).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const MB = 1024 * 1024;

/** The resident set size of a process, in bytes (Linux: /proc/<pid>/status VmRSS). */
export function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/**
 * One upload over HTTP whose body is made as it is sent (a PDF's signature, then random bytes, 64 KB
 * at a time): the client holds no whole file either. Resolves with the status.
 */
export function streamUpload(base, path, cookie, size, title) {
  const boundary = `----ems${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nmanual\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        method: 'POST',
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: {
          cookie,
          origin: base,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const first = Buffer.from('%PDF-1.7\n');
    const pump = () => {
      while (sent < size) {
        const piece =
          sent === 0
            ? Buffer.concat([first, randomBytes(64 * 1024 - first.length)])
            : randomBytes(Math.min(64 * 1024, size - sent));
        const chunk = piece.subarray(0, Math.min(piece.length, size - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

/**
 * The process's RSS once it has stopped moving (less than 4 MB apart over 3 s, sampled every 250 ms;
 * at most 20 s): a server just started gives back its start-up heap a few seconds later, and a
 * baseline taken before that made the growth read 80 MB lower or higher with the collector's timing.
 */
export async function settledRss(pid, { windowMs = 3000, spreadMb = 4, maxMs = 20000 } = {}) {
  const samples = [];
  const started = Date.now();
  for (;;) {
    samples.push(rssOf(pid));
    const window = samples.slice(-Math.ceil(windowMs / 250));
    const spread = (Math.max(...window) - Math.min(...window)) / MB;
    if ((window.length * 250 >= windowMs && spread < spreadMb) || Date.now() - started > maxMs)
      return samples[samples.length - 1];
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * `uploads` uploads of `size` bytes at once to a machine, after one warm-up upload: the server's RSS
 * before them, its highest while they run (sampled every 50 ms) and how long they took.
 */
export async function measureUploadMemory({
  base,
  pid,
  cookie,
  equipmentId,
  uploads = 8,
  size = 20 * MB,
}) {
  const path = `/api/equipment/${equipmentId}/documents`;
  const warm = await streamUpload(base, path, cookie, 2 * MB, 'Warm-up');
  if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.body}`);
  const before = await settledRss(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 50);
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: uploads }, (_, i) =>
      streamUpload(base, path, cookie, size, `Manual ${i}`),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rssOf(pid));
  return {
    uploads,
    sizeMb: size / MB,
    statuses: results.map((r) => r.status),
    beforeMb: before / MB,
    peakMb: peak / MB,
    growthMb: (peak - before) / MB,
    seconds,
  };
}
