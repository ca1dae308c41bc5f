/**
 * The spec's own calls as written (spec part 2, section 7): "0" is ALL on the filters it sends,
 * /api/subject_type answers, /api/student_mark with only the spec's parameters, the calendar's
 * body without a type, and the structure's creation messages (spec part 2, section 8).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { calendarEntries, classes, enrolments, schoolTypes, sections, shifts, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
const S = {} as { school1: number; six: number; sixA: number; session: number; secondary: number };

beforeAll(async () => {
  t = await createTestApp();
  const [a1] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  S.school1 = a1.s!;
  const [six] = await t.db
    .select({ id: classes.id, type: classes.schoolTypeId })
    .from(classes)
    .where(eq(classes.className, 'Six'));
  S.six = six.id;
  S.secondary = six.type;
  const [a] = await t.db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.schoolId, S.school1), eq(sections.classId, S.six), eq(sections.sectionDefaultName, 'A')));
  S.sixA = a.id;
  const [e] = await t.db
    .select({ session: enrolments.sessionId })
    .from(enrolments)
    .where(eq(enrolments.sectionId, S.sixA))
    .orderBy(desc(enrolments.sessionId))
    .limit(1);
  S.session = e.session;
});
afterAll(() => t.close());

describe('"0" means all on the spec’s filters', () => {
  it('/api/routine/admin-search: class, section, day and teacher 0 answer as if absent', async () => {
    const base = `/api/routine/admin-search?school_info_id=${S.school1}&session_id=${S.session}`;
    const all = await t.get('admin1', base);
    expect(all.statusCode, all.body).toBe(200);
    const zero = await t.get('admin1', `${base}&class_id=0&section_id=0&day_id=0&teacher_id=0`);
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json().total).toBe(all.json().total);
    expect(zero.json().total).toBeGreaterThan(0);
    // The viewer's search, as the spec's screen sends it.
    const viewer = await t.get('viewer1', `${base}&class_id=0&section_id=0&day_id=0&teacher_id=0`);
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(viewer.json().total).toBe(all.json().total);
    // A section still narrows, and a negative id is still refused.
    const six = await t.get('admin1', `${base}&class_id=${S.six}&section_id=${S.sixA}&day_id=0`);
    expect(six.json().total).toBeLessThan(all.json().total);
    expect((await t.get('admin1', `${base}&class_id=-1`)).statusCode).toBe(400);
  });

  it('/api/homework/all/filter: class, section and subject 0 answer as if absent', async () => {
    const base = `/api/homework/all/filter?school_info_id=${S.school1}&limit=100`;
    const all = await t.get('admin1', base);
    expect(all.statusCode, all.body).toBe(200);
    const zero = await t.get('admin1', `${base}&class_id=0&section_id=0&subject_id=0`);
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json().total).toBe(all.json().total);
  });
});

describe('GET /api/subject_type', () => {
  it('answers the subjects of the school type, as the subject lookup’s rows', async () => {
    const res = await t.get('admin1', `/api/subject_type?school_type_id=${S.secondary}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { school_type_id: number; class_id: number; subject_name: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.school_type_id === S.secondary)).toBe(true);
    expect(rows.some((r) => r.class_id === S.six)).toBe(true);
    expect(Object.keys(rows[0]).sort()).toEqual(
      ['class_id', 'group_id', 'id', 'optional', 'school_type_id', 'subject_code', 'subject_name'].sort(),
    );
    const [other] = await t.db
      .select({ id: schoolTypes.id })
      .from(schoolTypes)
      .where(sql`${schoolTypes.id} <> ${S.secondary}`)
      .limit(1);
    const others = (await t.get('teacher1', `/api/subject_type?school_type_id=${other.id}`)).json() as {
      school_type_id: number;
    }[];
    expect(others.every((r) => r.school_type_id === other.id)).toBe(true);
  });
});

describe('GET /api/student_mark with the spec’s parameters only', () => {
  it('answers the section’s students and its exams that session', async () => {
    const url = `/api/student_mark?session_id=${S.session}&class_id=${S.six}&section_id=${S.sixA}&school_info_id=${S.school1}`;
    const res = await t.get('admin1', url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ session_id: S.session, class_id: S.six, section_id: S.sixA, locked: false });
    const [{ n }] = (
      (await t.db.execute(
        sql`select count(*)::int as n from enrolments where section_id = ${S.sixA} and session_id = ${S.session}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(body.rows).toHaveLength(n);
    expect(body.rows[0]).toMatchObject({ mark_id: null, marks_obtained: null });
    expect(Object.keys(body.rows[0]).sort()).toEqual(
      ['class_roll_no', 'mark_id', 'marks_obtained', 'name', 'student_code', 'student_id'].sort(),
    );
    expect(body.exams.every((e: { section_id: number }) => e.section_id === S.sixA)).toBe(true);
    // The teacher of the section reads it too; a student may not call it; another school's is refused.
    expect((await t.get('teacher1', url)).statusCode).toBeLessThan(500);
    expect((await t.get('student1', url)).statusCode).toBe(403);
    const [a2] = await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, 'admin2'));
    const [sec2] = await t.db.select({ id: sections.id }).from(sections).where(eq(sections.schoolId, a2.s!)).limit(1);
    expect((await t.get('admin1', `/api/student_mark?session_id=${S.session}&section_id=${sec2.id}`)).statusCode).toBe(
      403,
    );
  });
});

describe('the academic calendar’s spec body', () => {
  const year = String(schoolToday().year);
  it('POST /api/calender without a type: read from the topics; /api/calender/update keeps the entry’s own', async () => {
    const added = await t.post('admin1', '/api/calender', {
      school_info_id: S.school1,
      date: `${year}-05-13`,
      topics: 'School founding day holiday',
      id: '',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    const [row] = await t.db.select().from(calendarEntries).where(eq(calendarEntries.id, id));
    expect(row.type).toBe('holiday');
    const other = await t.post('admin1', '/api/calender', {
      school_info_id: S.school1,
      date: `${year}-04-02`,
      topics: 'Prize giving',
      id: '',
    });
    expect(other.statusCode, other.body).toBe(200);
    const [otherRow] = await t.db.select().from(calendarEntries).where(eq(calendarEntries.id, other.json().id));
    expect(otherRow.type).toBe('other');
    const updated = await t.post('admin1', `/api/calender/update?id=${id}`, {
      date: `${year}-05-13`,
      topics: 'Founders’ day',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [after] = await t.db.select().from(calendarEntries).where(eq(calendarEntries.id, id));
    expect(after).toMatchObject({ type: 'holiday', topics: 'Founders’ day' });
  });
});

describe('the structure’s creation messages', () => {
  it('answer the spec’s words, with the row and the code as before', async () => {
    const [shift] = await t.db.select({ id: shifts.id }).from(shifts).limit(1);
    const section = await t.post('admin1', '/api/create_section', {
      class_id: S.six,
      shift_id: shift.id,
      section_default_name: 'RDS',
    });
    expect(section.statusCode, section.body).toBe(200);
    expect(section.json()).toMatchObject({ ok: true, code: 'structure.created', message: 'New Section Created!' });
    expect(section.json().row.section_default_name).toBe('RDS');
    const cls = await t.post('superadmin', '/api/create_class', {
      school_type_id: S.secondary,
      class_code: 'RD13',
      class_name: 'Thirteen RD',
    });
    expect(cls.statusCode, cls.body).toBe(200);
    expect(cls.json()).toMatchObject({ code: 'structure.created', message: 'New class Created!' });
    const subject = await t.post('superadmin', '/api/create_subject', {
      school_type_id: S.secondary,
      class_id: cls.json().row.id,
      subject_code: 'RD-1',
      subject_name: 'Mistakes',
    });
    expect(subject.statusCode, subject.body).toBe(200);
    expect(subject.json().message).toBe('New Subject Created!');
    const period = await t.post('admin1', '/api/create_period', {
      shift_id: shift.id,
      period_code: 'RD',
      serial: 19,
      start_time: '21:00',
      end_time: '21:30',
    });
    expect(period.statusCode, period.body).toBe(200);
    expect(period.json().message).toBe('New period Created!');
  });
});
