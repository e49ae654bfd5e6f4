import { describe, expect, it } from 'vitest';
import { everyRecipient } from './recipients';

describe('everyRecipient', () => {
  it('reads every recipient in id order, 500 a page, the next page only once the last is handled', async () => {
    const ids = Array.from(
      { length: 1201 },
      (_, i) => `00000000-0000-0000-0000-${String(i + 1).padStart(12, '0')}`,
    );
    const reads: { after: string; limit: number }[] = [];
    const page = async (after: string, limit: number) => {
      reads.push({ after, limit });
      return ids
        .filter((id) => id > after)
        .slice(0, limit)
        .map((id) => ({ id }));
    };
    const seen: string[] = [];
    for await (const u of everyRecipient(page)) {
      seen.push(u.id);
      // Handling the first page's last recipient has not read the second page yet.
      if (seen.length === 500) expect(reads).toHaveLength(1);
    }
    expect(seen).toEqual(ids);
    expect(reads).toEqual([
      { after: '00000000-0000-0000-0000-000000000000', limit: 500 },
      { after: ids[499], limit: 500 },
      { after: ids[999], limit: 500 },
    ]);
  });

  it('reads once when there is nobody', async () => {
    let reads = 0;
    const found: unknown[] = [];
    for await (const u of everyRecipient(async () => (reads++, []))) found.push(u);
    expect(found).toEqual([]);
    expect(reads).toBe(1);
  });
});
