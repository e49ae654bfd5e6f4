import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Rooms that fit (issue 44): a source file over 400 lines is split by job, or says at its top why it is
 * not. Tests, specs and generated migrations are exempt. The reason is the file's first comment, and it
 * starts with "Over 400 lines:".
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT = 400;
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const EXEMPT = /\.test\.tsx?$|\.spec\.ts$|\/migrations\/|\.d\.ts$/;

/** The first comment of a file (after imports are not looked at: it must come first). */
export function firstComment(text: string): string {
  const m = /^\s*(\/\*[\s\S]*?\*\/|(?:\/\/[^\n]*\n\s*)+)/.exec(text);
  return m?.[1] ?? '';
}
export const givesReason = (text: string) => /^[\s/*]*Over 400 lines: \S/m.test(firstComment(text));

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => SOURCE.test(f) && !EXEMPT.test(f) && !f.startsWith('node_modules/'));

describe('source files', () => {
  it('finds a reason only in a first comment that starts with "Over 400 lines:" (the check itself)', () => {
    expect(givesReason('// Over 400 lines: one table of every column.\nimport x from "y";\n')).toBe(
      true,
    );
    expect(givesReason('/**\n * Over 400 lines: the benchmark is one script.\n */\n')).toBe(true);
    expect(givesReason('import x from "y";\n// Over 400 lines: too late.\n')).toBe(false);
    expect(givesReason('/** A service. */\n')).toBe(false);
    expect(givesReason('// Over 400 lines:\n')).toBe(false);
  });

  it(`are at most ${LIMIT} lines, or say at their top why not`, () => {
    const long = files
      .map((f) => ({ f, text: readFileSync(path.join(ROOT, f), 'utf8') }))
      .filter(({ text }) => text.split('\n').length - 1 > LIMIT)
      .filter(({ text }) => !givesReason(text))
      .map(({ f, text }) => `${f} (${text.split('\n').length - 1} lines)`);
    expect(long).toEqual([]);
  });
});
