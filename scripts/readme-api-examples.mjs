// The curl examples of docs/api.md, run by the README smoke test (scripts/readme-steps.mjs) against a
// started server: every `curl` line of the document's sh blocks, as written, with only what a reader fills
// in put in (the owner's sign-in, the ids the earlier answers gave, a local webhook receiver), and each
// answer checked. Deletions run last (a revoked key would fail the examples after it).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './build-state.mjs';

export const API_DOC = 'docs/api.md';

/**
 * The curl commands of a markdown document's sh blocks, one per command: lines continued with a
 * backslash or inside an open quote are joined, and a trailing `# comment` is dropped.
 */
export function curlExamples(markdown) {
  const commands = [];
  for (const [, body] of markdown.matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g)) {
    let current = '';
    let joiner = '\n'; // a newline inside a quote; a space after a backslash
    for (const line of body.split('\n')) {
      current = current ? `${current}${joiner}${line}` : line;
      const { open, code } = scan(current);
      joiner = '\n';
      if (open) continue; // inside a quote: the command goes on
      if (/\\\s*$/.test(code)) {
        current = code.replace(/\\\s*$/, '');
        joiner = ' ';
        continue;
      }
      const cmd = code.trim();
      if (cmd.startsWith('curl ')) commands.push(cmd);
      current = '';
    }
  }
  return commands;
}

/** The command without its comment, and whether a quote is still open at its end. */
function scan(text) {
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1])))
      return { open: false, code: text.slice(0, i) };
  }
  return { open: quote !== null, code: text };
}

/** The method and path a curl command calls (`-X`, else POST with `-d`, else GET). */
export function requestOf(cmd) {
  const method = /-X (\w+)/.exec(cmd)?.[1] ?? (/\s-d\s/.test(cmd) ? 'POST' : 'GET');
  const url = /"?\$BASE([^\s"']*)"?/.exec(cmd)?.[1];
  assert.ok(url, `${API_DOC}: a curl example without $BASE: ${cmd}`);
  return { method, path: url.split('?')[0] };
}

/** A webhook receiver on this machine (the examples register it instead of shop.example.com). */
async function receiver() {
  const hits = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks/ems`,
    hits,
    close: () => new Promise((r) => server.close(r)),
  };
}

function runCurl(cmd, env, cwd) {
  return new Promise((resolve, reject) => {
    // The status after the body, on a line of its own.
    execFile(
      'bash',
      ['-c', `${cmd} -w '\\n%{http_code}'`],
      { env, cwd, timeout: 30_000 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`\`${cmd}\` failed: ${err.message}\n${stderr}`));
        const i = stdout.lastIndexOf('\n');
        const text = stdout.slice(0, i);
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: Number(stdout.slice(i + 1)), text, json });
      },
    );
  });
}

/**
 * Runs every curl example of docs/api.md against `base` (a server started with WEBHOOK_ALLOW_PRIVATE=1)
 * as a new owner, checking each answer. Returns how many examples ran.
 */
export async function runApiExamples(base, log) {
  const examples = curlExamples(readFileSync(path.join(ROOT, API_DOC), 'utf8'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-api-examples-'));
  const hook = await receiver();
  const owner = {
    email: `api.${Date.now().toString(36)}@example.com`,
    password: `Smoke-${Math.random().toString(36).slice(2)}-42`,
  };
  const state = {};
  const api = (method, url, body, headers = {}) =>
    fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    // A company of its own, with the machine the batch example names by serial number.
    const signup = await api('POST', '/api/auth/signup', {
      businessName: `API Examples ${Date.now().toString(36)}`,
      email: owner.email,
      password: owner.password,
    });
    assert.equal(signup.status, 201, `signup: ${await signup.text()}`);
    const cookie = signup.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const machine = await api(
      'POST',
      '/api/equipment',
      {
        name: 'CAT 320 Excavator',
        type: 'machinery',
        unit: 'hours',
        serialNumber: 'CAT-320-0042',
        currentUsage: 1230,
        serviceInterval: 250,
      },
      { cookie },
    );
    assert.equal(machine.status, 201, `the machine: ${await machine.text()}`);

    /** What each example answers, by method and path. */
    const checks = {
      'POST /api/auth/login': (r) => assert.equal(r.json?.role, 'owner'),
      'POST /api/api-keys': (r) => {
        assert.equal(r.status, 201);
        assert.match(r.json.token, /^ems_/);
        state.token = r.json.token;
        state.keyId = r.json.id;
      },
      'GET /api/api-keys': (r) => {
        const key = r.json.find((k) => k.id === state.keyId);
        assert.ok(key, 'the new key is listed');
        assert.ok(!r.text.includes(state.token), 'the token is never listed');
      },
      'GET /api/equipment': (r) => assert.ok(r.json.some((m) => m.serialNumber === 'CAT-320-0042')),
      'GET /api/maintenance/due': (r) => {
        assert.equal(r.json.within, 30);
        assert.ok(Array.isArray(r.json.items));
      },
      'POST /api/readings/batch': (r) => {
        assert.deepEqual(r.json.counts, { applied: 1, held: 0, refused: 1, duplicate: 0 });
        assert.equal(r.json.results[1].key, 'equipment.notFound');
      },
      'POST /api/webhooks': async (r) => {
        assert.equal(r.status, 201);
        assert.match(r.json.secret, /^whsec_/);
        state.hookId = r.json.id;
        // An event for the delivery log: one more reading with the key.
        const sent = await api(
          'POST',
          '/api/readings/batch',
          {
            readings: [{ serialNumber: 'CAT-320-0042', usage: 1236, at: new Date().toISOString() }],
          },
          { authorization: `Bearer ${state.token}` },
        );
        assert.equal(sent.status, 200);
      },
      'GET /api/webhooks': (r) => assert.ok(r.json.some((w) => w.id === state.hookId)),
      'GET /api/webhooks/:id/deliveries': (r) => {
        assert.equal(r.json[0]?.event, 'reading.created');
        state.deliveryId = r.json[0].id;
      },
      'POST /api/webhooks/:id/deliveries/:deliveryId/resend': async (r) => {
        assert.equal(r.json.id, state.deliveryId);
        // The receiver hears the event (the job queue sends it at once), signed.
        const until = Date.now() + 20_000;
        while (hook.hits.length === 0 && Date.now() < until)
          await new Promise((ok) => setTimeout(ok, 200));
        assert.ok(hook.hits.length > 0, 'the webhook receiver got the event');
        const signature = String(hook.hits[0].headers['webhook-signature']);
        assert.match(signature, /^t=\d+,v1=[0-9a-f]{64}$/);
      },
      'DELETE /api/webhooks/:id': (r) => assert.deepEqual(r.json, { ok: true }),
      'DELETE /api/api-keys/:id': async (r) => {
        assert.deepEqual(r.json, { ok: true });
        const after = await api('GET', '/api/equipment', undefined, {
          authorization: `Bearer ${state.token}`,
        });
        assert.equal(after.status, 401, 'a revoked key answers 401 at once');
      },
    };
    const fill = (cmd) =>
      cmd
        .replace('owner@example.com', owner.email)
        .replace('your-password', owner.password)
        .replace('https://shop.example.com/hooks/ems', hook.url)
        .replace('/api/api-keys/<id>', `/api/api-keys/${state.keyId}`)
        .replace(/\/api\/webhooks\/<id>/g, `/api/webhooks/${state.hookId}`)
        .replace('<deliveryId>', state.deliveryId);
    const env = { ...process.env, BASE: base };
    const ordered = [
      ...examples.filter((c) => requestOf(c).method !== 'DELETE'),
      ...examples.filter((c) => requestOf(c).method === 'DELETE'),
    ];
    for (const example of ordered) {
      const { method, path: p } = requestOf(example);
      const route = `${method} ${p.replace(/<(\w+)>/g, ':$1')}`;
      const check = checks[route];
      assert.ok(check, `${API_DOC}: no check for the example ${route}`);
      const res = await runCurl(fill(example), { ...env, TOKEN: state.token ?? '' }, dir);
      assert.ok(res.status >= 200 && res.status < 300, `${route}: ${res.status} ${res.text}`);
      await check(res);
      log(`  curl ${route}: ${res.status}`);
    }
    return ordered.length;
  } finally {
    await hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
