// Checks that package-lock.json is one `npm ci` accepts on any machine (part of npm test's static layer):
// - every package records where it came from (resolved) and its checksum (integrity): without `resolved`,
//   npm ci asks the registry again for dependencies given as a tag (lighthouse's trace_engine wants
//   third-party-web@latest) and fails as soon as the tag has moved;
// - every optional dependency (the per-platform binaries of tailwind, rollup, esbuild, ...) has an entry:
//   npm install quietly leaves one out when the registry lacks that version, and npm ci then fails with
//   "Missing: <name>@ from lock file".
// Why and how to fix: docs/decisions/install-and-lock-file.md.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const packages = lock.packages ?? {};
const unresolved = [];
const missingOptional = [];

/** Where Node would find `name` from the package at `from` (its own node_modules, then its parents'). */
function resolveFrom(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const i = base.lastIndexOf('/node_modules/');
    base = i < 0 ? '' : base.slice(0, i);
  }
}

for (const [key, entry] of Object.entries(packages)) {
  if (key === '' || entry.link) continue;
  if (!entry.resolved || !entry.integrity) unresolved.push(key.replace(/^.*node_modules\//, ''));
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {}))
    if (!resolveFrom(key, name)) missingOptional.push(`${name}@${range} (wanted by ${key})`);
}

const problems = [];
if (missingOptional.length > 0)
  problems.push(
    `${missingOptional.length} optional dependencies have no entry (the registry may lack those versions):`,
    ...missingOptional.slice(0, 30).map((m) => `  ${m}`),
  );
if (unresolved.length > 0)
  problems.push(
    `${unresolved.length} packages have no "resolved"/"integrity" (was the lock written without this project's .npmrc?): ` +
      `${unresolved.slice(0, 5).join(', ')}${unresolved.length > 5 ? ', ...' : ''}`,
  );
if (problems.length > 0) {
  console.error(
    `package-lock.json would fail npm ci:\n${problems.join('\n')}\nSee docs/decisions/install-and-lock-file.md.`,
  );
  process.exit(1);
}
console.log(
  `package-lock.json: ${Object.keys(packages).length - 1} packages, each resolved, every optional dependency present.`,
);
