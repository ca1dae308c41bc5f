/**
 * The process's caches (server/cache/hot-cache.ts): a warm read is one round trip, and a repeated
 * one none (server/cache/responses.ts); a change to
 * what is cached (school settings, an academic session, a teacher record) is seen by the next
 * request; and when the listener's connection is lost the caches are bypassed, so nothing stale is
 * served, until it reconnects.
 */
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { acceptsGzip } from '@server/cache/responses';
import { ROUTINE_LABELS_TABLES, SECTION_RESULTS_TABLES } from '@server/cache/hot-cache';
import { routineLabelsOf } from '@server/services/attendance';
import { sectionSheets } from '@server/services/exams';
import { authSessions, calendarEntries, schools, users } from '@server/db/schema';
import { hashToken } from '@server/auth/sessions';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { tablesRead } from '../helpers/tables-read';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';
import { adminQuery } from '../helpers/test-db';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Statements the app's pool runs while `fn` does. */
async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
  const pool = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = pool.query;
  let n = 0;
  pool.query = (...args: unknown[]) => {
    n += 1;
    return original.apply(pool, args);
  };
  try {
    await fn();
  } finally {
    pool.query = original;
  }
  return n;
}

const auth = async (who: string) => ({ authorization: `Bearer ${await t.token(who)}` });

/** A new session of its own (the helper's tokens are shared by the tests). */
async function signIn(userCode: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { user_code: userCode, password: DEMO_PASSWORD },
  });
  return res.json().accessToken as string;
}

const until = async (test: () => boolean, ms = 10_000) => {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('warm reads', () => {
  it.each([
    ['student1', '/api/users/user_id'],
    ['student1', '/api/notice/student'],
    ['teacher1', '/api/routine/teacher'],
    ['teacher1', '/api/routine/teacher/today'],
    ['admin1', '/api/notice/school'],
    ['teacher1', '/api/notice/creator'],
    // The school's calendar holidays come from the cache too.
    ['admin1', '/api/attendance/summary/school'],
    ['student1', '/api/attendance/student/individual'],
  ])('%s %s costs one statement once reference data are cached, and none repeated', async (who, url) => {
    expect((await t.get(who, url)).statusCode).toBe(200);
    await t.app.hotCache.sync();
    const read = async () => {
      const res = await t.app.inject({ url, headers: await auth(who) });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    // The answers go; the reference data (sessions, clocks, holidays, a history's routine labels) stay.
    t.app.hotCache.responses.clear();
    let first = '';
    expect(await queriesDuring(async () => (first = await read()))).toBe(1);
    let again = '';
    expect(await queriesDuring(async () => (again = await read()))).toBe(0);
    expect(again).toBe(first);
  });
});

describe('a history’s routine labels', () => {
  it('are kept per school, and a teacher renamed in SQL is shown renamed at once', async () => {
    const url = '/api/attendance/student/individual?limit=5';
    const headers = await auth('student1');
    const read = async () => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      return res.json() as { routine_id: number; teacher_name: string }[];
    };
    const [row] = await read();
    expect(row).toBeDefined();
    const { rows } = (await t.db.execute(
      sql`select teacher_id, t.first_name from routines r join teachers t on t.id = r.teacher_id where r.id = ${row.routine_id}`,
    )) as unknown as { rows: { teacher_id: number; first_name: string }[] };
    const { teacher_id: teacherId, first_name: firstName } = rows[0];
    // A school's change drops its labels with its answers: the next read looks them up again.
    t.app.hotCache.dropSchools([1]);
    expect(await queriesDuring(read)).toBe(2);
    t.app.hotCache.responses.clear();
    expect(await queriesDuring(read)).toBe(1);
    try {
      await t.db.execute(sql`update teachers set first_name = 'Renamed' where id = ${teacherId}`);
      await t.app.hotCache.sync();
      const renamed = (await read()).find((r) => r.routine_id === row.routine_id)!;
      expect(renamed.teacher_name).toContain('Renamed');
      expect(renamed.teacher_name).not.toBe(row.teacher_name);
    } finally {
      await t.db.execute(sql`update teachers set first_name = ${firstName} where id = ${teacherId}`);
      await t.app.hotCache.sync();
    }
  });
});

describe('a section’s school', () => {
  it('is remembered, so a section’s read costs one statement, and a move to another school in SQL is seen at once', async () => {
    const inserted = await t.db.execute(sql`
      insert into sections (school_id, class_id, shift_id, section_default_name)
      select s.school_id, s.class_id, s.shift_id, 'Cache test section' from sections s where s.school_id = 1 limit 1
      returning id`);
    const { id } = (inserted as unknown as { rows: { id: number }[] }).rows[0];
    const url = `/api/attendance/summary/section/today?section_id=${id}`;
    expect((await t.get('admin1', url)).statusCode).toBe(200);
    expect((await t.get('admin2', url)).statusCode).toBe(403);
    // Answers dropped, reference data kept: the section's school comes from memory.
    t.app.hotCache.responses.clear();
    const headers = await auth('admin1');
    expect(await queriesDuring(async () => expect((await t.app.inject({ url, headers })).statusCode).toBe(200))).toBe(
      1,
    );
    // Not through a route: only the database's notification can tell the process.
    await t.db.execute(sql`update sections set school_id = 2 where id = ${id}`);
    await t.app.hotCache.sync();
    expect((await t.app.inject({ url, headers })).statusCode).toBe(403);
    expect((await t.get('admin2', url)).statusCode).toBe(200);
    await t.db.execute(sql`delete from sections where id = ${id}`);
    await t.app.hotCache.sync();
    expect((await t.get('admin2', url)).statusCode).toBe(404);
  });
});

describe('cached answers', () => {
  const headline = 'Cached answers test: sports day moved';

  it('a write through the API is in its author’s next read, and in a reader’s', async () => {
    const before = (await t.get('admin1', '/api/notice/school?type=2')).json();
    const beforeStudent = (await t.get('student1', '/api/notice/student?type=2')).json();
    expect(before.rows.some((n: { notice_headline: string }) => n.notice_headline === headline)).toBe(false);
    const { school_info_id, session_id, publishing_date } = before.rows[0];
    const created = await t.post('admin1', '/api/notice', {
      id: '',
      school_info_id,
      session_id,
      class_id: 0,
      section_id: 0,
      students: [],
      headline,
      description: 'To Thursday.',
      date: publishing_date,
      uid: 'admin1',
      type: 2,
    });
    expect(created.statusCode, created.body).toBe(200);
    // The author's next read, at once (no waiting for the notification).
    const after = await t.app.inject({ url: '/api/notice/school?type=2', headers: await auth('admin1') });
    expect(after.json().total).toBe(before.total + 1);
    await t.app.hotCache.sync();
    const student = (await t.get('student1', '/api/notice/student?type=2')).json();
    expect(student.total).toBe(beforeStudent.total + 1);
  });

  it('a change made in the database by anyone drops the school’s answers', async () => {
    const url = '/api/notice/school?type=2';
    const page = (await t.get('admin1', url)).json();
    const id = page.rows[0].id;
    // Not through a route: only the database's notification can tell the process.
    await t.db.execute(sql`update notices set headline = 'Changed in psql' where id = ${id}`);
    await t.app.hotCache.sync();
    expect((await t.get('admin1', url)).json().rows[0].notice_headline).toBe('Changed in psql');
  });

  it('a student’s dues and online classes are kept, and a change in the database is the next read’s', async () => {
    const due = async () => (await t.get('student1', '/api/invoice/due')).json();
    const first = await due();
    expect(first.rows.length).toBeGreaterThan(0);
    await t.app.hotCache.sync();
    // Kept: the repeated read runs no statement for its answer (the session is cached too).
    expect(
      await queriesDuring(async () =>
        expect((await t.app.inject({ url: '/api/invoice/due', headers: await auth('student1') })).statusCode).toBe(200),
      ),
    ).toBe(0);
    const invoice = first.rows[0] as { id: number; amount: string };
    await t.db.execute(sql`update invoices set amount_poisha = amount_poisha + 100 where id = ${invoice.id}`);
    try {
      await t.app.hotCache.sync();
      const after = (await due()).rows.find((r: { id: number }) => r.id === invoice.id);
      expect(Number(after.amount)).toBeCloseTo(Number(invoice.amount) + 1, 2);
    } finally {
      await t.db.execute(sql`update invoices set amount_poisha = amount_poisha - 100 where id = ${invoice.id}`);
    }
    const classes = async () => (await t.get('student1', '/api/eschool/classes')).json();
    const before = await classes();
    expect(before.total).toBeGreaterThan(0);
    const id = before.rows[0].id as number;
    await t.db.execute(sql`update online_classes set topic = 'Changed in psql' where id = ${id}`);
    await t.app.hotCache.sync();
    expect((await classes()).rows.find((r: { id: number }) => r.id === id).topic).toBe('Changed in psql');
  });

  it('a guardian’s answers are kept, and a child unlinked in the database is gone from them at once', async () => {
    const G = DEMO_GUARDIAN_PHONE;
    const children = (await t.get(G, '/api/guardian/children')).json() as { student_id: number }[];
    expect(children.length).toBe(2);
    const child = children[0].student_id;
    const dueUrl = `/api/invoice/due?student_id=${child}`;
    expect((await t.get(G, dueUrl)).statusCode).toBe(200);
    await t.app.hotCache.sync();
    const headers = await auth(G);
    expect(
      await queriesDuring(async () => {
        expect((await t.app.inject({ url: '/api/guardian/children', headers })).statusCode).toBe(200);
        expect((await t.app.inject({ url: dueUrl, headers })).statusCode).toBe(200);
      }),
    ).toBe(0);
    // Unlinked by someone else (not through this process): the kept answers must not outlive the link.
    await t.db.execute(
      sql`delete from guardian_students where student_id = ${child} and guardian_id =
            (select id from guardians where phone = ${G})`,
    );
    try {
      await t.app.hotCache.sync();
      expect((await t.get(G, '/api/guardian/children')).json()).toHaveLength(1);
      const refused = await t.get(G, dueUrl);
      expect(refused.statusCode).toBe(403);
    } finally {
      await t.db.execute(
        sql`insert into guardian_students (guardian_id, student_id, school_id, relation)
            select g.id, s.id, s.school_id, 'father' from guardians g, students s
             where g.phone = ${G} and s.id = ${child}`,
      );
    }
    await t.app.hotCache.sync();
    expect((await t.get(G, '/api/guardian/children')).json()).toHaveLength(2);
  });

  it('a large kept answer goes gzipped to a client that takes gzip, the same bytes once unpacked', async () => {
    const url = `/api/attendance/student/individual?start_date=${schoolToday().year}-01-01&limit=50`;
    const plain = await t.get('student1', url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body.length).toBeGreaterThan(1024);
    await t.app.hotCache.sync();
    const headers = { ...(await auth('student1')), 'accept-encoding': 'gzip, deflate, br' };
    const packed = await t.app.inject({ url, headers });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toBe('accept-encoding');
    expect(packed.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(packed.rawPayload).toString()).toBe(plain.body);
    // Not to a client that refuses it, nor without asking.
    const refused = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip;q=0, *' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    expect((await t.get('student1', url)).headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding as HTTP does', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('a section’s computed results are shared by its grade sheets and go with any change to its marks', async () => {
    const me = (await t.get('student1', '/api/users/user_id')).json() as { student_code: string };
    const years = (await t.get('student1', '/api/session')).json() as { id: number; current: boolean }[];
    const last = years[years.findIndex((y) => y.current) - 1];
    const url = (extra: string) =>
      `/api/gradesheet?student_code=${encodeURIComponent(me.student_code)}&session_id=${last.id}${extra}`;
    const first = await t.get('student1', url(''));
    expect(first.statusCode, first.body).toBe(200);
    await t.app.hotCache.sync();
    expect(t.app.hotCache.sectionResults.size).toBeGreaterThan(0);
    // Another URL (not the kept answer): the section's results come from memory, the same sheet.
    const again = await t.get('student1', url('&nocache=1'));
    expect(again.json()).toEqual(first.json());
    // A mark changed in the database: the results are computed anew.
    const [{ id, marks }] = (
      (await t.db.execute(sql`
        select m.id, m.marks_obtained::float as marks from exam_marks m
          join enrolments e on e.id = m.enrolment_id join students s on s.id = e.student_id
         where s.student_code = ${me.student_code} and m.session_id = ${last.id} and m.marks_obtained > 1
         order by m.id limit 1`)) as unknown as { rows: { id: number; marks: number }[] }
    ).rows;
    await t.db.execute(sql`update exam_marks set marks_obtained = marks_obtained - 1 where id = ${id}`);
    try {
      await t.app.hotCache.sync();
      const after = await t.get('student1', url('&nocache=2'));
      expect(after.json().total_marks).not.toEqual(first.json().total_marks);
    } finally {
      await t.db.execute(sql`update exam_marks set marks_obtained = ${marks} where id = ${id}`);
    }
  });

  it('is not kept for viewers, whose answers span schools', async () => {
    const url = '/api/notice/school?type=2&school_info_id=1';
    expect((await t.get('viewer1', url)).statusCode).toBe(200);
    await t.app.hotCache.sync();
    expect(
      await queriesDuring(async () =>
        expect((await t.app.inject({ url, headers: await auth('viewer1') })).statusCode).toBe(200),
      ),
    ).toBeGreaterThan(0);
  });
});

describe('changes reach the cache', () => {
  it('a school’s new time zone is the next profile’s and the next clock’s', async () => {
    expect((await t.get('teacher1', '/api/users/user_id')).json().time_zone).toBe('Asia/Dhaka');
    const [{ schoolId }] = await t.db
      .select({ schoolId: users.schoolId })
      .from(users)
      .where(eq(users.userCode, 'teacher1'));
    await t.db.update(schools).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(schools.id, schoolId!));
    try {
      await t.app.hotCache.sync();
      expect(t.app.hotCache.schools.get(schoolId!)).toBeUndefined();
      expect((await t.get('teacher1', '/api/users/user_id')).json().time_zone).toBe('Pacific/Kiritimati');
    } finally {
      await t.db.update(schools).set({ timeZone: 'Asia/Dhaka' }).where(eq(schools.id, schoolId!));
    }
  });
});

describe('a school’s calendar reaches the cache', () => {
  it('a holiday added or removed is the next attendance read’s', async () => {
    const [{ schoolId }] = await t.db
      .select({ schoolId: users.schoolId })
      .from(users)
      .where(eq(users.userCode, 'admin1'));
    const date = '2026-06-30';
    const summary = async () => (await t.get('admin1', `/api/attendance/summary/school?date=${date}`)).json();
    expect((await summary()).holiday).toBeNull();
    expect(t.app.hotCache.holidays.get(schoolId!)).toBeDefined();
    const session = (await t.get('admin1', '/api/session')).json()[0].id as number;
    const [entry] = await t.db
      .insert(calendarEntries)
      .values({
        schoolId: schoolId!,
        sessionId: session,
        type: 'holiday',
        topics: 'Cache test',
        startDate: date,
        endDate: date,
      })
      .returning({ id: calendarEntries.id });
    try {
      await t.app.hotCache.sync();
      expect(t.app.hotCache.holidays.get(schoolId!)).toBeUndefined();
      expect((await summary()).holiday).toBe('Cache test');
    } finally {
      await t.db.delete(calendarEntries).where(eq(calendarEntries.id, entry.id));
    }
    await t.app.hotCache.sync();
    expect((await summary()).holiday).toBeNull();
  });
});

describe('when the listener is lost', () => {
  it('the caches are emptied and bypassed, so a sign-out made meanwhile is honoured, until it reconnects', async () => {
    const cache = t.app.hotCache;
    const connects = cache.stats.connects;
    const headers = { authorization: `Bearer ${await signIn('admin1')}` };
    expect((await t.app.inject({ url: '/api/users/user_id', headers })).statusCode).toBe(200);
    expect(cache.sessions.size).toBeGreaterThan(0);

    await adminQuery(`select pg_terminate_backend(${cache.listenerPid})`);
    await until(() => !cache.ready);
    expect(cache.sessions.size).toBe(0);

    // A sign-out no notification announced (nobody listened): the database answers, not a cache.
    await t.db
      .update(authSessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(authSessions.tokenHash, hashToken(headers.authorization.slice(7))));
    expect((await t.app.inject({ url: '/api/users/user_id', headers })).statusCode).toBe(401);

    await until(() => cache.ready);
    expect(cache.stats.connects).toBe(connects + 1);
    // Caching again: the second read of a new session is a hit.
    const fresh = { authorization: `Bearer ${await signIn('admin1')}` };
    expect((await t.app.inject({ url: '/api/users/user_id', headers: fresh })).statusCode).toBe(200);
    const hits = cache.stats.hits;
    expect((await t.app.inject({ url: '/api/users/user_id', headers: fresh })).statusCode).toBe(200);
    expect(cache.stats.hits).toBeGreaterThan(hits);
  });
});

describe('a session that ended', () => {
  it('is refused even if a copy of it is back in the cache (a read that raced the sign-out)', async () => {
    const cache = t.app.hotCache;
    const token = await signIn('teacher1');
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/users/user_id', headers })).statusCode).toBe(200);
    const key = hashToken(token);
    const copy = cache.sessions.get(key);
    expect(copy).toBeDefined();
    expect((await t.app.inject({ method: 'POST', url: '/api/users/logout', headers })).statusCode).toBe(200);
    // The race the epoch check is meant to prevent, forced: the stale copy is put back.
    cache.sessions.set(key, copy!);
    const after = await t.app.inject({ url: '/api/users/user_id', headers });
    expect(after.statusCode).toBe(401);
    expect(cache.sessions.get(key)).toBeUndefined();
  });
});

describe('while a school writes', () => {
  // A school day writes ten times a second: a lookup that overlapped one of them was not kept,
  // every read after it missed, the misses made reads slower and slower reads overlapped more
  // writes. Each kind of entry is now dropped only by what changes it.
  const content = (schoolId: number) => `content:${schoolId}`;

  it('a session looked up while attendance was written is kept: the next read costs one statement', async () => {
    const cache = t.app.hotCache;
    const token = await signIn('student1');
    const key = hashToken(token);
    const headers = { authorization: `Bearer ${token}` };
    cache.sessions.delete(key);
    const original = cache.sessions.generation;
    // The school's write is announced while the session is being read.
    const loaded = await cache.through(cache.sessions, key, async () => {
      cache.apply(content(1));
      return {
        auth: {},
        sessionId: -1,
        userId: -1,
        expiresAt: Date.now() + 60_000,
      };
    });
    expect(loaded.sessionId).toBe(-1);
    expect(cache.sessions.generation).toBe(original);
    expect(cache.sessions.get(key)?.sessionId).toBe(-1);
    cache.sessions.delete(key);
    // And through the API: the session, read once, stays through a write to the school.
    expect((await t.app.inject({ url: '/api/users/user_id', headers })).statusCode).toBe(200);
    cache.apply(content(1));
    expect(await queriesDuring(() => t.app.inject({ url: '/api/users/user_id', headers }))).toBe(1);
  });

  it("a section's results computed while another school or section wrote are kept; while its own changed, not", async () => {
    const cache = t.app.hotCache;
    const keep = (sectionId: number, mark: number) => cache.keepSectionResults(sectionId, 1, 1, 'results', mark);
    const kept = (sectionId: number) => cache.sectionResults.get(`${sectionId} 1`)?.value;

    let mark = cache.resultsMark(1, 991);
    cache.apply('content:exams:2'); // another school's exams
    cache.apply('rows:exam_marks:1:992'); // another section's marks
    cache.apply('content:attendance_takings:1'); // its school's takings: no section's results read them
    cache.apply('content:notices:1');
    keep(991, mark);
    expect(kept(991)).toBe('results');

    // Then its own marks, its attendance, its school's exams, a change naming no table, all schools.
    const changes = ['rows:exam_marks:1:993', 'rows:attendance_marks:1:7,993', 'content:exams:1', 'content:1', 'all'];
    for (const change of changes) {
      mark = cache.resultsMark(1, 993);
      cache.apply(change);
      keep(993, mark);
      expect({ change, kept: kept(993) }).toEqual({ change, kept: undefined });
    }
  });

  it('a change drops only what was computed from its table or its sections', async () => {
    const cache = t.app.hotCache;
    cache.keepSectionResults(994, 1, 1, 'a', cache.resultsMark(1, 994));
    cache.keepSectionResults(995, 1, 1, 'b', cache.resultsMark(1, 995));
    cache.keepRoutineLabels(1, new Map(), cache.labelsMark(1));
    cache.apply('rows:exam_marks:1:994');
    cache.apply('content:attendance_takings:1');
    expect(cache.sectionResults.get('994 1')).toBeUndefined();
    expect(cache.sectionResults.get('995 1')?.value).toBe('b');
    expect(cache.routineLabels.get(1)).toBeDefined();
    cache.apply('content:teachers:1'); // a teacher renamed: the labels go, the results stay
    expect(cache.routineLabels.get(1)).toBeUndefined();
    expect(cache.sectionResults.get('995 1')?.value).toBe('b');
    cache.apply('content:enrolments:1');
    expect(cache.sectionResults.get('995 1')).toBeUndefined();
  });

  it('a lookup that overlapped a sign-out of that session is still not kept', async () => {
    const cache = t.app.hotCache;
    const key = 'not-a-real-token-hash';
    await cache.through(cache.sessions, key, async () => {
      cache.apply('session:-2');
      return { auth: {}, sessionId: -2, userId: -2, expiresAt: Date.now() + 60_000 };
    });
    expect(cache.sessions.get(key)).toBeUndefined();
  });
});

describe('what kept results are read from', () => {
  /** Tables with the triggers that announce a change of their rows to every process. */
  async function announced(): Promise<string[]> {
    const { rows } = (await t.db.execute(sql`
      select distinct tg.tgrelid::regclass::text as name
        from pg_trigger tg join pg_proc p on p.oid = tg.tgfoid
       where not tg.tgisinternal and p.proname like 'pathshala_cache%'`)) as unknown as { rows: { name: string }[] };
    return rows.map((r) => r.name);
  }

  it("a section's results: every table they are read from is on SECTION_RESULTS_TABLES and announces its changes", async () => {
    const { rows } = (await t.db.execute(
      sql`select section_id, session_id from exam_marks group by 1, 2 order by count(*) desc limit 1`,
    )) as unknown as { rows: { section_id: number; session_id: number }[] };
    const read = await tablesRead(t, () => sectionSheets(t.db, rows[0].section_id, rows[0].session_id));
    expect(read.filter((name) => !SECTION_RESULTS_TABLES.includes(name))).toEqual([]);
    const all = await announced();
    // Bangladesh's eight divisions: reference rows the seed writes once and nothing changes.
    const fixed = ['divisions'];
    expect(SECTION_RESULTS_TABLES.filter((name) => !all.includes(name) && !fixed.includes(name))).toEqual([]);
    // and nothing listed that they do not read (a needless drop)
    expect(read).toEqual([...SECTION_RESULTS_TABLES].sort());
  });

  it('routine labels: every table they are read from is on ROUTINE_LABELS_TABLES and announces its changes', async () => {
    const { rows } = (await t.db.execute(sql`select id, school_id from routines order by id limit 3`)) as unknown as {
      rows: { id: number; school_id: number }[];
    };
    t.app.hotCache.routineLabels.clear();
    const read = await tablesRead(t, () =>
      routineLabelsOf(
        t.app.db,
        rows[0].school_id,
        rows.map((r) => r.id),
      ),
    );
    expect(read).toEqual([...ROUTINE_LABELS_TABLES].sort());
    const all = await announced();
    expect(ROUTINE_LABELS_TABLES.filter((name) => !all.includes(name))).toEqual([]);
  });

  it('the marks and attendance marks name their sections', async () => {
    const cache = t.app.hotCache;
    const { rows } = (await t.db.execute(
      sql`select id, section_id, school_id from exam_marks where not absent order by id limit 1`,
    )) as unknown as { rows: { id: number; section_id: number; school_id: number }[] };
    const [mark] = rows;
    cache.keepSectionResults(
      mark.section_id,
      1,
      mark.school_id,
      'x',
      cache.resultsMark(mark.school_id, mark.section_id),
    );
    cache.keepSectionResults(-5, 1, mark.school_id, 'y', cache.resultsMark(mark.school_id, -5));
    await t.db.execute(sql`update exam_marks set marks_obtained = marks_obtained where id = ${mark.id}`);
    await cache.sync();
    expect(cache.sectionResults.get(`${mark.section_id} 1`)).toBeUndefined();
    expect(cache.sectionResults.get('-5 1')?.value).toBe('y');

    const { rows: taken } = (await t.db.execute(
      sql`select m.id, e.section_id, m.school_id from attendance_marks m join enrolments e on e.id = m.enrolment_id order by m.id limit 1`,
    )) as unknown as { rows: { id: number; section_id: number; school_id: number }[] };
    const [present] = taken;
    cache.keepSectionResults(
      present.section_id,
      1,
      present.school_id,
      'z',
      cache.resultsMark(present.school_id, present.section_id),
    );
    await t.db.execute(sql`update attendance_marks set status = status where id = ${present.id}`);
    await cache.sync();
    expect(cache.sectionResults.get(`${present.section_id} 1`)).toBeUndefined();
    expect(cache.sectionResults.get('-5 1')?.value).toBe('y');
  });
});
