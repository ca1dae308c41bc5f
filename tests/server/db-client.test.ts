import { describe, expect, it } from 'vitest';
import { fromPostgres, withSessionOptions } from '../../server/db/client';
import { baseDatabaseUrl } from '../helpers/test-db';

describe('pooled connections', () => {
  it('run with generic plans, keeping options the connection string already had', async () => {
    const url = new URL(baseDatabaseUrl());
    url.searchParams.set('options', '-c work_mem=7MB');
    const handle = fromPostgres(url.toString(), { max: 1 });
    try {
      const { rows } = await handle.pool.query<{ mode: string; joins: string; mem: string }>(
        "select current_setting('plan_cache_mode') as mode, current_setting('join_collapse_limit') as joins, current_setting('work_mem') as mem",
      );
      expect(rows[0]).toEqual({ mode: 'force_generic_plan', joins: '4', mem: '7MB' });
    } finally {
      await handle.close();
    }
  });

  it('add the setting once to a connection string without options', () => {
    const out = new URL(withSessionOptions('postgres://app@db.example:5432/pathshala?sslmode=require'));
    expect(out.searchParams.get('options')).toBe('-c plan_cache_mode=force_generic_plan -c join_collapse_limit=4');
    expect(out.searchParams.get('sslmode')).toBe('require');
  });
});
