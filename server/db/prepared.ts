/**
 * Prepared statements per database handle. A hot query is built once (drizzle `.prepare(name)`,
 * values as `sql.placeholder`), so a request spends no time building SQL, and PostgreSQL parses
 * and plans it once per connection. The statement is bound to the handle it was built on, hence
 * one per handle (tests run several apps in one process). Only for reads of a fixed shape; run
 * them on the pool, not inside a transaction.
 */
import type { DbOrTx } from './client';

export function preparedFor<D extends DbOrTx, T>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
