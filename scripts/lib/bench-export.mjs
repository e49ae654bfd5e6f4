// npm run bench: the streamed equipment export under load (issue 43), used by the growth runs.
import { CONNECTIONS, EXPORT_SECONDS, rssOf } from './bench-common.mjs';

/**
 * A streamed export under load (issue 43): CONNECTIONS clients each downloading `url` again and again
 * for EXPORT_SECONDS, timing the first bytes of the body and the whole body, and the server's resident
 * memory sampled every 50 ms: its size before, its median and its peak over the run, and its median in
 * each 10 s (flat or growing).
 */
export async function measureExport(pid, url, headers) {
  const firstBytes = [];
  const whole = [];
  let errors = 0;
  let bytes = 0;
  const before = rssOf(pid).rssMb;
  let peakMb = before;
  const samples = [];
  const t0 = performance.now();
  const sampler = setInterval(() => {
    const mb = rssOf(pid).rssMb;
    peakMb = Math.max(peakMb, mb);
    samples.push({ at: performance.now() - t0, mb });
  }, 50);
  const until = performance.now() + EXPORT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const res = await fetch(url, { headers });
          const reader = res.body.getReader();
          let chunk = await reader.read();
          firstBytes.push(performance.now() - started);
          let size = 0;
          while (!chunk.done) {
            size += chunk.value.length;
            chunk = await reader.read();
          }
          whole.push(performance.now() - started);
          bytes = size;
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  clearInterval(sampler);
  const pct = (list, p) => {
    const sorted = [...list].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  };
  return {
    kb: Math.round(bytes / 1024),
    done: whole.length,
    errors,
    firstP50: pct(firstBytes, 0.5),
    firstP99: pct(firstBytes, 0.99),
    wholeP50: pct(whole, 0.5),
    wholeP99: pct(whole, 0.99),
    rssBeforeMb: before,
    rssMedianMb: pct(
      samples.map((x) => x.mb),
      0.5,
    ),
    rssPeakMb: peakMb,
    // The median of each 10 s of the run.
    rssEvery10s: Array.from({ length: Math.ceil((samples.at(-1)?.at ?? 0) / 10_000) }, (_, i) =>
      pct(
        samples.filter((x) => Math.floor(x.at / 10_000) === i).map((x) => x.mb),
        0.5,
      ),
    ),
  };
}
