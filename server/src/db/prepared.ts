/**
 * Something built once per database handle. Mostly a prepared statement (drizzle's `.prepare(name)`):
 * drizzle builds the SQL once, and PostgreSQL parses and plans the named statement once per connection
 * instead of on every call. Also a per-process cache of one database's data (the overview's items).
 * Handles are weakly held (tests open many databases in one process).
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
