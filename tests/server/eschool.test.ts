import { and, asc, eq, ne } from 'drizzle-orm';
import type { OnlineClassOption, OnlineClassRow } from '@/api/schemas/eschool';
import { academicSessions, enrolments, students, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
const S = {} as {
  school1: number;
  current: number;
  option: OnlineClassOption;
  pupilOfSection: { id: number; code: string; studentCode: string };
  pupilOfOtherSection: { id: number; code: string };
};

const tomorrow = schoolToday().plus({ days: 1 }).toISODate()!;
const body = (patch: Record<string, unknown> = {}) => ({
  section_id: S.option.section_id,
  subject_id: S.option.subject_id,
  date: tomorrow,
  start_time: '16:30',
  duration_minutes: 45,
  meeting_url: 'https://meet.example.org/abc-defg-hij',
  topic: 'Revision',
  ...patch,
});
const fieldOf = (res: { statusCode: number; body: string; json(): { error: { fields?: object } } }) => {
  expect(res.statusCode, res.body).toBe(400);
  return Object.keys(res.json().error.fields ?? {});
};

beforeAll(async () => {
  t = await createTestApp();
  const [u] = await t.db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  S.school1 = u.id!;
  const year = schoolToday().year;
  const [s] = await t.db
    .select()
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, String(year)));
  S.current = s.id;
  const opts = await t.get('teacher1', '/api/eschool/options');
  expect(opts.statusCode, opts.body).toBe(200);
  // student1's section, so the demo student sees it
  const [me] = await t.db
    .select({
      sectionId: enrolments.sectionId,
      id: students.id,
      code: users.userCode,
      studentCode: students.studentCode,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(users.userCode, 'student1'), eq(enrolments.sessionId, S.current)));
  S.option = (opts.json() as OnlineClassOption[]).find((o) => o.section_id === me.sectionId)!;
  expect(S.option).toBeDefined();
  S.pupilOfSection = { id: me.id, code: me.code, studentCode: me.studentCode };
  const [other] = await t.db
    .select({ id: students.id, code: users.userCode })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      and(
        eq(enrolments.schoolId, S.school1),
        eq(enrolments.sessionId, S.current),
        ne(enrolments.sectionId, me.sectionId),
      ),
    )
    .orderBy(asc(enrolments.id))
    .limit(1);
  S.pupilOfOtherSection = other;
});
afterAll(() => t.close());

describe('eSchool', () => {
  it('a teacher schedules a class for what they teach; the section’s student sees it, another does not', async () => {
    const res = await t.post('teacher1', '/api/eschool/classes', body({ topic: 'Fractions live' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, code: 'eschool.created' });
    const id = res.json().id as number;

    const mineRes = await t.get('student1', '/api/eschool/classes');
    expect(mineRes.statusCode, mineRes.body).toBe(200);
    const mine = mineRes.json();
    const row = (mine.rows as OnlineClassRow[]).find((r) => r.id === id);
    expect(row).toMatchObject({
      topic: 'Fractions live',
      date: tomorrow,
      start_time: '16:30',
      duration_minutes: 45,
      status: 'upcoming',
      meeting_url: 'https://meet.example.org/abc-defg-hij',
    });
    // 16:30 in Dhaka is 10:30 UTC
    expect(row!.starts_at).toBe(`${tomorrow}T10:30:00Z`);

    // Paged with the same total, the same rows as the section's filter, and a page past the end still totals.
    const one = (await t.get('student1', '/api/eschool/classes?limit=1&offset=1')).json();
    expect(one).toMatchObject({ total: mine.total, limit: 1, offset: 1 });
    expect(one.rows).toEqual(mine.rows.slice(1, 2));
    const past = (await t.get('student1', `/api/eschool/classes?offset=${mine.total + 5}`)).json();
    expect(past).toMatchObject({ rows: [], total: mine.total });
    const bySection = (await t.get('student1', `/api/eschool/classes?section_id=${row!.section_id}`)).json();
    expect(bySection.rows.map((r: OnlineClassRow) => r.id)).toContain(id);

    const otherCode = S.pupilOfOtherSection.code;
    const theirs = (await t.get(otherCode, '/api/eschool/classes')).json();
    expect((theirs.rows as OnlineClassRow[]).some((r) => r.id === id)).toBe(false);

    // the viewer reads the school's; the other school's admin does not see it
    const viewer = (await t.get('viewer1', `/api/eschool/classes?school_info_id=${S.school1}`)).json();
    expect((viewer.rows as OnlineClassRow[]).some((r) => r.id === id)).toBe(true);
    const admin2 = (await t.get('admin2', '/api/eschool/classes')).json();
    expect((admin2.rows as OnlineClassRow[]).some((r) => r.id === id)).toBe(false);
    expect((await t.get('admin2', `/api/eschool/classes?school_info_id=${S.school1}`)).statusCode).toBe(403);
  });

  it('refuses a link that is not https, a subject not taught, a past start, and names the field', async () => {
    expect(
      fieldOf(await t.post('teacher1', '/api/eschool/classes', body({ meeting_url: 'http://meet.example.org/x' }))),
    ).toContain('meeting_url');
    expect(
      fieldOf(await t.post('teacher1', '/api/eschool/classes', body({ meeting_url: 'javascript:alert(1)' }))),
    ).toContain('meeting_url');
    expect(fieldOf(await t.post('teacher1', '/api/eschool/classes', body({ duration_minutes: 2 })))).toContain(
      'duration_minutes',
    );
    const opts = (await t.get('admin1', '/api/eschool/options')).json() as OnlineClassOption[];
    const notMine = opts.find((o) => o.teacher_id !== S.option.teacher_id && o.section_id !== S.option.section_id)!;
    expect(
      fieldOf(
        await t.post(
          'teacher1',
          '/api/eschool/classes',
          body({ section_id: notMine.section_id, subject_id: notMine.subject_id }),
        ),
      ),
    ).toContain('subject_id');
    const yesterday = schoolToday().minus({ days: 1 }).toISODate()!;
    expect(fieldOf(await t.post('teacher1', '/api/eschool/classes', body({ date: yesterday })))).toContain('date');
    // students and viewers may not schedule
    expect((await t.post('student1', '/api/eschool/classes', body())).statusCode).toBe(403);
    expect((await t.post('viewer1', '/api/eschool/classes', body({ school_info_id: S.school1 }))).statusCode).toBe(403);
  });

  it('edit and cancel: the teacher’s own only; the admin any of the school’s; a cancelled class is final', async () => {
    const id = (await t.post('teacher1', '/api/eschool/classes', body({ topic: 'To move' }))).json().id as number;
    const moved = await t.call('teacher1', {
      method: 'PUT',
      url: `/api/eschool/classes/${id}`,
      payload: body({ topic: 'Moved', start_time: '17:00' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = (await t.get('teacher1', '/api/eschool/classes')).json().rows as OnlineClassRow[];
    expect(rows.find((r) => r.id === id)).toMatchObject({ topic: 'Moved', start_time: '17:00' });

    expect((await t.post('teacher2', `/api/eschool/classes/${id}/cancel`)).statusCode).toBe(403);
    expect((await t.post('admin2', `/api/eschool/classes/${id}/cancel`)).statusCode).toBe(403);
    const cancel = await t.post('admin1', `/api/eschool/classes/${id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = (await t.get('student1', '/api/eschool/classes')).json().rows as OnlineClassRow[];
    expect(after.find((r) => r.id === id)).toMatchObject({ status: 'cancelled', cancelled: true });
    const again = await t.call('teacher1', { method: 'PUT', url: `/api/eschool/classes/${id}`, payload: body() });
    expect(again.statusCode).toBe(409);
  });

  it('the admin schedules for a routine entry, naming its teacher; lists are paged', async () => {
    expect(fieldOf(await t.post('admin1', '/api/eschool/classes', body()))).toContain('teacher_id');
    const res = await t.post('admin1', '/api/eschool/classes', body({ teacher_id: S.option.teacher_id }));
    expect(res.statusCode, res.body).toBe(200);
    const page = (await t.get('admin1', '/api/eschool/classes?limit=1&offset=0')).json();
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    expect((await t.get('admin1', '/api/eschool/classes?limit=1000')).statusCode).toBe(400);
  });
});

describe('activities', () => {
  let activityId: number;
  it('the admin creates an activity with a teacher in charge; duplicates and bad input are refused', async () => {
    const res = await t.post('admin1', '/api/activities', {
      session_id: S.current,
      name: 'Chess Club',
      kind: 'club',
      teacher_id: S.option.teacher_id,
      full_marks: 20,
    });
    expect(res.statusCode, res.body).toBe(200);
    activityId = res.json().id;
    const dup = await t.post('admin1', '/api/activities', {
      session_id: S.current,
      name: 'Chess Club',
      kind: 'club',
      full_marks: 20,
    });
    expect(dup.statusCode).toBe(409);
    expect(
      fieldOf(
        await t.post('admin1', '/api/activities', { session_id: S.current, name: 'X', kind: 'dance', full_marks: 20 }),
      ),
    ).toContain('kind');
    expect(
      (await t.post('teacher1', '/api/activities', { session_id: S.current, name: 'Y', kind: 'club', full_marks: 20 }))
        .statusCode,
    ).toBe(403);
    const list = (await t.get('teacher1', `/api/activities?session_id=${S.current}`)).json();
    expect(list.rows.find((r: { id: number }) => r.id === activityId)).toMatchObject({
      can_record: true,
      full_marks: 20,
    });
    const viewer = (
      await t.get('viewer1', `/api/activities?session_id=${S.current}&school_info_id=${S.school1}`)
    ).json();
    expect(viewer.rows.find((r: { id: number }) => r.id === activityId)).toMatchObject({ can_record: false });
  });

  it('the teacher in charge records marks; the grade sheet’s Extra Curriculum is 5 × the average of them', async () => {
    const me = S.pupilOfSection.id;
    const over = await t.post('teacher1', `/api/activities/${activityId}/participants`, {
      participants: [{ student_id: me, marks: 21 }],
    });
    expect(fieldOf(over)).toContain('participants.0.marks');
    const saved = await t.post('teacher1', `/api/activities/${activityId}/participants`, {
      participants: [{ student_id: me, role: 'Captain', marks: 16 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sport = await t.post('admin1', '/api/activities', {
      session_id: S.current,
      name: 'Cricket',
      kind: 'sport',
      full_marks: 10,
    });
    const sportId = sport.json().id as number;
    // not in charge of that one
    expect(
      (
        await t.post('teacher1', `/api/activities/${sportId}/participants`, {
          participants: [{ student_id: me, marks: 6 }],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.post('admin1', `/api/activities/${sportId}/participants`, {
          participants: [{ student_id: me, marks: 6 }],
        })
      ).statusCode,
    ).toBe(200);
    // the other school's admin cannot touch it
    expect(
      (
        await t.post('admin2', `/api/activities/${sportId}/participants`, {
          participants: [{ student_id: me, marks: 1 }],
        })
      ).statusCode,
    ).toBe(403);

    const mine = (await t.get('student1', '/api/activities/mine')).json();
    expect(mine.rows.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Chess Club', 'Cricket']));
    const debate = mine.rows.find((r: { name: string }) => r.name === 'Chess Club');
    expect(debate).toMatchObject({ role: 'Captain', marks: 16, full_marks: 20 });

    // What the demo gives this student besides, in the same session: the sheet averages all marked activities.
    const rows = mine.rows as { marks: number | null; full_marks: number }[];
    const marked = rows.filter((r) => r.marks !== null);
    const expected =
      Math.round(((5 * marked.reduce((a, r) => a + r.marks! / r.full_marks, 0)) / marked.length) * 100) / 100;
    expect(mine.extra_curriculum).toBeCloseTo(expected, 2);
    const sheet = await t.get(
      'admin1',
      `/api/gradesheet?student_code=${S.pupilOfSection.studentCode}&session_id=${S.current}`,
    );
    expect(sheet.statusCode, sheet.body).toBe(200);
    for (const s of sheet.json().subjects) expect(s.extra_curriculum).toBeCloseTo(expected, 2);

    const participants = (
      await t.get('viewer1', `/api/activities/${activityId}/participants?school_info_id=${S.school1}`)
    ).json();
    expect(participants.rows[0]).toMatchObject({
      student_code: S.pupilOfSection.studentCode,
      marks: 16,
      role: 'Captain',
    });

    // removing the football marks changes the sheet at once (the cached answer is dropped)
    await t.post('admin1', `/api/activities/${sportId}/participants`, { remove: [me] });
    const after = (await t.get('student1', '/api/activities/mine')).json();
    expect(after.rows.some((r: { name: string }) => r.name === 'Cricket')).toBe(false);
  });

  it('a student’s activities of a session they name: that enrolment’s, none where they had none', async () => {
    const current = (await t.get('student1', '/api/activities/mine')).json();
    expect((await t.get('student1', `/api/activities/mine?session_id=${S.current}`)).json()).toEqual(current);
    expect(current.session_id).toBe(S.current);
    // Last session's enrolment (the demo's published year): its own activities, not this year's.
    const [last] = await t.db
      .select({ id: enrolments.sessionId, year: academicSessions.sessionYear })
      .from(enrolments)
      .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
      .where(and(eq(enrolments.studentId, S.pupilOfSection.id), ne(enrolments.sessionId, S.current)))
      .orderBy(asc(academicSessions.sessionYear))
      .limit(1);
    expect(last).toBeDefined();
    const before = (await t.get('student1', `/api/activities/mine?session_id=${last.id}`)).json();
    expect(before).toMatchObject({ session_id: last.id, session_year: last.year });
    expect(before.rows.map((r: { id: number }) => r.id)).not.toEqual(current.rows.map((r: { id: number }) => r.id));
    // A session with no enrolment of theirs: nothing, not the latest.
    const [none] = await t.db
      .insert(academicSessions)
      .values({ sessionYear: '1990' })
      .onConflictDoUpdate({ target: academicSessions.sessionYear, set: { sessionYear: '1990' } })
      .returning({ id: academicSessions.id });
    expect((await t.get('student1', `/api/activities/mine?session_id=${none.id}`)).json()).toEqual({
      session_id: null,
      session_year: null,
      rows: [],
      extra_curriculum: null,
    });
  });

  it('a student not enrolled in the school is refused by field', async () => {
    const [s2] = await t.db
      .select({ id: students.id })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.userCode, 'student2'));
    const res = await t.post('admin1', `/api/activities/${activityId}/participants`, {
      participants: [{ student_id: s2.id, marks: 5 }],
    });
    expect(fieldOf(res)).toContain('participants.0.student_id');
  });
});
