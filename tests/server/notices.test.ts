import { and, asc, eq, sql } from 'drizzle-orm';
import { type DateTime } from 'luxon';
import {
  NOTICE_CREATES_PER_HOUR,
  NOTICE_FIELD_MESSAGES,
  NOTICE_MESSAGES,
  NOTICE_PAGE_MAX,
  NOTICE_PAGE_SIZE,
} from '@/api/schemas/notices';
import {
  academicSessions,
  classes,
  enrolments,
  noticeReads,
  noticeRecipients,
  notices,
  routines,
  schoolAdmins,
  schoolTypes,
  sections,
  students,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;

interface Pupil {
  id: number;
  code: string;
}

/** Ids and accounts the tests address, read from the seeded database. */
const S = {} as {
  school1: number;
  school2: number;
  session: number;
  otherSession: number;
  six: number;
  seven: number;
  primaryClass: number;
  sixA: number;
  sixB: number;
  sevenA: number;
  sixA2: number;
  teacher1: { id: number; userId: number; name: string };
  colleague: { id: number; code: string };
  admin1: number;
  sixAPupils: Pupil[];
  sixBPupils: Pupil[];
  tenPupil: Pupil;
  school2Pupil: Pupil;
};

const today = schoolToday;
const iso = (d: DateTime) => d.toISODate()!;

async function pupilsOf(sectionId: number): Promise<Pupil[]> {
  return t.db
    .select({ id: students.id, code: users.userCode })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(enrolments.sectionId, sectionId), eq(enrolments.sessionId, S.session)))
    .orderBy(asc(enrolments.classRollNo));
}

async function sectionId(schoolId: number, classId: number, name: string) {
  const [row] = await t.db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.schoolId, schoolId), eq(sections.classId, classId), eq(sections.sectionDefaultName, name)));
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const schoolOfUser = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  S.school1 = await schoolOfUser('admin1');
  S.school2 = await schoolOfUser('admin2');
  const year = String(today().year);
  const sessions = await db.select().from(academicSessions);
  S.session = sessions.find((s) => s.sessionYear === year)!.id;
  S.otherSession = sessions.find((s) => s.sessionYear !== year)!.id;
  const cls = await db
    .select({ id: classes.id, name: classes.className, type: schoolTypes.code })
    .from(classes)
    .innerJoin(schoolTypes, eq(schoolTypes.id, classes.schoolTypeId));
  const classId = (name: string) => cls.find((c) => c.name === name)!.id;
  S.six = classId('Six');
  S.seven = classId('Seven');
  S.primaryClass = classId('One');
  S.sixA = await sectionId(S.school1, S.six, 'A');
  S.sixB = await sectionId(S.school1, S.six, 'B');
  S.sevenA = await sectionId(S.school1, S.seven, 'A');
  S.sixA2 = await sectionId(S.school2, S.six, 'A');
  const [t1] = await db
    .select({
      id: teachers.id,
      userId: teachers.userId,
      title: teachers.title,
      first: teachers.firstName,
      last: teachers.lastName,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  S.teacher1 = { id: t1.id, userId: t1.userId, name: `${t1.title} ${t1.first} ${t1.last}` };
  const [col] = await db
    .select({ id: teachers.id, code: users.userCode })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.schoolId, S.school1), sql`${users.userCode} <> 'teacher1'`))
    .limit(1);
  S.colleague = col;
  const [a1] = await db
    .select({ id: schoolAdmins.id })
    .from(schoolAdmins)
    .innerJoin(users, eq(users.id, schoolAdmins.userId))
    .where(eq(users.userCode, 'admin1'));
  S.admin1 = a1.id;
  S.sixAPupils = await pupilsOf(S.sixA);
  S.sixBPupils = await pupilsOf(S.sixB);
  S.tenPupil = (await pupilsOf(await sectionId(S.school1, classId('Ten'), 'B')))[0];
  S.school2Pupil = (await pupilsOf(S.sixA2))[0];
  expect(S.sixAPupils[0].code).toBe('student1');
  expect(S.sixAPupils.length).toBeGreaterThan(20);
});
afterAll(() => t.close());

/** A valid notice body of school 1; tests override what they exercise. */
const body = (patch: Record<string, unknown> = {}) => ({
  id: '',
  school_info_id: S.school1,
  class_id: 0,
  section_id: 0,
  students: [] as number[],
  session_id: S.session,
  headline: 'A notice',
  description: 'Some words.',
  date: iso(today()),
  uid: 'whoever',
  type: 1,
  ...patch,
});

async function create(as: string, patch: Record<string, unknown> = {}): Promise<number> {
  const res = await t.post(as, '/api/notice', body(patch));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ ok: true, message: NOTICE_MESSAGES.created, code: 'notices.created' });
  return res.json().id;
}

async function fetchNotice(as: string, id: number) {
  const res = await t.get(as, `/api/notice/edit?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json();
  expect(rows).toHaveLength(1);
  return rows[0];
}

interface StudentRow {
  id: number;
  notice_headline: string;
  type: number;
  read: boolean;
  notice_users: string;
  students: number[];
  publishing_date: string;
}

/** Every row of a paged notice list, walking its pages (the largest page size) by offset. */
async function allRows<T = StudentRow>(as: string, path: string, query = ''): Promise<T[]> {
  const rows: T[] = [];
  const sep = query ? '&' : '?';
  for (let offset = 0; ; offset += NOTICE_PAGE_MAX) {
    const res = await t.get(as, `${path}${query}${sep}limit=${NOTICE_PAGE_MAX}&offset=${offset}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    rows.push(...page.rows);
    if (offset + NOTICE_PAGE_MAX >= page.total) return rows;
  }
}

const studentList = (as: string, query = '') => allRows(as, '/api/notice/student', query);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const creatorList = (as: string, query = '') => allRows<any>(as, '/api/notice/creator', query);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const schoolList = (as: string, query = '') => allRows<any>(as, '/api/notice/school', query);
const seesNotice = async (as: string, id: number, query = '') =>
  (await studentList(as, query)).some((n) => n.id === id);

function expect400(
  res: { statusCode: number; body: string; json(): { error: { code: string; fields?: Record<string, string> } } },
  field: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.code).toBe('invalid_input');
  expect(res.json().error.fields, res.body).toHaveProperty(field);
}

// ------------------------------------------------------------------ audience

describe('who sees a notice', () => {
  it('a notice to one student reaches that student only, under type 1', async () => {
    const [, chosen, classmate] = S.sixAPupils;
    const id = await create('teacher1', {
      headline: 'For one student',
      class_id: S.six,
      section_id: S.sixA,
      students: [chosen.id],
    });
    expect(await seesNotice(chosen.code, id, '?type=1')).toBe(true);
    expect(await seesNotice(chosen.code, id, '?type=2')).toBe(false);
    expect(await seesNotice(classmate.code, id)).toBe(false);
    expect(await seesNotice(S.sixBPupils[0].code, id)).toBe(false);
    const row = (await studentList(chosen.code)).find((n) => n.id === id)!;
    expect(row).toMatchObject({ type: 1, notice_users: String(chosen.id), students: [chosen.id], read: false });
  });

  it('a notice to a section is seen by that section only', async () => {
    const id = await create('teacher1', { headline: 'Six A only', class_id: S.six, section_id: S.sixA });
    expect(await seesNotice(S.sixAPupils[0].code, id)).toBe(true);
    expect(await seesNotice(S.sixAPupils[5].code, id)).toBe(true);
    expect(await seesNotice(S.sixBPupils[0].code, id)).toBe(false);
    expect(await seesNotice(S.tenPupil.code, id)).toBe(false);
    const row = await fetchNotice('teacher1', id);
    expect(row).toMatchObject({
      class_id: S.six,
      class_name: 'Six',
      section_id: S.sixA,
      section_default_name: 'A',
      notice_users: '',
    });
    expect(row.recipient_count).toBe(S.sixAPupils.length);
  });

  it('a notice to a whole class reaches both of its sections', async () => {
    const id = await create('teacher1', { headline: 'All of Six', class_id: S.six });
    expect(await seesNotice(S.sixAPupils[0].code, id)).toBe(true);
    expect(await seesNotice(S.sixBPupils[0].code, id)).toBe(true);
    expect(await seesNotice(S.tenPupil.code, id)).toBe(false);
    expect((await fetchNotice('teacher1', id)).recipient_count).toBe(S.sixAPupils.length + S.sixBPupils.length);
  });

  it('a class 0 notice is seen by every student of the school, not by another school', async () => {
    const id = await create('teacher1', { headline: 'Everyone' });
    const row = await fetchNotice('teacher1', id);
    expect(row).toMatchObject({ class_id: 0, class_name: 'ALL', section_id: 0, section_default_name: 'ALL' });
    expect(await seesNotice(S.sixAPupils[0].code, id)).toBe(true);
    expect(await seesNotice(S.sixBPupils[3].code, id)).toBe(true);
    expect(await seesNotice(S.tenPupil.code, id)).toBe(true);
    expect(await seesNotice(S.school2Pupil.code, id)).toBe(false);
    const [{ count }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(and(eq(enrolments.schoolId, S.school1), eq(enrolments.sessionId, S.session)));
    expect(row.recipient_count).toBe(count);
  });

  it('a future-dated notice is hidden from students until its date, but listed for its author', async () => {
    const id = await create('teacher1', { headline: 'Next week', date: iso(today().plus({ days: 3 })) });
    expect(await seesNotice('student1', id)).toBe(false);
    expect((await t.post('student1', `/api/notice/read?id=${id}`)).statusCode).toBe(404);
    expect((await creatorList('teacher1')).map((n: { id: number }) => n.id)).toContain(id);
    await t.db
      .update(notices)
      .set({ publishingDate: iso(today()) })
      .where(eq(notices.id, id));
    expect(await seesNotice('student1', id)).toBe(true);
  });

  it('filters a student’s notices by type and by an inclusive date range', async () => {
    const d = (n: number) => iso(today().minus({ days: n }));
    const old = await create('admin1', { headline: 'Filter old', date: d(40) });
    const mid = await create('admin1', { headline: 'Filter mid', date: d(30) });
    const recent = await create('admin1', { headline: 'Filter recent', date: d(25) });
    const ids = async (q: string) => (await studentList('student1', q)).map((n) => n.id);
    const range = await ids(`?type=2&start_date=${d(30)}&end_date=${d(25)}`);
    expect(range).toContain(mid);
    expect(range).toContain(recent);
    expect(range).not.toContain(old);
    expect(await ids(`?start_date=${d(29)}`)).not.toContain(mid);
    expect(await ids(`?end_date=${d(31)}`)).toEqual(expect.arrayContaining([old]));
    expect(await ids(`?end_date=${d(31)}`)).not.toContain(mid);
    expect(await ids(`?type=1&start_date=${d(40)}&end_date=${d(25)}`)).toEqual([]);
    // Blank filters are no filters (the list screen sends them empty).
    expect(await ids('?type=&start_date=&end_date=')).toEqual(expect.arrayContaining([old, mid, recent]));
    // Newest first.
    const all = await studentList('student1');
    const dates = all.map((n) => n.publishing_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect400(await t.get('student1', `/api/notice/student?start_date=${d(5)}&end_date=${d(6)}`), 'end_date');
    expect400(await t.get('student1', '/api/notice/student?start_date=2026-13-01'), 'start_date');
    expect400(await t.get('student1', '/api/notice/student?type=3'), 'type');
  });

  it('a student may ask only for their own notices', async () => {
    const [me, classmate] = S.sixAPupils;
    expect((await t.get('student1', `/api/notice/student?student_id=${me.id}`)).statusCode).toBe(200);
    expect((await t.get('student1', `/api/notice/student?student_id=${classmate.id}`)).statusCode).toBe(403);
  });

  it('the seeded targeted notice reaches its recipients only', async () => {
    const [seeded] = await t.db
      .select({ id: notices.id })
      .from(notices)
      .where(and(eq(notices.schoolId, S.school1), eq(notices.headline, 'Extra mathematics class')));
    const chosen = new Set(
      (await t.db.select().from(noticeRecipients).where(eq(noticeRecipients.noticeId, seeded.id))).map(
        (r) => r.studentId,
      ),
    );
    const outsider = S.sixAPupils.find((p) => !chosen.has(p.id))!;
    expect(chosen.has(S.sixAPupils[0].id)).toBe(true);
    expect(await seesNotice('student1', seeded.id)).toBe(true);
    expect(await seesNotice(outsider.code, seeded.id)).toBe(false);
  });
});

// ------------------------------------------------------------------ authorship and school lists

describe('authors, types and school lists', () => {
  it('the type follows the role, and the creator is the caller whatever uid says', async () => {
    const byTeacher = await create('teacher1', { headline: 'Teacher says 2', type: 2, uid: S.colleague.id });
    const byAdmin = await create('admin1', { headline: 'Admin says 1', type: 1, uid: S.teacher1.id });
    const t1 = await fetchNotice('teacher1', byTeacher);
    expect(t1.type).toBe(1);
    expect(t1.creator_name).toBe(S.teacher1.name);
    expect((await fetchNotice('admin1', byAdmin)).type).toBe(2);
    const [row] = await t.db.select().from(notices).where(eq(notices.id, byTeacher));
    expect(row.creatorUserId).toBe(S.teacher1.userId);
    expect((await creatorList(S.colleague.code)).map((n: { id: number }) => n.id)).not.toContain(byTeacher);
    const mine = await creatorList('teacher1');
    expect(mine.map((n: { id: number }) => n.id)).toContain(byTeacher);
    expect(mine.map((n: { id: number }) => n.id)).not.toContain(byAdmin);
  });

  it('the creator list honours only the caller’s own uid, newest first, with read counts', async () => {
    expect((await t.get('teacher1', `/api/notice/creator?uid=${S.teacher1.id}`)).statusCode).toBe(200);
    expect((await t.get('teacher1', `/api/notice/creator?uid=${S.colleague.id}`)).statusCode).toBe(403);
    expect((await t.get('admin1', `/api/notice/creator?uid=${S.admin1}`)).statusCode).toBe(200);
    const rows = await creatorList('teacher1');
    expect(rows.length).toBeGreaterThanOrEqual(3); // the seed's three plus this file's
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(a.publishing_date > b.publishing_date || (a.publishing_date === b.publishing_date && a.id > b.id)).toBe(
        true,
      );
    }
    for (const r of rows) {
      expect(r).toMatchObject({
        read_count: expect.any(Number),
        recipient_count: expect.any(Number),
        creator_name: S.teacher1.name,
      });
    }
  });

  it('school notices are listed for the admin and a linked viewer of that school only', async () => {
    const id = await create('admin1', { headline: 'Holiday announcement' });
    const ids = (rows: { id: number }[]) => rows.map((n) => n.id);
    const admin = await schoolList('admin1', '?type=2');
    expect(ids(admin)).toContain(id);
    expect(admin.every((n: { type: number }) => n.type === 2)).toBe(true);
    expect(ids(await schoolList('admin1', '?type=1'))).not.toContain(id);
    expect(ids(await schoolList('admin1'))).toContain(id);
    expect(ids(await schoolList('viewer1', `?school_info_id=${S.school1}&type=2`))).toContain(id);
    expect(ids(await schoolList('viewer1', `?school_info_id=${S.school2}&type=2`))).not.toContain(id);
    expect(ids(await schoolList('admin2', '?type=2'))).not.toContain(id);
    expect((await t.get('admin2', `/api/notice/school?school_info_id=${S.school1}`)).statusCode).toBe(403);
    expect400(await t.get('viewer1', '/api/notice/school?type=2'), 'school_info_id');
    expect(await seesNotice('student1', id, '?type=2')).toBe(true);
  });
});

// ------------------------------------------------------------------ ownership

describe('editing and deleting', () => {
  it('a teacher changes only their own notices; the school admin any of the school; another school none', async () => {
    const id = await create('teacher1', { headline: 'Owned by teacher1', class_id: S.six, section_id: S.sixA });
    // Another teacher: no edit, update or delete.
    expect((await t.get(S.colleague.code, `/api/notice/edit?id=${id}`)).statusCode).toBe(403);
    expect((await t.post(S.colleague.code, '/api/notice', body({ id, headline: 'Hijacked' }))).statusCode).toBe(403);
    expect((await t.post(S.colleague.code, `/api/notice/delete?id=${id}`)).statusCode).toBe(403);
    // Another school's admin: nothing either, with or without naming the school.
    expect((await t.get('admin2', `/api/notice/edit?id=${id}`)).statusCode).toBe(403);
    expect(
      (await t.post('admin2', '/api/notice', body({ id, school_info_id: null, headline: 'Hijacked' }))).statusCode,
    ).toBe(403);
    expect((await t.post('admin2', '/api/notice', body({ headline: 'Into school 1' }))).statusCode).toBe(403);
    expect((await t.post('admin2', `/api/notice/delete?id=${id}`)).statusCode).toBe(403);
    expect((await fetchNotice('teacher1', id)).notice_headline).toBe('Owned by teacher1');
    // The school admin may edit it; it stays a teacher notice by teacher1.
    const upd = await t.post(
      'admin1',
      '/api/notice',
      body({ id, headline: 'Edited by the admin', class_id: S.six, section_id: S.sixA }),
    );
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toEqual({ ok: true, id, message: NOTICE_MESSAGES.updated, code: 'notices.updated' });
    const row = await fetchNotice('teacher1', id);
    expect(row).toMatchObject({ notice_headline: 'Edited by the admin', type: 1, creator_name: S.teacher1.name });
    // A teacher cannot touch the admin's notice.
    const adminNotice = await create('admin1', { headline: 'Admin’s own' });
    expect((await t.get('teacher1', `/api/notice/edit?id=${adminNotice}`)).statusCode).toBe(403);
    expect((await t.post('teacher1', `/api/notice/delete?id=${adminNotice}`)).statusCode).toBe(403);
    // The school admin may delete it.
    const del = await t.post('admin1', `/api/notice/delete?id=${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true, message: NOTICE_MESSAGES.deleted, code: 'notices.deleted' });
    expect((await t.post('admin1', `/api/notice/delete?id=${id}`)).statusCode).toBe(404);
    expect((await t.get('teacher1', `/api/notice/edit?id=${id}`)).statusCode).toBe(404);
  });

  it('a teacher edits and deletes their own notice; updating replaces the recipients', async () => {
    const [a, b, c] = S.sixAPupils;
    const id = await create('teacher1', {
      headline: 'Mine',
      class_id: S.six,
      section_id: S.sixA,
      students: [b.id, a.id],
    });
    const row = await fetchNotice('teacher1', id);
    expect(row.notice_users).toBe(`${a.id},${b.id}`);
    expect(row.students).toEqual([a.id, b.id]);
    expect(row.student_id).toBe(a.id);
    expect(row.recipient_count).toBe(2);
    const upd = await t.post(
      'teacher1',
      '/api/notice',
      body({ id, headline: 'Mine, edited', class_id: S.six, section_id: S.sixA, students: [c.id] }),
    );
    expect(upd.json()).toMatchObject({ ok: true, id, message: NOTICE_MESSAGES.updated });
    const after = await fetchNotice('teacher1', id);
    expect(after).toMatchObject({
      notice_headline: 'Mine, edited',
      notice_users: String(c.id),
      students: [c.id],
      recipient_count: 1,
    });
    expect(await seesNotice(a.code, id)).toBe(false);
    expect(await seesNotice(c.code, id)).toBe(true);
    // Clearing the list widens it to the whole section again.
    await t.post(
      'teacher1',
      '/api/notice',
      body({ id, headline: 'Mine, edited', class_id: S.six, section_id: S.sixA, students: [] }),
    );
    expect(await seesNotice(a.code, id)).toBe(true);
    const del = await t.post('teacher1', `/api/notice/delete?id=${id}`);
    expect(del.json()).toEqual({ ok: true, message: "Note's deleted successfully", code: 'notices.deleted' });
    expect(await seesNotice(a.code, id)).toBe(false);
    expect((await t.post('teacher1', '/api/notice/delete?id=999999')).statusCode).toBe(404);
    expect((await t.post('teacher1', '/api/notice', body({ id: 999999 }))).statusCode).toBe(404);
  });

  it('a failed update leaves the notice and its recipients as they were', async () => {
    const [a, b] = S.sixAPupils;
    const id = await create('teacher1', {
      headline: 'Original',
      class_id: S.six,
      section_id: S.sixA,
      students: [a.id, b.id],
    });
    const res = await t.post(
      'teacher1',
      '/api/notice',
      body({ id, headline: 'Changed', class_id: S.six, section_id: S.sixA, students: [a.id, S.sixBPupils[0].id] }),
    );
    expect400(res, 'students');
    const row = await fetchNotice('teacher1', id);
    expect(row.notice_headline).toBe('Original');
    expect(row.students).toEqual([a.id, b.id].sort((x, y) => x - y));
    // A failed create leaves nothing behind either.
    const before = (await t.get('teacher1', '/api/notice/creator')).json().total;
    expect400(
      await t.post(
        'teacher1',
        '/api/notice',
        body({ headline: 'Never', class_id: S.six, section_id: S.sixA, students: [S.school2Pupil.id] }),
      ),
      'students',
    );
    expect((await t.get('teacher1', '/api/notice/creator')).json().total).toBe(before);
  });
});

// ------------------------------------------------------------------ validation

describe('validation', () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['empty headline', () => ({ headline: '' }), 'headline'],
    ['blank headline', () => ({ headline: '   ' }), 'headline'],
    ['201-character headline', () => ({ headline: 'x'.repeat(201) }), 'headline'],
    ['5001-character description', () => ({ description: 'x'.repeat(5001) }), 'description'],
    ['impossible date', () => ({ date: '2026-02-30' }), 'date'],
    ['malformed date', () => ({ date: '30-01-2026' }), 'date'],
    ['unknown class', () => ({ class_id: 999999 }), 'class_id'],
    ['class of another school type', () => ({ class_id: S.primaryClass }), 'class_id'],
    ['section of another class', () => ({ class_id: S.seven, section_id: S.sixA }), 'section_id'],
    ['section of another school', () => ({ class_id: S.six, section_id: S.sixA2 }), 'section_id'],
    ['section without a class', () => ({ section_id: S.sixA }), 'section_id'],
    [
      'student of another section',
      () => ({ class_id: S.six, section_id: S.sixA, students: [S.sixBPupils[0].id] }),
      'students',
    ],
    ['student of another school', () => ({ students: [S.school2Pupil.id] }), 'students'],
    [
      'student not enrolled in the session',
      () => ({ session_id: S.otherSession, students: [S.sixAPupils[0].id] }),
      'students',
    ],
    ['unknown session', () => ({ session_id: 999999 }), 'session_id'],
    ['empty description', () => ({ description: '' }), 'description'],
    ['blank description', () => ({ description: '  \n ' }), 'description'],
    ['missing description', () => ({ description: undefined }), 'description'],
    // Numbers in a JSON body are numbers: nothing is coerced into an id or "all".
    ['class_id true', () => ({ class_id: true }), 'class_id'],
    ['section_id []', () => ({ class_id: S.six, section_id: [] }), 'section_id'],
    ['session_id "1e3"', () => ({ session_id: '1e3' }), 'session_id'],
    ['session_id as text', () => ({ session_id: String(S.session) }), 'session_id'],
    ['id "0x10"', () => ({ id: '0x10' }), 'id'],
    ['a student id as text', () => ({ students: [String(S.sixAPupils[0].id)] }), 'students.0'],
    ['missing session', () => ({ session_id: undefined }), 'session_id'],
    ['students not a list', () => ({ students: 'all' }), 'students'],
  ];
  it.each(cases)('%s is a 400 naming the field', async (_label, patch, field) => {
    expect400(await t.post('teacher1', '/api/notice', body(patch())), field);
  });

  it('accepts the limits exactly, trims the headline, and takes null/blank ids as "all"', async () => {
    const id = await create('teacher1', {
      headline: `  ${'h'.repeat(200)}  `,
      description: 'd'.repeat(5000),
      class_id: null,
      section_id: '',
      students: null,
      school_info_id: '',
    });
    const row = await fetchNotice('teacher1', id);
    expect(row.notice_headline).toBe('h'.repeat(200));
    expect(row.notice_description).toHaveLength(5000);
    expect(row).toMatchObject({ class_id: 0, section_id: 0, notice_users: '', student_id: null });
  });

  it('refuses a school that is not the caller’s', async () => {
    expect((await t.post('teacher1', '/api/notice', body({ school_info_id: S.school2 }))).statusCode).toBe(403);
  });
});

// ------------------------------------------------------------------ read tracking

describe('read tracking', () => {
  it('opening a notice counts once per student and shows as read', async () => {
    const [me, classmate] = S.sixAPupils;
    const id = await create('teacher1', { headline: 'Please read', class_id: S.six, section_id: S.sixA });
    const counts = async () => {
      const row = (await creatorList('teacher1')).find((n: { id: number }) => n.id === id);
      return [row.read_count, row.recipient_count];
    };
    expect(await counts()).toEqual([0, S.sixAPupils.length]);
    const res = await t.post(me.code, `/api/notice/read?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, id, read: true });
    expect((await t.post(me.code, `/api/notice/read?id=${id}`)).statusCode).toBe(200);
    expect(await counts()).toEqual([1, S.sixAPupils.length]);
    await t.post(classmate.code, `/api/notice/read?id=${id}`);
    expect(await counts()).toEqual([2, S.sixAPupils.length]);
    expect((await studentList(me.code)).find((n) => n.id === id)!.read).toBe(true);
    expect((await studentList(S.sixAPupils[2].code)).find((n) => n.id === id)!.read).toBe(false);
    // Not in the audience: as if it did not exist.
    expect((await t.post(S.sixBPupils[0].code, `/api/notice/read?id=${id}`)).statusCode).toBe(404);
    expect((await t.post(me.code, '/api/notice/read?id=999999')).statusCode).toBe(404);
    expect(await counts()).toEqual([2, S.sixAPupils.length]);
    // Narrowing the audience to the classmate: only their read still counts.
    await t.post(
      'teacher1',
      '/api/notice',
      body({ id, headline: 'Please read', class_id: S.six, section_id: S.sixA, students: [classmate.id] }),
    );
    expect(await counts()).toEqual([1, 1]);
    // The school list does not carry them: the admin is not the author.
    const school = (await schoolList('admin1', '?type=1')).find((n: { id: number }) => n.id === id);
    expect(school).not.toHaveProperty('read_count');
    expect(school).not.toHaveProperty('recipient_count');
    // A notice with recipients and reads deletes cleanly (both go with it).
    expect((await t.post('teacher1', `/api/notice/delete?id=${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(noticeRecipients).where(eq(noticeRecipients.noticeId, id))).toEqual([]);
    expect(await t.db.select().from(noticeReads).where(eq(noticeReads.noticeId, id))).toEqual([]);
  });

  it('“read by N of M” goes to the notice’s author only: the admin and viewers see counts on no one else’s notice', async () => {
    const byTeacher = await create('teacher1', { headline: 'Counts are mine', class_id: S.six, section_id: S.sixA });
    const byAdmin = await create('admin1', { headline: 'Counts are the admin’s', class_id: S.six, section_id: S.sixA });
    await t.post(S.sixAPupils[0].code, `/api/notice/read?id=${byTeacher}`);
    await t.post(S.sixAPupils[0].code, `/api/notice/read?id=${byAdmin}`);
    const find = (rows: Array<{ id: number }>, id: number) => rows.find((n) => n.id === id)!;
    const counted = { read_count: 1, recipient_count: S.sixAPupils.length };

    const admin = await schoolList('admin1');
    expect(find(admin, byAdmin)).toMatchObject(counted);
    expect(find(admin, byTeacher)).not.toHaveProperty('read_count');
    expect(find(admin, byTeacher)).not.toHaveProperty('recipient_count');
    // No list the admin can read carries the counts of a teacher's notice.
    for (const row of admin as Array<{ type: number; read_count?: number }>) {
      if (row.type === 1) expect(row).not.toHaveProperty('read_count');
    }
    const viewer = await schoolList('viewer1', `?school_info_id=${S.school1}`);
    expect(find(viewer, byAdmin)).not.toHaveProperty('read_count');
    expect(find(viewer, byTeacher)).not.toHaveProperty('read_count');
    // The editor's copy follows the same rule.
    expect(await fetchNotice('admin1', byTeacher)).not.toHaveProperty('read_count');
    expect(await fetchNotice('admin1', byAdmin)).toMatchObject(counted);
    expect(await fetchNotice('teacher1', byTeacher)).toMatchObject(counted);
    // The author's own list has them, as before.
    expect(find(await creatorList('teacher1'), byTeacher)).toMatchObject(counted);
  });

  it('a student sees only themself in the recipient list of a targeted notice', async () => {
    const [a, b] = S.sixAPupils;
    const id = await create('teacher1', {
      headline: 'Two of you',
      class_id: S.six,
      section_id: S.sixA,
      students: [a.id, b.id],
    });
    const row = (await studentList(b.code)).find((n) => n.id === id)!;
    expect(row.notice_users).toBe(String(b.id));
    expect(row.students).toEqual([b.id]);
  });
});

describe('stable codes for what users read', () => {
  const codeOf = (res: { json(): { error: { code: string; message: string } } }) => res.json().error.code;

  it('refusals of the notice routes carry notices.<name> codes with the English message', async () => {
    const id = await create('teacher1', { headline: 'Coded', class_id: S.six, section_id: S.sixA });
    const notOwn = await t.post(S.colleague.code, `/api/notice/delete?id=${id}`);
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json().error).toEqual({ code: 'notices.not_own', message: 'That is another teacher’s notice.' });
    expect(codeOf(await t.get(S.colleague.code, `/api/notice/edit?id=${id}`))).toBe('notices.not_own');
    const other = await t.get('student1', `/api/notice/student?student_id=${S.sixAPupils[1].id}`);
    expect(other.statusCode).toBe(403);
    expect(codeOf(other)).toBe('notices.other_student');
    const list = await t.get('teacher1', `/api/notice/creator?uid=${S.colleague.id}`);
    expect(list.statusCode).toBe(403);
    expect(codeOf(list)).toBe('notices.own_list_only');
  });

  it('success answers keep the spec’s message and add a code', async () => {
    const created = await t.post('teacher1', '/api/notice', body({ headline: 'Coded too' }));
    expect(created.json()).toMatchObject({ message: 'new note added successfully!', code: 'notices.created' });
    const id = created.json().id;
    const updated = await t.post('teacher1', '/api/notice', body({ id, headline: 'Coded, again' }));
    expect(updated.json()).toMatchObject({ message: 'Note updated successfully!', code: 'notices.updated' });
    const deleted = await t.post('teacher1', `/api/notice/delete?id=${id}`);
    expect(deleted.json()).toMatchObject({ message: "Note's deleted successfully", code: 'notices.deleted' });
  });

  it('field complaints name the field with the shared texts the client translates', async () => {
    const noDescription = await t.post('teacher1', '/api/notice', body({ description: '' }));
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().error.fields).toMatchObject({ description: 'Enter a description' });
    const badSection = await t.post('teacher1', '/api/notice', body({ class_id: S.seven, section_id: S.sixA }));
    expect(badSection.json().error.fields).toEqual({ section_id: NOTICE_FIELD_MESSAGES.sectionNotInClass });
    const dates = await t.get('student1', '/api/notice/student?start_date=2026-03-05&end_date=2026-03-01');
    expect(dates.json().error.fields).toEqual({ end_date: NOTICE_FIELD_MESSAGES.endBeforeStart });
  });
});

// ------------------------------------------------------------------ paging

describe('paging', () => {
  /** Many notices, written straight into the table. */
  async function bulk(count: number) {
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin1'));
    const date = iso(today().minus({ days: 200 }));
    await t.db.insert(notices).values(
      Array.from({ length: count }, (_, i) => ({
        schoolId: S.school1,
        creatorUserId: admin.id,
        type: 2,
        sessionId: S.session,
        headline: `Bulk ${i}`,
        description: 'A bulk notice.',
        publishingDate: date,
        // Long ago: they spend nobody's create budget for the hour.
        createdAt: sql`now() - interval '1 day'`,
      })),
    );
  }

  beforeAll(() => bulk(NOTICE_PAGE_MAX + 5));

  it('lists answer one page: 20 by default, with the total, newest first', async () => {
    for (const [as, path] of [
      ['admin1', '/api/notice/school'],
      ['admin1', '/api/notice/creator'],
      ['student1', '/api/notice/student'],
    ]) {
      const res = await t.get(as, path);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.limit, path).toBe(NOTICE_PAGE_SIZE);
      expect(page.offset, path).toBe(0);
      expect(page.total, path).toBeGreaterThan(NOTICE_PAGE_MAX);
      expect(page.rows, path).toHaveLength(NOTICE_PAGE_SIZE);
    }
    const [{ count }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notices)
      .where(eq(notices.schoolId, S.school1));
    expect((await t.get('admin1', '/api/notice/school')).json().total).toBe(count);
  });

  it('pages follow each other without gaps or repeats, up to 100 a page', async () => {
    const all = await schoolList('admin1');
    const page = (await t.get('admin1', '/api/notice/school?limit=7&offset=14')).json();
    expect(page).toMatchObject({ limit: 7, offset: 14, total: all.length });
    expect(page.rows.map((n: { id: number }) => n.id)).toEqual(all.slice(14, 21).map((n: { id: number }) => n.id));
    const biggest = (await t.get('admin1', `/api/notice/school?limit=${NOTICE_PAGE_MAX}`)).json();
    expect(biggest.rows).toHaveLength(NOTICE_PAGE_MAX);
    expect(new Set(all.map((n: { id: number }) => n.id)).size).toBe(all.length);
    // Past the end: no rows, and still the total.
    const past = (await t.get('admin1', `/api/notice/school?offset=${all.length + 10}`)).json();
    expect(past).toMatchObject({ rows: [], total: all.length });
    // Filters narrow the total too.
    const teacherOnes = (await t.get('admin1', '/api/notice/school?type=1&limit=1')).json();
    expect(teacherOnes.total).toBe(all.filter((n: { type: number }) => n.type === 1).length);
  });

  it.each([
    ['limit=0', 'limit'],
    [`limit=${NOTICE_PAGE_MAX + 1}`, 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1e3', 'limit'],
    ['limit=2.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=0x10', 'offset'],
  ])('%s is a 400 naming the field, on every list', async (query, field) => {
    expect400(await t.get('admin1', `/api/notice/school?${query}`), field);
    expect400(await t.get('teacher1', `/api/notice/creator?${query}`), field);
    expect400(await t.get('student1', `/api/notice/student?${query}`), field);
  });
});

// ------------------------------------------------------------------ write limit

describe('notice creates per hour', () => {
  it(`one create more than ${NOTICE_CREATES_PER_HOUR} within an hour is a 429 with Retry-After; edits and other users go on`, async () => {
    const [colleague] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, S.colleague.code));
    const made = await t.db
      .insert(notices)
      .values(
        Array.from({ length: NOTICE_CREATES_PER_HOUR }, (_, i) => ({
          schoolId: S.school1,
          creatorUserId: colleague.id,
          type: 1,
          sessionId: S.session,
          headline: `Budget ${i}`,
          description: 'Spent.',
          publishingDate: iso(today()),
          // The oldest one is 10 minutes old: the next create is allowed in about 50 minutes.
          createdAt: sql`now() - interval '10 minutes' + ${i} * interval '1 second'`,
        })),
      )
      .returning({ id: notices.id });
    const before = (await t.get(S.colleague.code, '/api/notice/creator')).json().total;

    const refused = await t.post(S.colleague.code, '/api/notice', body({ headline: 'One too many' }));
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe('notices.rate_limited');
    expect(refused.json().error.message).toContain(`${NOTICE_CREATES_PER_HOUR} notices in the last hour`);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(49 * 60);
    expect(wait).toBeLessThanOrEqual(50 * 60);
    expect((await t.get(S.colleague.code, '/api/notice/creator')).json().total).toBe(before);

    // Editing is not creating; another user has their own budget.
    const edit = await t.post(S.colleague.code, '/api/notice', body({ id: made[0].id, headline: 'Fixed a typo' }));
    expect(edit.statusCode, edit.body).toBe(200);
    await create('teacher1', { headline: 'Someone else' });

    // An hour after the oldest, the budget has room again.
    await t.db
      .update(notices)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(notices.id, made[0].id));
    await create(S.colleague.code, { headline: 'Room again' });
    expect((await t.post(S.colleague.code, '/api/notice', body({ headline: 'Full again' }))).statusCode).toBe(429);
  });
});

// ------------------------------------------------------------------ edited by

describe('edited by', () => {
  let adminName: string;
  beforeAll(async () => {
    const [a] = await t.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.userCode, 'admin1'));
    adminName = `${a.first} ${a.last}`.trim();
  });
  const edit = (as: string, id: number, headline: string) =>
    t.post(as, '/api/notice', body({ id, headline, class_id: S.six, section_id: S.sixA }));

  it('an admin’s edit of a teacher’s notice is recorded and shown as theirs, in every list', async () => {
    const id = await create('teacher1', { headline: 'Teacher’s words', class_id: S.six, section_id: S.sixA });
    expect(await fetchNotice('teacher1', id)).toMatchObject({ edited_by_name: null, edited_at: null });
    // The author's own edit is not an "edit by" anyone.
    expect((await edit('teacher1', id, 'Teacher’s words, fixed')).statusCode).toBe(200);
    expect(await fetchNotice('teacher1', id)).toMatchObject({ edited_by_name: null, edited_at: null });

    const started = Date.now() - 60_000;
    expect((await edit('admin1', id, 'The admin’s words')).statusCode).toBe(200);
    const row = await fetchNotice('teacher1', id);
    expect(row).toMatchObject({
      notice_headline: 'The admin’s words',
      creator_name: S.teacher1.name,
      edited_by_name: adminName,
      type: 1,
    });
    expect(Date.parse(row.edited_at)).toBeGreaterThan(started);
    const [stored] = await t.db.select().from(notices).where(eq(notices.id, id));
    expect(stored.creatorUserId).toBe(S.teacher1.userId);
    const mark = { edited_by_name: adminName, edited_at: row.edited_at };
    expect((await creatorList('teacher1')).find((n) => n.id === id)).toMatchObject(mark);
    expect((await schoolList('admin1', '?type=1')).find((n) => n.id === id)).toMatchObject(mark);
    expect((await schoolList('viewer1', `?school_info_id=${S.school1}`)).find((n) => n.id === id)).toMatchObject(mark);
    expect((await studentList('student1')).find((n) => n.id === id)).toMatchObject(mark);

    // The author editing again clears nothing of that history.
    expect((await edit('teacher1', id, 'Back to my words')).statusCode).toBe(200);
    expect(await fetchNotice('teacher1', id)).toMatchObject({ notice_headline: 'Back to my words', ...mark });
  });

  it('an admin editing their own notice is not an editor of it', async () => {
    const id = await create('admin1', { headline: 'Admin’s own words' });
    expect((await t.post('admin1', '/api/notice', body({ id, headline: 'Admin’s own, fixed' }))).statusCode).toBe(200);
    expect(await fetchNotice('admin1', id)).toMatchObject({ edited_by_name: null, edited_at: null });
  });
});

// ------------------------------------------------------------------ audience count

describe('GET /api/notice/audience', () => {
  const audience = async (as: string, query: string) => {
    const res = await t.get(as, `/api/notice/audience${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().students as number;
  };

  it('counts the students a notice would reach: school, class, section or chosen students', async () => {
    const [{ count }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(and(eq(enrolments.schoolId, S.school1), eq(enrolments.sessionId, S.session)));
    expect(await audience('admin1', `?session_id=${S.session}`)).toBe(count);
    // Without a session: the session of the school's today.
    expect(await audience('teacher1', '')).toBe(count);
    expect(await audience('teacher1', `?session_id=${S.session}&class_id=${S.six}`)).toBe(
      S.sixAPupils.length + S.sixBPupils.length,
    );
    expect(await audience('teacher1', `?session_id=${S.session}&class_id=${S.six}&section_id=${S.sixA}`)).toBe(
      S.sixAPupils.length,
    );
    const [a, b] = S.sixAPupils;
    const two = `&student_ids=${a.id},${b.id},${a.id}`;
    expect(await audience('teacher1', `?session_id=${S.session}&class_id=${S.six}&section_id=${S.sixA}${two}`)).toBe(2);
    // Only students who belong count: one of another section is not reached.
    const stray = `&student_ids=${a.id},${S.sixBPupils[0].id}`;
    expect(await audience('teacher1', `?session_id=${S.session}&class_id=${S.six}&section_id=${S.sixA}${stray}`)).toBe(
      1,
    );
    expect(await audience('admin1', `?session_id=${S.otherSession}&class_id=${S.six}&section_id=${S.sixA}`)).toBe(0);
  });

  it('is the number the saved notice reaches', async () => {
    const expected = await audience('teacher1', `?session_id=${S.session}&class_id=${S.six}`);
    const id = await create('teacher1', { headline: 'Whole class', class_id: S.six });
    expect((await fetchNotice('teacher1', id)).recipient_count).toBe(expected);
  });

  it.each([
    ['class_id=1e3', 'class_id'],
    ['class_id=999999', 'class_id'],
    ['section_id=1', 'section_id'],
    ['student_ids=abc', 'student_ids'],
    ['student_ids=1,,2', 'student_ids'],
    ['session_id=999999', 'session_id'],
  ])('%s is a 400 naming the field', async (query, field) => {
    expect400(await t.get('teacher1', `/api/notice/audience?${query}`), field);
  });

  it('is for notice writers of the school only', async () => {
    expect((await t.get('student1', '/api/notice/audience')).statusCode).toBe(403);
    expect((await t.get('viewer1', `/api/notice/audience?school_info_id=${S.school1}`)).statusCode).toBe(403);
    expect((await t.get('admin2', `/api/notice/audience?school_info_id=${S.school1}`)).statusCode).toBe(403);
  });
});

// ------------------------------------------------------------------ a teacher's reach

describe('a teacher addresses only the sections they teach', () => {
  // The demo's teachers meet every section of their school: Six B's classes of teacher1 go to a new
  // colleague, so Six B is a section of teacher1's school that teacher1 does not teach. Last in this
  // file: the tests above rely on the demo's routine.
  beforeAll(async () => {
    const made = await t.post('admin1', '/api/add_teacher', {
      teacher_code: 'REACH-N1',
      first_name: 'Nasrin',
      last_name: 'Akter',
      initial: 'NA',
    });
    expect(made.statusCode, made.body).toBe(200);
    const [colleague] = await t.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.teacherCode, 'REACH-N1'));
    const moved = await t.db
      .update(routines)
      .set({ teacherId: colleague.id })
      .where(and(eq(routines.teacherId, S.teacher1.id), eq(routines.sectionId, S.sixB)))
      .returning({ id: routines.id });
    expect(moved.length).toBeGreaterThan(0);
  });

  const cases: {
    what: string;
    as: string;
    patch: () => Record<string, unknown>;
    status: number;
    field?: string;
    message?: string;
  }[] = [
    { what: 'their section', as: 'teacher1', patch: () => ({ class_id: S.six, section_id: S.sixA }), status: 200 },
    {
      what: 'chosen pupils of their section, class ALL',
      as: 'teacher1',
      patch: () => ({ students: S.sixAPupils.slice(0, 2).map((p) => p.id) }),
      status: 200,
    },
    {
      what: 'a section of their school they do not teach',
      as: 'teacher1',
      patch: () => ({ class_id: S.six, section_id: S.sixB }),
      status: 403,
      field: 'section_id',
      message: NOTICE_FIELD_MESSAGES.notYourSection,
    },
    {
      what: 'a class with a section they do not teach',
      as: 'teacher1',
      patch: () => ({ class_id: S.six }),
      status: 403,
      field: 'section_id',
      message: NOTICE_FIELD_MESSAGES.notAllSections,
    },
    {
      what: 'every student of the school',
      as: 'teacher1',
      patch: () => ({}),
      status: 403,
      field: 'class_id',
      message: NOTICE_FIELD_MESSAGES.notWholeSchool,
    },
    {
      what: 'a chosen pupil of a section they do not teach',
      as: 'teacher1',
      patch: () => ({ students: [S.sixAPupils[0].id, S.sixBPupils[0].id] }),
      status: 403,
      field: 'students',
      message: NOTICE_FIELD_MESSAGES.notYourStudents,
    },
    {
      what: 'a section of another school',
      as: 'teacher1',
      patch: () => ({ class_id: S.six, section_id: S.sixA2 }),
      status: 400,
      field: 'section_id',
      message: NOTICE_FIELD_MESSAGES.noSuchSection,
    },
    {
      what: 'another school',
      as: 'teacher1',
      patch: () => ({ school_info_id: S.school2, class_id: S.six, section_id: S.sixA2 }),
      status: 403,
    },
    {
      what: 'the school admin: the section teacher1 does not teach',
      as: 'admin1',
      patch: () => ({ class_id: S.six, section_id: S.sixB }),
      status: 200,
    },
    { what: 'the school admin: the whole school', as: 'admin1', patch: () => ({}), status: 200 },
  ];

  it.each(cases)('POST /api/notice, $what: $status', async ({ as, patch, status, field, message }) => {
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(notices))[0].n;
    const res = await t.post(as, '/api/notice', body({ headline: 'Reach', ...patch() }));
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.json().error.fields).toEqual({ [field]: message });
    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(notices))[0].n;
    expect(after - before).toBe(status === 200 ? 1 : 0);
  });

  it.each(cases)('GET /api/notice/audience, $what: $status', async ({ as, patch, status, field, message }) => {
    const p = { session_id: S.session, ...patch() } as Record<string, unknown>;
    const q = new URLSearchParams();
    for (const k of ['school_info_id', 'session_id', 'class_id', 'section_id'])
      if (p[k] !== undefined) q.set(k, String(p[k]));
    if (Array.isArray(p.students) && p.students.length) q.set('student_ids', p.students.join(','));
    const res = await t.get(as, `/api/notice/audience?${q}`);
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.json().error.fields).toEqual({ [field]: message });
  });

  it('editing their own notice cannot widen it past their sections', async () => {
    const id = await create('teacher1', { headline: 'Six A', class_id: S.six, section_id: S.sixA });
    const res = await t.post('teacher1', '/api/notice', body({ id, headline: 'Six A', class_id: S.six }));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.fields).toEqual({ section_id: NOTICE_FIELD_MESSAGES.notAllSections });
    expect((await fetchNotice('teacher1', id)).section_id).toBe(S.sixA);
  });

  it('GET /api/notice/reach: the sections a teacher teaches per session; the admin the whole school', async () => {
    const mine = await t.get('teacher1', '/api/notice/reach');
    expect(mine.statusCode, mine.body).toBe(200);
    const now = (mine.json().sections as { session_id: number; section_id: number }[])
      .filter((r) => r.session_id === S.session)
      .map((r) => r.section_id);
    expect(mine.json().whole_school).toBe(false);
    expect(now).toContain(S.sixA);
    expect(now).toContain(S.sevenA);
    expect(now).not.toContain(S.sixB);
    expect((await t.get('admin1', '/api/notice/reach')).json()).toEqual({ whole_school: true, sections: [] });
    expect((await t.get('teacher1', `/api/notice/reach?school_info_id=${S.school2}`)).statusCode).toBe(403);
  });
});
