/**
 * The tables a piece of work reads, from the SQL its statements send through the app's pool: the
 * caches' declared dependencies (server/cache/answer-tables.ts, hot-cache.ts) are checked against
 * it.
 */
import type { TestApp } from './server';

export async function tablesRead(t: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  const pool = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = pool.query;
  const texts: string[] = [];
  pool.query = (...args: unknown[]) => {
    const q = args[0] as string | { text: string };
    texts.push(typeof q === 'string' ? q : q.text);
    return original.apply(pool, args);
  };
  try {
    await fn();
  } finally {
    pool.query = original;
  }
  const names = texts.flatMap((text) => [...text.matchAll(/\b(?:from|join)\s+"?([a-z_]+)"?/gi)].map((m) => m[1]));
  return [...new Set(names)].filter((n) => !['lateral', 'unnest', 'generate_series'].includes(n)).sort();
}
