/**
 * The benchmark's district generator on a small district: the data is consistent the way the app
 * needs it (enrolments, routine, takings, marks), the summary tells the truth, a second run leaves
 * the district alone, and the district's accounts sign in and read their attendance through the API.
 */
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { fromPostgres, type DbHandle } from '@server/db/client';
import type { FastifyInstance } from 'fastify';
import { seedDistrict, type DistrictOptions, type DistrictSummary } from '../../bench/district';
import { emptyDb, freshDb } from '../helpers/test-db';

const TODAY = '2026-11-22'; // a Sunday
/** The current session (2026): made first, by the reference data. */
let CURRENT = 0;
const OPTS: DistrictOptions = { schools: 2, students: 240, days: 10, seed: 7, today: TODAY };

let handle: DbHandle;
let summary: DistrictSummary;

const rows = async <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
  (await handle.pool.query(query, params)).rows as T[];
const num = async (query: string, params: unknown[] = []) => Number(Object.values((await rows(query, params))[0])[0]);

beforeAll(async () => {
  handle = await emptyDb();
  summary = await seedDistrict(handle.url, OPTS);
  CURRENT = await num(`select id from academic_sessions where session_year = '2026'`);
}, 120_000);
afterAll(() => handle?.close());

it('loads the district and reports what it loaded', async () => {
  expect(summary.reused).toBe(false);
  expect(summary.params).toEqual({ schools: 2, students: 240, days: 10, seed: 7, today: TODAY });
  const tables: Record<string, string> = {
    schools: 'schools',
    students: 'students',
    teachers: 'teachers',
    users: 'users',
    sections: 'sections',
    routines: 'routines',
    examTypes: 'exam_types',
    exams: 'exams',
    examMarks: 'exam_marks',
    subjectRegistrations: 'subject_registrations',
    resultPublications: 'result_publications',
    notices: 'notices',
    attendanceTakings: 'attendance_takings',
    attendanceMarks: 'attendance_marks',
  };
  for (const [key, table] of Object.entries(tables)) {
    expect(summary.counts[key], key).toBe(await num(`select count(*) from ${table}`));
  }
  expect(summary.counts.enrolments).toBe(await num(`select count(*) from enrolments where session_id = ${CURRENT}`));
  expect(summary.counts.previousEnrolments).toBe(
    await num(`select count(*) from enrolments where session_id <> ${CURRENT}`),
  );
  expect(summary.counts.schools).toBe(2);
  expect(summary.counts.students).toBe(240);
  // 240 students in sections of 40; every section has six periods a day, taken on ten school days.
  expect(summary.counts.sections).toBe(6);
  expect(summary.counts.attendanceTakings).toBe(6 * 6 * 10);
  expect(summary.counts.attendanceMarks).toBe(240 * 6 * 10);
  expect(summary.counts.presentMarks).toBe(await num(`select count(*) from attendance_marks where status = 1`));
  // About nine in ten present, as in a real school.
  const share = summary.counts.presentMarks / summary.counts.attendanceMarks;
  expect(share).toBeGreaterThan(0.85);
  expect(share).toBeLessThan(0.95);
  expect(summary.sizeBytes).toBeGreaterThan(0);
});

it('enrols every student once a session, this one and the last, in a section of its own school and class', async () => {
  expect(
    await num(
      `select count(*) from enrolments e
         join sections s on s.id = e.section_id
         join academic_sessions a on a.id = e.session_id
        where s.school_id <> e.school_id or s.class_id <> e.class_id or a.session_year not in ('2025', '2026')`,
    ),
  ).toBe(0);
  for (const year of ['2025', '2026']) {
    expect(
      await num(
        `select count(*) from students st
           left join enrolments e on e.student_id = st.id
            and e.session_id = (select id from academic_sessions where session_year = $1)
          where e.id is null`,
        [year],
      ),
      year,
    ).toBe(0);
  }
  const sizes = await rows<{ n: string }>(`select count(*) as n from enrolments group by section_id, session_id`);
  expect(sizes.map((r) => Number(r.n))).toEqual(Array<number>(12).fill(40));
  // Last session: the same section and roll as now (as in the demo).
  expect(
    await num(
      `select count(*) from enrolments p join enrolments c on c.student_id = p.student_id and c.session_id = ${CURRENT}
        where p.session_id <> ${CURRENT} and (p.section_id <> c.section_id or p.class_roll_no <> c.class_roll_no)`,
    ),
  ).toBe(0);
});

it('examines every subject a section is taught: last session complete and published, this one in part', async () => {
  const previous = await num(`select id from academic_sessions where session_year = '2025'`);
  // Every subject of the routine (one optional subject a section) has the nine exam types last
  // session and the first three class tests this one; nothing else is examined.
  const perSubject = await rows<{ session_id: number; n: string }>(
    `select x.session_id, count(*) as n from exams x group by x.session_id, x.section_id, x.subject_id`,
  );
  // Six sections, each at least five subjects (a small school has few teachers), in two sessions.
  expect(perSubject.length).toBeGreaterThanOrEqual(6 * 2 * 5);
  for (const p of perSubject) expect(Number(p.n)).toBe(p.session_id === previous ? 9 : 3);
  expect(
    await num(
      `select count(*) from (select distinct section_id, subject_id from routines) r
         join subjects s on s.id = r.subject_id and not s.optional
         left join exams x on x.section_id = r.section_id and x.subject_id = r.subject_id
        where x.id is null`,
    ),
  ).toBe(0);
  expect(
    await num(
      `select count(*) from exams x where not exists
         (select 1 from routines r where r.section_id = x.section_id and r.subject_id = x.subject_id)`,
    ),
  ).toBe(0);
  // Last session: a mark for every enrolled student of every exam, a few absent from class tests only.
  const [last] = await rows<{ missing: string; stray: string; absent: string; tests: string; other_absent: string }>(
    `select count(*) filter (where m.id is null) as missing,
            (select count(*) from exam_marks m join enrolments e on e.id = m.enrolment_id join exams x on x.id = m.exam_id
              where e.section_id <> x.section_id or e.session_id <> x.session_id) as stray,
            count(*) filter (where m.absent and t.kind = 'class_test') as absent,
            count(*) filter (where t.kind = 'class_test') as tests,
            count(*) filter (where m.absent and t.kind <> 'class_test') as other_absent
       from exams x join exam_types t on t.id = x.exam_type_id
       join enrolments e on e.section_id = x.section_id and e.session_id = x.session_id
       left join exam_marks m on m.exam_id = x.id and m.enrolment_id = e.id
      where x.session_id = $1`,
    [previous],
  );
  expect({ missing: Number(last.missing), stray: Number(last.stray), otherAbsent: Number(last.other_absent) }).toEqual({
    missing: 0,
    stray: 0,
    otherAbsent: 0,
  });
  expect(Number(last.absent) / Number(last.tests)).toBeGreaterThan(0.01);
  expect(Number(last.absent) / Number(last.tests)).toBeLessThan(0.06);
  // This session: the first class test entered, the second for some exams, the third (today) not yet.
  const entered = await rows<{ sort_order: number; exams: string; with_marks: string; held: boolean }>(
    `select t.sort_order, count(*) as exams, count(*) filter (where exists (select 1 from exam_marks m where m.exam_id = x.id)) as with_marks,
            bool_and(x.exam_date < $1::date) as held
       from exams x join exam_types t on t.id = x.exam_type_id where x.session_id = ${CURRENT}
      group by t.sort_order order by t.sort_order`,
    [TODAY],
  );
  expect(entered.map((e) => e.sort_order)).toEqual([1, 2, 3]);
  expect(entered[0].with_marks).toBe(entered[0].exams);
  expect(Number(entered[1].with_marks)).toBeGreaterThan(0);
  expect(Number(entered[1].with_marks)).toBeLessThan(Number(entered[1].exams));
  expect(Number(entered[2].with_marks)).toBe(0);
  expect(entered.map((e) => e.held)).toEqual([true, true, false]);
  // Last session published and locked in every school; this one not.
  expect(
    await rows(`select school_id, session_id, published, locked from result_publications order by school_id`),
  ).toEqual([
    { school_id: 1, session_id: previous, published: true, locked: true },
    { school_id: 2, session_id: previous, published: true, locked: true },
  ]);
});

it('builds a weekly routine of six periods a school day with no teacher in two places', async () => {
  // Each section: six periods on each of its school's school days, and never on a weekly off day.
  const perSection = await rows<{ n: string; days: string; off: number[] }>(
    `select count(*) as n, count(distinct r.day_id) as days, sc.weekly_off_days as off
       from routines r join schools sc on sc.id = r.school_id
      group by r.section_id, sc.weekly_off_days`,
  );
  for (const s of perSection) {
    expect(Number(s.days)).toBe(7 - s.off.length);
    expect(Number(s.n)).toBe(6 * (7 - s.off.length));
  }
  expect(
    await num(
      `select count(*) from routines r join schools s on s.id = r.school_id where r.day_id = any(s.weekly_off_days)`,
    ),
  ).toBe(0);
  expect(
    await num(
      `select count(*) from (select 1 from routines group by teacher_id, session_id, day_id, period_id having count(*) > 1) x`,
    ),
  ).toBe(0);
  // The subject is one the section takes: its class's, and for Nine and Ten within its group.
  expect(
    await num(
      `select count(*) from routines r join subjects s on s.id = r.subject_id join sections sec on sec.id = r.section_id
        where s.class_id <> r.class_id
           or (s.group_id is not null and not exists
                (select 1 from enrolments e where e.section_id = sec.id and e.group_id = s.group_id))`,
    ),
  ).toBe(0);
});

it('takes attendance only on school days of the routine’s weekday, the last ten before today', async () => {
  expect(
    await num(
      `select count(*) from attendance_takings t
         join routines r on r.id = t.routine_id
         join schools s on s.id = t.school_id
        where extract(isodow from t.date)::int % 7 + 1 <> r.day_id
           or r.day_id = any(s.weekly_off_days)
           or t.date >= $1::date
           or t.school_id <> r.school_id`,
      [TODAY],
    ),
  ).toBe(0);
  const perSchool = await rows<{ school_id: number; days: string; first: string; off: number[] }>(
    `select t.school_id, count(distinct t.date) as days, min(t.date)::text as first, s.weekly_off_days as off
       from attendance_takings t join schools s on s.id = t.school_id group by t.school_id, s.weekly_off_days`,
  );
  expect(perSchool).toHaveLength(2);
  for (const school of perSchool) {
    expect(Number(school.days)).toBe(10);
    // No school day of the school is skipped between its first taking and today.
    const between = await num(
      `select count(*) from generate_series($1::date, $2::date - 1, interval '1 day') d
        where extract(isodow from d)::int % 7 + 1 <> all ($3::smallint[])`,
      [school.first, TODAY, school.off],
    );
    expect(between).toBe(10);
  }
  // Every routine slot of those days was taken, once.
  expect(
    await num(
      `select count(*) from routines r
         join (select distinct school_id, date from attendance_takings) d on d.school_id = r.school_id
          and extract(isodow from d.date)::int % 7 + 1 = r.day_id
         left join attendance_takings t on t.routine_id = r.id and t.date = d.date
        where t.id is null`,
    ),
  ).toBe(0);
});

it('marks exactly the students enrolled in the section of each taking', async () => {
  const missing = await num(
    `select count(*) from attendance_takings t
       join routines r on r.id = t.routine_id
       join enrolments e on e.section_id = r.section_id and e.session_id = r.session_id
       left join attendance_marks m on m.taking_id = t.id and m.enrolment_id = e.id
      where m.id is null`,
  );
  const stray = await num(
    `select count(*) from attendance_marks m
       join attendance_takings t on t.id = m.taking_id
       join routines r on r.id = t.routine_id
       join enrolments e on e.id = m.enrolment_id
      where e.section_id <> r.section_id or e.session_id <> r.session_id or m.school_id <> t.school_id
         or m.routine_id <> t.routine_id or m.date <> t.date`,
  );
  expect({ missing, stray }).toEqual({ missing: 0, stray: 0 });
});

it('fills the per-section-per-day summary from the first period of each section-day', async () => {
  expect(summary.counts.attendanceSectionDays).toBe(await num(`select count(*) from attendance_section_days`));
  // Six sections, each on its school's ten school days.
  expect(summary.counts.attendanceSectionDays).toBe(6 * 10);
  const wrong = await num(
    `select count(*) from attendance_section_days d
       join lateral (
         select t.id from attendance_takings t join routines r on r.id = t.routine_id join periods p on p.id = r.period_id
          where r.section_id = d.section_id and r.session_id = d.session_id and t.date = d.date
          order by p.serial limit 1) first on true
       join lateral (
         select count(*) filter (where status = 1) as present, count(*) filter (where status = 0) as absent
           from attendance_marks m where m.taking_id = first.id) m on true
      where d.taken_periods <> 6 or d.present <> m.present or d.absent <> m.absent or d.present + d.absent <> 40`,
  );
  expect(wrong).toBe(0);
});

it('puts back every index, key and trigger of the attendance and mark tables as the migrations made them', async () => {
  const fresh = await freshDb();
  try {
    const shape = `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d
                     from pg_constraint where conrelid::regclass::text ~ '^(attendance|exam_marks)'
                   union all
                   select indexdef from pg_indexes where tablename ~ '^(attendance|exam_marks)'
                   union all
                   select tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text from pg_trigger
                    where tgrelid::regclass::text ~ '^(attendance|exam_marks)' and not tgisinternal
                   order by 1`;
    const expected = (await fresh.pool.query<{ d: string }>(shape)).rows.map((r) => r.d);
    const actual = (await rows<{ d: string }>(shape)).map((r) => r.d);
    expect(actual).toEqual(expected);
    expect(actual.length).toBeGreaterThan(5);
  } finally {
    await fresh.close();
  }
});

it('leaves the same district alone, makes the same data from the same seed and refuses other data', async () => {
  const again = await seedDistrict(handle.url, { schools: 2, students: 240, days: 10, seed: 7 });
  expect(again.reused).toBe(true);
  expect(again.counts).toEqual(summary.counts);
  expect(await num(`select count(*) from schools`)).toBe(2);

  await expect(seedDistrict(handle.url, { ...OPTS, seed: 8 })).rejects.toThrow(/another district/);

  const twin = await emptyDb();
  try {
    await seedDistrict(twin.url, OPTS);
    const digest = `select md5(string_agg(t.routine_id || ':' || t.date || ':' || m.enrolment_id || ':' || m.status || ':' ||
                                          st.first_name || st.father_phone_number, ',' order by t.routine_id, t.date, m.enrolment_id))
                      from attendance_marks m join attendance_takings t on t.id = m.taking_id
                      join enrolments e on e.id = m.enrolment_id join students st on st.id = e.student_id`;
    const [a] = await rows<{ md5: string }>(digest);
    const [b] = (await twin.pool.query<{ md5: string }>(digest)).rows;
    expect(b.md5).toBe(a.md5);
    const marks = `select md5(string_agg(x.section_id || ':' || x.subject_id || ':' || x.exam_type_id || ':' || m.enrolment_id || ':' ||
                                         coalesce(m.marks_obtained::text, 'absent'), ',' order by m.exam_id, m.enrolment_id))
                     from exam_marks m join exams x on x.id = m.exam_id`;
    const [c] = await rows<{ md5: string }>(marks);
    expect((await twin.pool.query<{ md5: string }>(marks)).rows[0].md5).toBe(c.md5);

    // A district made by an older generator (version 1, before exams) is made again, not reused.
    const { rows: named } = await twin.pool.query<{ name: string; comment: string }>(
      `select current_database() as name, shobj_description(oid, 'pg_database') as comment
         from pg_database where datname = current_database()`,
    );
    const old = JSON.parse(named[0].comment) as { pathshala_district: Record<string, unknown> };
    delete old.pathshala_district.version;
    await twin.pool.query(`comment on database "${named[0].name}" is '${JSON.stringify(old)}'`);
    const remade = await seedDistrict(twin.url, OPTS);
    expect(remade.reused).toBe(false);
    expect(remade.counts).toEqual(summary.counts);
    expect((await seedDistrict(twin.url, OPTS)).reused).toBe(true);
  } finally {
    await twin.close();
  }

  const demo = await freshDb();
  try {
    await expect(seedDistrict(demo.url, OPTS)).rejects.toThrow(/already has schools/);
  } finally {
    await demo.close();
  }
}, 120_000);

describe('through the API', () => {
  let app: FastifyInstance;
  let api: DbHandle;
  const token = async (userCode: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { user_code: userCode, password: summary.password },
    });
    expect(res.statusCode, `${userCode}: ${res.body}`).toBe(200);
    return res.json().accessToken as string;
  };
  const get = async (as: string, url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await token(as)}` } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    api = fromPostgres(handle.url);
    app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '' }) }, api);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await api?.close();
  });

  it('shows student1 its own attendance, as recorded', async () => {
    const [range] = await rows<{ first: string; last: string }>(
      `select min(date)::text as first, max(date)::text as last from attendance_takings`,
    );
    const [own] = await rows<{ total: string; present: string }>(
      `select count(*) as total, count(*) filter (where m.status = 1) as present
         from attendance_marks m join enrolments e on e.id = m.enrolment_id
         join students s on s.id = e.student_id join users u on u.id = s.user_id where u.user_code = 'student1'`,
    );
    const q = `start_date=${range.first}&end_date=${range.last}`;
    const totals = await get('student1', `/api/attendance/student/individual/summary?${q}`);
    expect({ total: totals.total, present: totals.present }).toEqual({
      total: Number(own.total),
      present: Number(own.present),
    });
    const history = await get('student1', `/api/attendance/student/individual?${q}&limit=500`);
    expect(history).toHaveLength(Math.min(500, Number(own.total)));
  });

  it('shows admin2 every section of its school taken on the last school day, and teacher1 its week', async () => {
    const [last] = await rows<{ date: string }>(
      `select max(date)::text as date from attendance_takings where school_id = 2`,
    );
    const sections = (await get('admin2', `/api/attendance/summary/all?date=${last.date}`)) as {
      all: number;
      taken_periods: number;
      scheduled_periods: number;
    }[];
    expect(sections.length).toBe(await num(`select count(*) from sections where school_id = 2`));
    for (const s of sections) expect(s).toMatchObject({ all: 40, taken_periods: 6, scheduled_periods: 6 });

    const week = (await get('teacher1', '/api/routine/teacher')) as unknown[];
    expect(week.length).toBe(
      await num(
        `select count(*) from routines r join teachers t on t.id = r.teacher_id join users u on u.id = t.user_id
          where u.user_code = 'teacher1'`,
      ),
    );
    expect(week.length).toBeGreaterThan(0);
  });

  it("shows student1 last session's grade sheet and teacher1 a mark entry sheet of this session", async () => {
    const sessions = (await get('student1', '/api/session')) as { id: number; session_year: string }[];
    const previous = sessions.find((s) => s.session_year === '2025')!;
    const [me] = await rows<{ student_code: string; section_id: number; group_id: number | null }>(
      `select s.student_code, e.section_id, e.group_id from students s join users u on u.id = s.user_id
         join enrolments e on e.student_id = s.id and e.session_id = $1 where u.user_code = 'student1'`,
      [previous.id],
    );
    const sheet = (await get(
      'student1',
      `/api/gradesheet?student_code=${encodeURIComponent(me.student_code)}&session_id=${previous.id}`,
    )) as { published: boolean; subjects: { grade: string }[]; position: number | null; section_size: number };
    const examined = await num(
      `select count(distinct x.subject_id) from exams x join subjects s on s.id = x.subject_id
        where x.section_id = $1 and x.session_id = $2 and (s.group_id is null or s.group_id = $3)`,
      [me.section_id, previous.id, me.group_id],
    );
    expect(sheet.published).toBe(true);
    expect(sheet.section_size).toBe(40);
    expect(sheet.subjects.length).toBe(examined);
    expect(sheet.subjects.length).toBeGreaterThan(3);
    for (const s of sheet.subjects) expect(s.grade).toMatch(/^(A\+|A|A-|B|C|D|F)$/);
    expect(sheet.position).toBeGreaterThanOrEqual(1);

    const current = sessions.find((s) => s.session_year === '2026')!;
    const list = (await get('teacher1', `/api/exam_info?session_id=${current.id}&limit=1`)) as {
      rows: { id: number }[];
    };
    expect(list.rows).toHaveLength(1);
    const entry = (await get('teacher1', `/api/student_mark?exam_info_id=${list.rows[0].id}`)) as {
      locked: boolean;
      rows: { marks_obtained: unknown }[];
    };
    expect(entry.locked).toBe(false);
    expect(entry.rows).toHaveLength(40);
    expect(entry.rows.filter((r) => r.marks_obtained !== null).length).toBe(40);
  });
});
