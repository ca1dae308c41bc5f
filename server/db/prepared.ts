/**
 * Prepared statements per database handle. A hot query is built once (drizzle `.prepare(name)`,
 * values as `sql.placeholder`), so a request spends no time building SQL, and PostgreSQL parses
 * and plans it once per connection. The statement is bound to the handle it was built on, hence
 * one per handle (tests run several apps in one process).
 */
import type { Db } from './client';

export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
