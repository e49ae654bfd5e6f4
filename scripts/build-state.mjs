// Whether the build in dist/ was made from the sources as they are now, and building what is not.
// npm start, npm run demo and the other CLIs build only when the build is missing or its sources changed:
// each part (server, client) records a fingerprint (SHA-256 of the paths and contents of its inputs) in
// dist/build-state.json when it is built; a part whose outputs are missing or whose inputs hash differently
// is rebuilt. Contents, not modification times: a checkout that rewrites files unchanged builds nothing.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STATE_FILE = path.join(ROOT, 'dist', 'build-state.json');
/** Test files are not part of any build: changing one rebuilds nothing. */
const NOT_AN_INPUT = /\.(test|spec)\.[cm]?[jt]sx?$/;
const SHARED = ['domain', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** The parts of the build: what each is made from, what it makes, and the command that makes it. */
export const PARTS = {
  server: {
    inputs: ['server/src', 'scripts/build-server.mjs', 'scripts/lib/server-bundle.mjs', ...SHARED],
    outputs: ['main', 'admin-create', 'db-migrate', 'demo'].map((n) => `dist/server/${n}.js`),
    command: ['npm', ['run', '--silent', 'build:server']],
  },
  client: {
    inputs: ['client', 'vite.config.ts', ...SHARED],
    outputs: ['dist/client/index.html'],
    command: ['npm', ['run', '--silent', 'build:client']],
  },
};

/** The input files of a part: every file under its folders (tests left out) and its single files. */
function inputFiles(part) {
  return PARTS[part].inputs
    .flatMap((rel) => {
      const full = path.join(ROOT, rel);
      if (!existsSync(full)) return [];
      if (!statSync(full).isDirectory()) return [rel];
      return readdirSync(full, { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile() && !NOT_AN_INPUT.test(e.name))
        .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
    })
    .sort();
}

/** SHA-256 over the sorted relative paths and contents of a part's input files. */
export function fingerprint(part) {
  const hash = createHash('sha256');
  for (const file of inputFiles(part)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readState() {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return {};
  }
}

/** Records that a part was built from the sources with this fingerprint (taken before building). */
export function markBuilt(part, print) {
  const state = readState();
  state[part] = { fingerprint: print, builtAt: new Date().toISOString() };
  mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2) + '\n');
}

/** Why a part needs building, or null when its build is current. */
export function staleReason(part, print = fingerprint(part)) {
  const missing = PARTS[part].outputs.find((o) => !existsSync(path.join(ROOT, o)));
  if (missing) return `${missing} is missing`;
  const recorded = readState()[part];
  if (!recorded) return 'no record of the sources it was built from';
  if (recorded.fingerprint !== print) return 'its sources changed since the last build';
  return null;
}

/** Builds one part now and records its fingerprint. Exits the process when the build fails. */
export function buildPart(part, print = fingerprint(part)) {
  const [cmd, args] = PARTS[part].command;
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`Building the ${part} failed.`);
    process.exit(r.status ?? 1);
  }
  markBuilt(part, print);
}

/** Builds the parts whose build is missing or out of date; says what it does. */
export function ensureBuilt(parts) {
  for (const part of parts) {
    const print = fingerprint(part);
    const reason = staleReason(part, print);
    if (reason === null) {
      console.log(`The ${part} build is up to date.`);
      continue;
    }
    console.log(`Building the ${part} (${reason})…`);
    buildPart(part, print);
  }
}
