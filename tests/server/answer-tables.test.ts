/**
 * Every cacheable read (server/cache/answer-tables.ts): the tables it reads, made as a user it
 * serves with every cache empty, are the ones declared for it, and each announces its changes to
 * every process, so no kept answer outlives a change to what it was computed from.
 */
import { sql } from 'drizzle-orm';
import { CACHED_READ_TABLES, UNANNOUNCED } from '@server/cache/answer-tables';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { tablesRead } from '../helpers/tables-read';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
/** student1's code, section and class in the latest session, and that session. */
let me: { code: string; section: number; class: number; session: number };
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = (await t.db.execute(sql`
    select s.student_code as code, e.section_id as section, e.class_id as class, e.session_id as session
      from students s join users u on u.id = s.user_id join enrolments e on e.student_id = s.id
     where u.user_code = 'student1' order by e.session_id desc limit 1`)) as unknown as { rows: (typeof me)[] };
  me = rows[0];
});
afterAll(() => t.close());

/** Each cacheable read as a user it serves, with a query that reaches data of the demo. */
const SAMPLES: Record<string, { as: string; query: () => string }> = {
  'GET /api/users/user_id': { as: 'student1', query: () => '' },
  'GET /api/guardian/children': { as: DEMO_GUARDIAN_PHONE, query: () => '' },
  'GET /api/mark': { as: 'admin1', query: () => `?student_code=${me.code}&session_id=${me.session}` },
  'GET /api/gradesheet': { as: 'admin1', query: () => `?student_code=${me.code}&session_id=${me.session}` },
  'GET /api/names/bn': { as: 'admin1', query: () => '' },
  'GET /api/attendance/student/individual': { as: 'student1', query: () => '' },
  'GET /api/attendance/student/individual/summary': { as: 'student1', query: () => '' },
  'GET /api/attendance/summary/section/today': { as: 'admin1', query: () => '?section_id=1' },
  'GET /api/attendance/summary/all': { as: 'admin1', query: () => '' },
  'GET /api/attendance/summary/school': { as: 'admin1', query: () => '' },
  'GET /api/routine/school/today/sections': { as: 'admin1', query: () => '' },
  'GET /api/routine/teacher': { as: 'teacher1', query: () => '' },
  'GET /api/routine/student': { as: 'student1', query: () => `?section_id=${me.section}&class_id=${me.class}` },
  'GET /api/routine/teacher/today': { as: 'teacher1', query: () => '' },
  'GET /api/eschool/classes': { as: 'student1', query: () => '' },
  'GET /api/activities/mine': { as: 'student1', query: () => '' },
  'GET /api/notice/creator': { as: 'teacher1', query: () => '' },
  'GET /api/notice/school': { as: 'admin1', query: () => '' },
  'GET /api/notice/student': { as: 'student1', query: () => '' },
  'GET /api/invoice/due': { as: 'student1', query: () => '' },
  'GET /api/invoice/paid': { as: 'student1', query: () => '' },
};

const cacheable = () => t.app.apiRoutes.filter((r) => r.cacheable).map((r) => `${r.method} ${r.url}`);

it('every cacheable read is declared and sampled, and nothing else is', () => {
  expect(cacheable().sort()).toEqual(Object.keys(CACHED_READ_TABLES).sort());
  expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(CACHED_READ_TABLES).sort());
});

it.each(Object.keys(SAMPLES))('%s reads exactly its declared tables', async (route) => {
  const { as, query } = SAMPLES[route];
  const url = route.replace(/^GET /, '') + query();
  const authorization = `Bearer ${await t.token(as)}`;
  t.app.hotCache.clear();
  let status = 0;
  const read = await tablesRead(t, async () => {
    status = (await t.app.inject({ url, headers: { authorization } })).statusCode;
  });
  expect(status).toBe(200);
  expect(read).toEqual([...(CACHED_READ_TABLES[route] ?? [])].sort());
});

it('every declared table announces its changes to every process, or is fixed', async () => {
  const { rows } = (await t.db.execute(sql`
    select distinct tg.tgrelid::regclass::text as name
      from pg_trigger tg join pg_proc p on p.oid = tg.tgfoid
     where not tg.tgisinternal and p.proname like 'pathshala_cache%'`)) as unknown as { rows: { name: string }[] };
  const announced = new Set(rows.map((r) => r.name));
  const declared = new Set(Object.values(CACHED_READ_TABLES).flat());
  expect([...declared].filter((name) => !announced.has(name) && !(name in UNANNOUNCED)).sort()).toEqual([]);
  // Each excuse is needed: the table is read, and has no trigger after all.
  expect(Object.keys(UNANNOUNCED).filter((name) => announced.has(name) || !declared.has(name))).toEqual([]);
});
