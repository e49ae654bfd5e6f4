import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullCollection, startIdleCollector } from './idle-collector';

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
});
