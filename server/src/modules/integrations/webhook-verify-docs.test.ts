import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, it } from 'vitest';
import { WEBHOOK_TOLERANCE_S } from '@domain/integrations';
import type { CreatedApiKeyDto, CreatedWebhookDto } from '@domain/schemas/integrations';
import { call, createEquipmentViaApi, signupOwner } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { deliverDue } from './webhooks.service';

/**
 * Issue 41: the signature checks docs/api.md shows (Node and Python) are run as written, taken from the
 * page itself (the code block after each `<!-- tested: … -->` marker), against a body the real server
 * signed and sent to a real receiver: the right secret passes, within the 300 s tolerance only; another
 * secret, a changed body or a malformed header fails.
 */

const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' });

/** The code block that follows the marker `<!-- tested: <name> … -->` in docs/api.md. */
function snippet(name: string, lang: string): string {
  const page = readFileSync(path.resolve('docs/api.md'), 'utf8');
  const at = page.indexOf(`<!-- tested: ${name} `);
  expect(at, `docs/api.md has the marker ${name}`).toBeGreaterThan(-1);
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n```').exec(page.slice(at));
  expect(m, `a ${lang} block after ${name}`).not.toBeNull();
  return m![1]!;
}

/** Runs a program with `input` on its stdin and answers its stdout. */
function run(cmd: string, args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(cmd, args, { timeout: 30_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${cmd}: ${err.message}\n${stderr}`)) : resolve(stdout),
    );
    child.stdin!.end(input);
  });
}

/** A real event: the server signs a reading and posts it to a receiver on this machine. */
async function signedEvent() {
  const hits: { signature: string; body: string; at: number }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      hits.push({
        signature: String(req.headers['webhook-signature']),
        body,
        at: Math.floor(Date.now() / 1000),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const owner = await signupOwner(t.app);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    const hook = await call(t.app, owner.cookie, 'POST', '/api/webhooks', {
      url,
      events: ['reading.created'],
    });
    const key = await call(t.app, owner.cookie, 'POST', '/api/api-keys', {
      name: 'GPS sync',
      scopes: ['readings'],
    });
    const m = await createEquipmentViaApi(t.app, owner.cookie, { currentUsage: 100 });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/readings/batch',
      headers: { authorization: `Bearer ${key.json<CreatedApiKeyDto>().token}` },
      payload: { readings: [{ equipmentId: m.id, usage: 101, at: new Date().toISOString() }] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await deliverDue(t.deps)).toMatchObject({ delivered: 1 });
    expect(hits).toHaveLength(1);
    return { secret: hook.json<CreatedWebhookDto>().secret, ...hits[0]! };
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
}

it("docs/api.md's Node and Python signature checks pass a real event and refuse the rest", async () => {
  const e = await signedEvent();
  const t0 = Number(/^t=(\d+),/.exec(e.signature)![1]);
  // [secret, header, body, now] and what the check must say.
  const cases: [[string, string, string, number], boolean][] = [
    [[e.secret, e.signature, e.body, e.at], true],
    [[e.secret, e.signature, e.body, t0 + WEBHOOK_TOLERANCE_S - 1], true],
    [[e.secret, e.signature, e.body, t0 + WEBHOOK_TOLERANCE_S + 1], false],
    [[e.secret, e.signature, e.body, t0 - WEBHOOK_TOLERANCE_S - 1], false],
    [['whsec_not_this_one', e.signature, e.body, e.at], false],
    [[e.secret, e.signature, e.body.replace('"usage":101', '"usage":102'), e.at], false],
    [[e.secret, e.signature.replace(/,v1=.*/, ''), e.body, e.at], false],
  ];
  expect(e.body).toContain('"usage":101');
  const input = JSON.stringify(cases.map(([c]) => c));
  const expected = cases.map(([, ok]) => ok);

  const node = `${snippet('webhook-verify-node', 'js')}
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const cases = JSON.parse(input);
  console.log(JSON.stringify(cases.map(([s, h, b, now]) => verifyWebhook(s, h, b, now))));
});
`;
  const fromNode = await run(process.execPath, ['--input-type=module', '-e', node], input);
  expect(JSON.parse(fromNode)).toEqual(expected);

  const python = `${snippet('webhook-verify-python', 'python')}

import json, sys
cases = json.load(sys.stdin)
print(json.dumps([verify_webhook(s, h, b.encode(), now) for s, h, b, now in cases]))
`;
  const fromPython = await run('python3', ['-c', python], input);
  expect(JSON.parse(fromPython)).toEqual(expected);
});
