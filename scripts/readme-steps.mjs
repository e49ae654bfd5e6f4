// The README smoke test's steps (run by scripts/readme-smoke.mjs, a layer of npm test), in order, on one
// fresh data directory or PostgreSQL database. Each step runs commands exactly as README.md or
// docs/deploy.md show them and checks what they promise through the HTTP API.
//
// Adding a command to a document? Add a step here that runs it (or a NOT_RUN entry saying why not):
// the smoke test fails when a document shows a command no step covers. A step is
//   { title, covers: ['npm run x', ...], only?: 'pglite' | 'postgres', run: async (ctx) => {...} }
// where ctx gives:
//   ctx.run(commandLine, { extraEnv })       run and wait; throws with the output when it exits non-zero
//   ctx.start(commandLine, { waitFor })      start a server and wait until waitFor answers 200;
//                                            returns { base, output(), ms, stop() } (stopped after the step anyway)
//   ctx.http(base)                           an HTTP client with a cookie jar: get(url), post(url, body)
//   ctx.env                                  the user's environment (DATA_DIR, and DATABASE_URL on PostgreSQL)
//   ctx.state                                what earlier steps learned (the demo's printed sign-ins)
//   ctx.db                                   'pglite' or 'postgres'
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './build-state.mjs';
import { runApiExamples } from './readme-api-examples.mjs';

/** The documents whose commands must all work. */
export const DOCUMENTS = ['README.md', 'docs/deploy.md'];

/** Commands the documents show that the smoke test does not run itself, and why. */
export const NOT_RUN = {
  'npm ci': 'CI installs with it before npm test (.ci/run), on a fresh clone',
  'npm test': 'this smoke test is one of its layers',
  'npm run build': "npm test's build layer runs it just before this test",
  'npm run typecheck': "npm test's static layer runs it",
  'npm run lint': "npm test's static layer runs it",
  'npm run format': 'it rewrites the files it formats',
  'npm run bench': 'a load benchmark: minutes long, and it rewrites docs/benchmarks.md',
  'npm run bench:web': 'a page-speed benchmark: minutes long, and it rewrites docs/benchmarks.md',
  'npm run cluster':
    "npm test's ops layer runs it (scripts/cluster.test.ts, with DATABASE_URL): HAProxy, two servers, one killed under load",
};

// ---- Helpers ----------------------------------------------------------------------------------------

/** The sign-ins npm run demo prints. */
function parseDemoOutput(output) {
  const field = (re) => {
    const m = output.match(re);
    assert.ok(m, `npm run demo did not print ${re}:\n${output}`);
    return m[1].trim();
  };
  return {
    ownerEmail: field(/email: (\S+)/),
    businessName: field(/business name: ([^)]+)\)/),
    ownerPassword: field(/^\s+password: (\S+)$/m),
    operators: field(/usernames: (.+)$/m).split(', '),
    operatorPassword: field(/shared operator password: (\S+)/),
  };
}

async function signInOwner(http, emailOrBusinessName, password) {
  const res = await http.post('/api/auth/login', { emailOrBusinessName, password });
  assert.equal(
    res.status,
    200,
    `owner sign-in as ${emailOrBusinessName}: ${res.status} ${res.text}`,
  );
  return res.json;
}

async function signInOperator(http, operatorName, password) {
  const res = await http.post('/api/employee/login', { operatorName, password });
  assert.equal(res.status, 200, `operator sign-in as ${operatorName}: ${res.status} ${res.text}`);
  assert.equal(res.json.role, 'operator');
  return res.json;
}

/** What the demo promises, seen through the API as its printed owner and operator. */
async function checkDemoSignIns(ctx, demo, fleet = 25) {
  const server = await ctx.start('npm start');
  const owner = ctx.http(server.base);
  const me = await signInOwner(owner, demo.ownerEmail, demo.ownerPassword);
  assert.equal(me.role, 'owner');
  const machines = (await owner.get('/api/equipment')).json;
  assert.ok(Array.isArray(machines), 'GET /api/equipment lists the machines');
  assert.equal(machines.length, fleet, `the demo company has ${fleet} machines`);
  for (const name of ['CAT 320 Excavator', 'Mack Granite Water Truck', 'Trailer 16ft Flatbed'])
    assert.ok(
      machines.some((m) => m.name === name),
      `${name} is among the demo machines`,
    );
  const updates = (await owner.get('/api/operator-updates')).json;
  assert.equal(
    updates.filter((u) => u.status === 'pending').length,
    3,
    '3 updates wait for review',
  );
  // Fuel fits each machine's usage and has a price (issue 45): the Fuel report flags the one machine
  // that burns 40 % more than its type, and the Costs report values every fill-up.
  const fuel = (await owner.get('/api/reports/fuel')).json;
  assert.deepEqual(
    fuel.machines.filter((m) => m.flagged).map((m) => m.name),
    ['Kubota KX040 Mini Excavator'],
    'the Fuel report flags only the leaking excavator',
  );
  const costs = (await owner.get('/api/reports/costs')).json;
  assert.ok(costs.totals.fuel > 0, `fuel has a cost: ${JSON.stringify(costs.totals)}`);
  assert.deepEqual(
    costs.machines.filter((m) => m.unpricedFillUps > 0).map((m) => m.name),
    [],
    "every fill-up is valued at the demo company's fuel prices",
  );
  // The printed business name signs in too.
  await signInOwner(ctx.http(server.base), demo.businessName, demo.ownerPassword);

  assert.equal(demo.operators.length, 4, 'the demo prints 4 operator usernames');
  const operator = ctx.http(server.base);
  await signInOperator(operator, demo.operators[0], demo.operatorPassword);
  const options = await operator.get('/api/equipment/options');
  assert.equal(options.status, 200, `the operator's machine picker: ${options.text}`);
  assert.ok(
    JSON.stringify(options.json).includes('CAT 320 Excavator'),
    "the demo machines are in the operator's picker",
  );
  return server;
}

const distMtimes = () =>
  ['dist/client/index.html', 'dist/server/main.js', 'dist/build-state.json'].map(
    (f) => statSync(path.join(ROOT, f)).mtimeMs,
  );

// ---- The steps ----------------------------------------------------------------------------------------

export const STEPS = [
  {
    title:
      'npm start (builds what is missing or out of date) serves the app on a fresh data directory',
    covers: ['npm start'],
    async run(ctx) {
      const server = await ctx.start('npm start');
      const page = await ctx.http(server.base).get('/');
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /text\/html/);
      assert.match(page.text, /<div id="root"/);
      const health = (await ctx.http(server.base).get('/api/health')).json;
      assert.deepEqual(health, { ok: true, database: ctx.db });
    },
  },
  {
    title: 'a second npm start does not rebuild and is up in seconds',
    covers: ['npm start'],
    async run(ctx) {
      const before = distMtimes();
      const server = await ctx.start('npm start');
      assert.match(server.output(), /The client build is up to date\./);
      assert.match(server.output(), /The server build is up to date\./);
      assert.deepEqual(distMtimes(), before, 'dist/ was not rewritten');
      ctx.log(`  second start answered after ${(server.ms / 1000).toFixed(1)} s`);
      assert.ok(server.ms < 60_000, `the second start took ${server.ms} ms`);
    },
  },
  {
    title:
      'npm run demo fills the database and prints sign-ins that work for the owner and an operator',
    covers: ['npm run demo'],
    async run(ctx) {
      const { output } = await ctx.run('npm run demo');
      assert.match(output, /Demo company ready/);
      assert.doesNotMatch(output, /Replaced the demo company/);
      ctx.state.demo = parseDemoOutput(output);
      await checkDemoSignIns(ctx, ctx.state.demo);
    },
  },
  {
    title: 'npm run admin:create makes a platform admin who can sign in',
    covers: ['npm run admin:create'],
    async run(ctx) {
      const email = `admin.${randomBytes(3).toString('hex')}@example.com`;
      const password = `Smoke-${randomBytes(9).toString('base64url')}`;
      const { output } = await ctx.run(
        `npm run admin:create -- --email ${email} --password '${password}'`,
      );
      assert.match(
        output,
        new RegExp(`Platform admin ${email.replace(/\./g, '\\.')} (created|updated)`),
      );
      const server = await ctx.start('npm start');
      const admin = ctx.http(server.base);
      const me = await signInOwner(admin, email, password);
      assert.equal(me.role, 'platform_admin');
      const wrong = await ctx.http(server.base).post('/api/auth/login', {
        emailOrBusinessName: email,
        password: `${password}x`,
      });
      assert.equal(wrong.status, 401, 'a wrong password is refused');
    },
  },
  {
    title:
      'npm run demo again (with chosen passwords) replaces the demo company; the old sign-ins stop working',
    covers: ['npm run demo'],
    async run(ctx) {
      const old = ctx.state.demo;
      const ownerPassword = `Owner-${randomBytes(6).toString('base64url')}`;
      const operatorPassword = `Crew-${randomBytes(6).toString('base64url')}`;
      const { output } = await ctx.run(
        `npm run demo -- --machines 27 --owner-password '${ownerPassword}' --operator-password '${operatorPassword}'`,
      );
      assert.match(output, /Replaced the demo company made \d{4}-\d{2}-\d{2}/);
      const demo = parseDemoOutput(output);
      assert.equal(
        demo.ownerPassword,
        ownerPassword,
        'the owner password given is the one printed',
      );
      assert.equal(demo.operatorPassword, operatorPassword);
      // 27 machines (25 + 2 generated), not 52: the earlier demo company was replaced, not added to.
      const server = await checkDemoSignIns(ctx, demo, 27);
      const oldOwner = await ctx.http(server.base).post('/api/auth/login', {
        emailOrBusinessName: old.ownerEmail,
        password: old.ownerPassword,
      });
      assert.equal(oldOwner.status, 401, "the earlier demo's owner password no longer works");
      const oldOperator = await ctx.http(server.base).post('/api/employee/login', {
        operatorName: old.operators[0],
        password: old.operatorPassword,
      });
      assert.equal(oldOperator.status, 401, "the earlier demo's operator password no longer works");
      ctx.state.demo = demo;
    },
  },
  {
    title: 'npm run db:migrate applies the migrations (nothing left to apply here)',
    covers: ['npm run db:migrate'],
    async run(ctx) {
      const { output } = await ctx.run('npm run db:migrate');
      assert.match(output, new RegExp(`Migrations applied \\(${ctx.db}\\)`));
    },
  },
  {
    title:
      'the curl examples of docs/api.md answer as shown (an API key made as the docs say, the batch, webhooks to a local receiver)',
    covers: [],
    async run(ctx) {
      const server = await ctx.start('npm start', { extraEnv: { WEBHOOK_ALLOW_PRIVATE: '1' } });
      const ran = await runApiExamples(server.base, ctx.log);
      assert.ok(ran >= 12, `docs/api.md shows ${ran} curl examples`);
    },
  },
  {
    title: 'the built server runs as docs/deploy.md shows (node dist/server/main.js)',
    covers: ['node dist/server/main.js'],
    async run(ctx) {
      const server = await ctx.start('node dist/server/main.js');
      await signInOwner(
        ctx.http(server.base),
        ctx.state.demo.ownerEmail,
        ctx.state.demo.ownerPassword,
      );
    },
  },
  {
    title: 'npm run db:generate finds the migrations in step with the schema',
    covers: ['npm run db:generate'],
    only: 'pglite', // it reads only the source, not the database
    async run(ctx) {
      const journal = 'server/src/db/migrations/meta/_journal.json';
      const before = readFileSync(path.join(ROOT, journal), 'utf8');
      const { output } = await ctx.run('npm run db:generate');
      const after = readFileSync(path.join(ROOT, journal), 'utf8');
      assert.equal(after, before, `npm run db:generate wrote a new migration:\n${output}`);
      assert.match(output, /No schema changes/);
    },
  },
  {
    title: 'npm run dev serves the client with hot reload and proxies /api to the API server',
    covers: ['npm run dev'],
    only: 'pglite',
    async run(ctx) {
      const apiPort = await ctx.freePort();
      const vitePort = await ctx.freePort();
      const dev = await ctx.start('npm run dev', {
        port: vitePort,
        waitFor: '/api/health',
        extraEnv: { PORT: String(apiPort), VITE_PORT: String(vitePort) },
      });
      const page = await ctx.http(dev.base).get('/');
      assert.equal(page.status, 200);
      assert.match(page.text, /@vite\/client/, 'the page comes from the Vite dev server');
      const signedIn = await ctx.http(dev.base).post('/api/auth/login', {
        emailOrBusinessName: ctx.state.demo.ownerEmail,
        password: ctx.state.demo.ownerPassword,
      });
      assert.equal(signedIn.status, 200, `sign-in through the dev server: ${signedIn.text}`);
    },
  },
  {
    title:
      'npm run backup while the server runs, then npm run restore (refused without --force, done with it) keeps the sign-ins',
    covers: ['npm run backup', 'npm run restore'],
    async run(ctx) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-smoke-backups-'));
      const server = await ctx.start('npm start');
      const made = await ctx.run(`npm run backup -- --dir ${dir} --keep 14`);
      const file = /written to (\S+) \(/.exec(made.output)?.[1];
      assert.ok(file, `npm run backup names the file it wrote:\n${made.output}`);
      if (ctx.db === 'pglite') assert.match(made.output, /taken by the running server/);
      assert.equal(statSync(file).mode & 0o777, 0o600, 'the backup file is owner-only');
      ctx.state.backupFile = file;
      await server.stop();
      // The database holds data: restore refuses it without --force, and replaces it with.
      await assert.rejects(ctx.run(`npm run restore -- ${file}`), /pass --force/);
      const restored = await ctx.run(`npm run restore -- ${file} --force`);
      assert.match(restored.output, /public\.company: [1-9]/);
      const again = await ctx.start('npm start');
      await signInOwner(
        ctx.http(again.base),
        ctx.state.demo.ownerEmail,
        ctx.state.demo.ownerPassword,
      );
    },
  },
  {
    title:
      'npm run restore into a brand-new database (new server, new data directory): the owner and an operator sign in and the operator sends a reading',
    covers: ['npm run restore', 'npm start'],
    async run(ctx) {
      const file = ctx.state.backupFile;
      assert.ok(file, 'the backup step ran first');
      // docs/deploy.md: a new PostgreSQL database (createdb), or a new DATA_DIR with the old app-secret.
      const fresh = await newDatabaseLike(ctx);
      try {
        const restored = await ctx.run(`npm run restore -- ${file}`, { extraEnv: fresh.env });
        assert.match(restored.output, /public\.company: [1-9]/);
        const server = await ctx.start('npm start', { waitFor: '/api/ready', extraEnv: fresh.env });
        const { demo } = ctx.state;
        const owner = ctx.http(server.base);
        await signInOwner(owner, demo.ownerEmail, demo.ownerPassword);
        const operator = ctx.http(server.base);
        await signInOperator(operator, demo.operators[0], demo.operatorPassword);
        const options = await operator.get('/api/equipment/options');
        assert.equal(options.status, 200, `the operator's machine picker: ${options.text}`);
        const machine = options.json.items[0];
        const sent = await operator.post('/api/operator-updates', {
          equipmentId: machine.id,
          newUsage: machine.currentUsage + 5,
          notes: 'Sent after the restore',
        });
        assert.equal(sent.status, 201, `the operator's reading: ${sent.status} ${sent.text}`);
        const updates = await owner.get('/api/operator-updates');
        assert.ok(
          updates.text.includes('Sent after the restore'),
          "the owner sees the operator's reading",
        );
        await server.stop();
      } finally {
        await fresh.cleanup();
      }
    },
  },
];

/**
 * An empty place to restore into, as a user makes one: a new PostgreSQL database on the same server
 * (dropped afterwards), or a new data directory holding a copy of the old app-secret.
 */
async function newDatabaseLike(ctx) {
  if (ctx.db === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ems-smoke-restored-'));
    copyFileSync(path.join(ctx.env.DATA_DIR, 'app-secret'), path.join(dataDir, 'app-secret'));
    return {
      env: { DATA_DIR: dataDir },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `readme_restored_${randomBytes(5).toString('hex')}`;
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: ctx.env.DATABASE_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ctx.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    cleanup: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
