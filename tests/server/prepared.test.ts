/**
 * compiledRows (server/db/prepared.ts): a prepared statement's rows mapped by a function compiled
 * once give exactly what drizzle's own mapping gives, whatever the columns' types, nulls, SQL
 * expressions with their own decoders and a subquery's columns; nested selections are left to
 * drizzle.
 */
import { eq, sql } from 'drizzle-orm';
import { compiledRows, namedRows } from '@server/db/prepared';
import { notices, schools, users } from '@server/db/schema';
import { freshDb } from '../helpers/test-db';
import type { DbHandle } from '@server/db/client';

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshDb();
});
afterAll(() => handle.close());

const flat = (db: DbHandle['db'], name: string) => {
  const sub = db
    .select({ id: users.id, code: sql<string>`upper(${users.userCode})`.as('sub_code') })
    .from(users)
    .as('sub');
  return db
    .select({
      id: notices.id,
      headline: notices.headline,
      publishingDate: notices.publishingDate,
      createdAt: notices.createdAt,
      classId: notices.classId,
      editedAt: notices.editedAt,
      count: sql<number>`(select count(*) from ${users})`.mapWith(Number),
      flag: sql<boolean>`${notices.id} % 2 = 0`,
      nothing: sql<null>`null`,
      code: sub.code,
      schoolName: schools.schoolName,
    })
    .from(notices)
    .innerJoin(sub, eq(sub.id, notices.creatorUserId))
    .leftJoin(schools, eq(schools.id, notices.schoolId))
    .orderBy(notices.id)
    .prepare(name);
};

it('maps every row as drizzle does', async () => {
  const db = handle.db;
  const theirs = await flat(db, 'prepared_test_drizzle').execute();
  const compiled = compiledRows(flat(db, 'prepared_test_compiled'));
  expect((compiled as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
  const ours = await compiled.execute();
  expect(theirs.length).toBeGreaterThan(3);
  expect(theirs.some((r) => r.classId === null)).toBe(true);
  expect(ours).toEqual(theirs);
  expect(typeof ours[0].count).toBe('number');
});

it('leaves a nested selection to drizzle (it nulls a left join’s missing table)', async () => {
  const statement = handle.db
    .select({ id: users.id, school: { id: schools.id, name: schools.schoolName } })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .orderBy(users.id)
    .prepare('prepared_test_nested');
  expect(compiledRows(statement)).toBe(statement);
  expect((statement as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
  const rows = await statement.execute();
  // A super admin belongs to no school: drizzle makes the whole object null.
  expect(rows.some((r) => r.school === null)).toBe(true);
});

describe('namedRows', () => {
  const q = (id: number) => sql`select id, user_code from users where id >= ${id} order by id limit 3`;

  it('answers what the plain statement answers, on the pool and in a transaction', async () => {
    const plain = ((await handle.db.execute(q(1))) as unknown as { rows: unknown[] }).rows;
    expect(plain.length).toBeGreaterThan(0);
    expect(await namedRows(handle.db, 'test_users_from', q(1))).toEqual(plain);
    // again, now prepared on the connection, with another value
    const later = ((await handle.db.execute(q(2))) as unknown as { rows: unknown[] }).rows;
    expect(await namedRows(handle.db, 'test_users_from', q(2))).toEqual(later);
    await handle.db.transaction(async (tx) => {
      expect(await namedRows(tx, 'test_users_from', q(1))).toEqual(plain);
    });
  });

  it('in a transaction runs on the transaction’s connection: it sees the transaction’s own writes, the pool does not', async () => {
    const count = sql`select count(*)::int as n from academic_sessions where session_year = ${'1888'}`;
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into academic_sessions (session_year) values ('1888')`);
        expect(await namedRows(tx, 'test_named_school_count', count)).toEqual([{ n: 1 }]);
        expect(await namedRows(handle.db, 'test_named_school_count', count)).toEqual([{ n: 0 }]);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
      });
    expect(await namedRows(handle.db, 'test_named_school_count', count)).toEqual([{ n: 0 }]);
  });

  it('refuses another text under a name already used', async () => {
    await expect(namedRows(handle.db, 'test_users_from', sql`select 1 as id`)).rejects.toThrow(/another text/);
  });
});
