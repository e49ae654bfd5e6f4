/**
 * The list kept under `key` in `map`, made on first use: rows grouped by pushing, never by copying the
 * list into a new one per row (that was quadratic in a machine's rows: docs/benchmarks.md "Reports").
 */
export function listOf<K, T>(map: Map<K, T[]>, key: K): T[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}
