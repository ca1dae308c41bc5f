/**
 * The rows of a raw statement (`db.execute(sql\`...\`)`), typed by the caller. Drizzle types
 * execute's answer as `unknown` on the database type the app uses (server/db/client.ts, `Db`),
 * so every raw read needs this one cast; it lives here instead of in each module. The caller
 * names the row shape it selected: snake_case columns as PostgreSQL returns them, no decoding
 * (numerics and bigints arrive as strings). When to write raw SQL at all: server/db/README.md.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
