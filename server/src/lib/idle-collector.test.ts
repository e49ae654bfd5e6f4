import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullCollection, startIdleCollector, TIGHT_HEAP_GROWTH_FLAG } from './idle-collector';

describe('idle collector', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  const serve = async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
  };

  it("exposes V8's full collection, and it frees garbage", () => {
    const gc = fullCollection();
    expect(typeof gc).toBe('function');
    let garbage: unknown[] | null = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `x${i}` }));
    expect(garbage.length).toBe(200_000);
    const before = process.memoryUsage().heapUsed;
    garbage = null;
    gc!();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before);
  });

  it('collects once after a burst of requests, when the server has gone quiet, and not again without requests', async () => {
    const url = await serve();
    const collector = startIdleCollector(server!, { idleMs: 40, minRequests: 5 });
    try {
      // Fewer requests than minRequests: nothing to give back.
      for (let i = 0; i < 4; i++) await fetch(url);
      await new Promise((r) => setTimeout(r, 200));
      expect(collector.collections).toBe(0);
      for (let i = 0; i < 5; i++) await fetch(url);
      await vi.waitFor(() => expect(collector.collections).toBe(1), { timeout: 2_000 });
      await new Promise((r) => setTimeout(r, 200));
      expect(collector.collections).toBe(1);
    } finally {
      collector.stop();
    }
  });

  it("the embedded database's heap flag keeps a churning heap near its live size (a fresh process each)", () => {
    // 100,000 live objects (~25 MB), each replaced six times: the replaced ones are old-generation
    // garbage, as a burst's answers are. Prints the largest heap seen, in MB.
    const churn = `
      import v8 from 'node:v8';
      if (process.argv[1]) v8.setFlagsFromString(process.argv[1]);
      const live = new Array(100_000);
      for (let i = 0; i < live.length; i++) live[i] = { a: i, b: 'x'.repeat(100) + i, c: [i, i + 1] };
      let max = 0;
      for (let n = 0; n < 600_000; n++) {
        live[(n * 7919) % live.length] = { a: n, b: 'y'.repeat(100) + n, c: [n, n + 1] };
        if (n % 5000 === 0) max = Math.max(max, process.memoryUsage().heapTotal);
      }
      console.log(Math.round(max / 1048576));`;
    const peakMb = (...flag: string[]) =>
      Number(
        execFileSync(process.execPath, ['--input-type=module', '-e', churn, ...flag], {
          encoding: 'utf8',
        }).trim(),
      );
    const usual = peakMb();
    const tight = peakMb(TIGHT_HEAP_GROWTH_FLAG);
    // Measured: 199-216 MB by default, 101-104 MB with the flag.
    expect(tight).toBeGreaterThan(0);
    expect(tight).toBeLessThan(usual * 0.7);
  }, 60_000);
});
