// npm run bench, "Documents: memory" (issue 42): 8 uploads of 20 MB at once against the built server on
// each database; its RSS before and at its highest, and how long they took. Called by scripts/bench.mjs
// (BENCH_ONLY=documents for this section alone), with bench-common.mjs's server and database helpers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { ownerWithLoader } from './built-server.mjs';
import { measureUploadMemory } from './document-memory.mjs';

export async function measureDocuments({ targets, freshDatabase, startServer }) {
  const rows = [];
  for (const kind of targets) {
    const db = await freshDatabase(kind, 'ems-bench-docs');
    if (!db) continue;
    const { child, base } = await startServer(db.env);
    try {
      const { cookie, id } = await ownerWithLoader(
        base,
        `Bench-${randomBytes(9).toString('base64url')}`,
      );
      const m = await measureUploadMemory({ base, pid: child.pid, cookie, equipmentId: id });
      console.info(`   documents (${kind}): ${JSON.stringify(m)}`);
      rows.push({ kind, ...m });
    } finally {
      child.kill('SIGTERM');
      await db.drop();
    }
  }
  const lines = [
    '## Documents: memory',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench\` (\`BENCH_ONLY=documents\` for this section alone) on this machine (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}). The built server as its own process; one warm-up upload of 2 MB, then 8 uploads of 20 MB at once over HTTP (multipart, made as they are sent), the server's RSS sampled every 50 ms (scripts/lib/document-memory.mjs; the ops test scripts/document-memory.test.ts holds the growth under 100 MB). Uploads stream into 256 KB chunks, one held per upload (docs/decisions/documents.md).`,
    '',
    '| Database | Uploads | RSS before | RSS at its highest | Growth | Time | Answers |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.uploads} × ${r.sizeMb} MB | ${r.beforeMb.toFixed(0)} MB | ${r.peakMb.toFixed(0)} MB | ${r.growthMb.toFixed(0)} MB | ${r.seconds.toFixed(1)} s | ${[...new Set(r.statuses)].join(', ')} |`,
    ),
    '',
  ];
  const file = 'docs/benchmarks.md';
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  const section = lines.join('\n');
  const re = /## Documents: memory\n[\s\S]*?(?=\n## (?!#)|$)/;
  doc = re.test(doc) ? doc.replace(re, section.trimEnd() + '\n') : doc.trimEnd() + '\n\n' + section;
  writeFileSync(file, doc.endsWith('\n') ? doc : doc + '\n');
  console.info(`\nwrote ${file} (Documents: memory)`);
}
