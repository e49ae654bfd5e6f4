/**
 * A prepared statement built once per database handle (drizzle's `.prepare(name)`): drizzle builds the
 * SQL once, and PostgreSQL parses and plans the named statement once per connection instead of on
 * every call. Handles are weakly held (tests open many databases in one process).
 */
export function preparedPerDb<D extends object, T>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
