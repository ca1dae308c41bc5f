/**
 * Exams, marks, publication and grade sheets through the API (server/routes/exams.ts): exam setup,
 * mark entry with bounds, absent and blank, the audit trail, the lock, and who may read which
 * mark and grade sheet, for every user type and own/other school. The demo seed gives the
 * previous session complete and published, the current one's first class tests.
 */
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { EXAM_MESSAGES } from '@/api/schemas/exams';
import {
  academicSessions,
  classes,
  enrolments,
  examMarks,
  examTypes,
  exams,
  routines,
  sections,
  students,
  subjects,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolNow, schoolToday } from '../helpers/run-clock';

let t: TestApp;

const S = {} as {
  school1: number;
  school2: number;
  current: number;
  previous: number;
  unpublishedYear: number;
  six: number;
  sixA: number;
  sixB: number;
  nineA: number;
  school2Section: number;
  teacher1: number;
  /** An exam of the current session, not held yet, of a subject teacher1 teaches in six A. */
  open: { id: number; subjectId: number; full: number };
  /** An exam teacher1 does not teach. */
  notTheirs: { id: number; subjectId: number; full: number };
  school2Exam: number;
  pupils: { id: number; code: string }[];
  sixBPupil: { id: number; code: string };
  school2Pupil: string;
  types1: { id: number; kind: string; exam_name: string }[];
  types2: number;
};

const yearNow = () => schoolToday().year;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const schoolOf = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  S.school1 = await schoolOf('admin1');
  S.school2 = await schoolOf('admin2');
  const sessions = await db.select().from(academicSessions);
  const sessionOf = (y: number) => sessions.find((s) => s.sessionYear === String(y))!.id;
  S.current = sessionOf(yearNow());
  S.previous = sessionOf(yearNow() - 1);
  S.unpublishedYear = sessionOf(yearNow() + 1);
  const classId = async (name: string) =>
    (await db.select({ id: classes.id }).from(classes).where(eq(classes.className, name)))[0].id;
  S.six = await classId('Six');
  const sectionId = async (school: number, cls: number, name: string) =>
    (
      await db
        .select({ id: sections.id })
        .from(sections)
        .where(and(eq(sections.schoolId, school), eq(sections.classId, cls), eq(sections.sectionDefaultName, name)))
    )[0].id;
  S.sixA = await sectionId(S.school1, S.six, 'A');
  S.sixB = await sectionId(S.school1, S.six, 'B');
  S.nineA = await sectionId(S.school1, await classId('Nine'), 'A');
  S.school2Section = await sectionId(S.school2, S.six, 'A');
  const [t1] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  S.teacher1 = t1.id;
  const taught = await db
    .selectDistinct({ subjectId: routines.subjectId })
    .from(routines)
    .where(and(eq(routines.teacherId, t1.id), eq(routines.sectionId, S.sixA), eq(routines.sessionId, S.current)));
  const taughtIds = taught.map((r) => r.subjectId);
  const today = schoolToday().toISODate()!;
  const [open] = await db
    .select({ id: exams.id, subjectId: exams.subjectId, full: exams.fullMarks })
    .from(exams)
    .where(
      and(
        eq(exams.sectionId, S.sixA),
        eq(exams.sessionId, S.current),
        sql`${exams.examDate} >= ${today}`,
        sql`${exams.subjectId} in ${taughtIds}`,
      ),
    )
    .limit(1);
  S.open = open;
  const [notTheirs] = await db
    .select({ id: exams.id, subjectId: exams.subjectId, full: exams.fullMarks })
    .from(exams)
    .where(
      and(
        eq(exams.sectionId, S.sixA),
        eq(exams.sessionId, S.current),
        notInArray(exams.subjectId, taughtIds),
        ne(exams.teacherId, t1.id),
      ),
    )
    .limit(1);
  S.notTheirs = notTheirs;
  const [x2] = await db.select({ id: exams.id }).from(exams).where(eq(exams.schoolId, S.school2)).limit(1);
  S.school2Exam = x2.id;
  const pupilsOf = (section: number) =>
    db
      .select({ id: students.id, code: students.studentCode })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(and(eq(enrolments.sectionId, section), eq(enrolments.sessionId, S.current)))
      .orderBy(asc(enrolments.classRollNo));
  S.pupils = await pupilsOf(S.sixA);
  S.sixBPupil = (await pupilsOf(S.sixB))[0];
  S.school2Pupil = (await pupilsOf(S.school2Section))[0].code;
  S.types1 = (await t.get('admin1', '/api/exam_name')).json();
  S.types2 = (await db.select({ id: examTypes.id }).from(examTypes).where(eq(examTypes.schoolId, S.school2)))[0].id;
}, 120_000);
afterAll(() => t.close());

const typeOf = (kind: string, n = 0) => S.types1.filter((x) => x.kind === kind)[n];

describe('exam types', () => {
  it('every school has the default types, by kind, in order', async () => {
    expect(S.types1.map((x) => x.kind)).toEqual([
      'class_test',
      'class_test',
      'class_test',
      'class_test',
      'half_yearly_sub',
      'half_yearly_mcq',
      'final_sub',
      'final_mcq',
      'extra_curricular',
    ]);
    for (const who of ['teacher1', 'student1']) expect((await t.get(who, '/api/exam_name')).json()).toEqual(S.types1);
    expect((await t.get('viewer1', `/api/exam_name?school_info_id=${S.school1}`)).json()).toEqual(S.types1);
    expect((await t.get('viewer1', '/api/exam_name')).statusCode).toBe(400);
    expect((await t.get('admin1', `/api/exam_name?school_info_id=${S.school2}`)).statusCode).toBe(403);
    expect((await t.get('superadmin', '/api/exam_name')).statusCode).toBe(403);
  });

  it('the school admin renames a type of their school; a taken name is a 409', async () => {
    const ct4 = typeOf('class_test', 3);
    const put = (as: string, id: number, exam_name: string) =>
      t.call(as, { method: 'PUT', url: `/api/exam_name/${id}`, payload: { exam_name } });
    const renamed = await put('admin1', ct4.id, 'December Class Test');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: ct4.id, exam_name: 'December Class Test', kind: 'class_test' });
    const taken = await put('admin1', ct4.id, typeOf('class_test', 0).exam_name);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toHaveProperty('exam_name');
    expect((await put('admin2', ct4.id, 'Mine now')).statusCode).toBe(403);
    expect((await put('teacher1', ct4.id, 'Mine now')).statusCode).toBe(403);
    expect((await put('admin1', 99999999, 'Nothing')).statusCode).toBe(404);
    expect((await put('admin1', ct4.id, '  ')).statusCode).toBe(400);
    expect((await put('admin1', ct4.id, 'Monthly Class Test 4')).statusCode).toBe(200);
  });
  it('the school admin adds another monthly class test, listed with the others', async () => {
    const add = (as: string, body: Record<string, unknown>) => t.post(as, '/api/exam_name', body);
    const res = await add('admin2', { exam_name: 'Monthly Class Test 5', kind: 'class_test' });
    expect(res.statusCode).toBe(200);
    const list = (await t.get('admin2', '/api/exam_name')).json() as { exam_name: string; kind: string }[];
    expect(list.map((x) => x.exam_name).slice(3, 6)).toEqual([
      'Monthly Class Test 4',
      'Monthly Class Test 5',
      'Half Yearly (Sub)',
    ]);
    expect((await add('admin2', { exam_name: 'Monthly Class Test 5', kind: 'class_test' })).statusCode).toBe(409);
    const badKind = await add('admin2', { exam_name: 'Viva', kind: 'viva' });
    expect(badKind.json().error.fields).toHaveProperty('kind');
    expect((await add('admin2', { exam_name: 'X', kind: 'class_test', school_info_id: S.school1 })).statusCode).toBe(
      403,
    );
    for (const who of ['teacher2', 'viewer1', 'student1'])
      expect((await add(who, { exam_name: 'X', kind: 'class_test' })).statusCode, who).toBe(403);
  });
});

describe('exam setup', () => {
  const create = (as: string, body: Record<string, unknown>) => t.post(as, '/api/exam_info', body);
  const base = () => ({
    session_id: S.current,
    exam_name_id: typeOf('class_test', 3).id,
    class_id: S.six,
    full_marks: 25,
    converted_marks: 20,
    exam_date: `${yearNow()}-12-10`,
  });

  it('creates one exam per section and subject in one action, and refuses a duplicate naming it', async () => {
    const subs = await t.db
      .select({ id: subjects.id, name: subjects.subjectName })
      .from(subjects)
      .where(eq(subjects.classId, S.six))
      .orderBy(asc(subjects.subjectCode))
      .limit(2);
    const res = await create('admin1', {
      ...base(),
      section_ids: [S.sixA, S.sixB],
      subject_ids: subs.map((s) => s.id),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(EXAM_MESSAGES.created);
    expect(body.rows).toHaveLength(4);
    expect(body.rows[0]).toMatchObject({
      full_marks: 25,
      converted_marks: 20,
      class_name: 'Six',
      exam_name: 'Monthly Class Test 4',
    });

    const again = await create('admin1', { ...base(), section_id: S.sixB, subject_id: subs[1].id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain(subs[1].name);
    expect(again.json().error.message).toContain('Monthly Class Test 4');
    // Nothing of a refused batch is kept.
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(exams);
    const mixed = await create('admin1', {
      ...base(),
      section_ids: [S.sixA],
      subject_ids: [
        subs[0].id,
        (
          await t.db
            .select({ id: subjects.id })
            .from(subjects)
            .where(eq(subjects.classId, S.six))
            .orderBy(asc(subjects.subjectCode))
        )[2].id,
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(exams))[0].n).toBe(before[0].n);
  });

  it('marks are bounded numbers: converted ≤ full, both > 0; fields named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ converted_marks: 30 }, 'converted_marks'],
      [{ full_marks: 0 }, 'full_marks'],
      [{ converted_marks: -1 }, 'converted_marks'],
      [{ full_marks: '100' }, 'full_marks'],
      [{ full_marks: 10.555 }, 'full_marks'],
      [{ exam_date: '2026-02-30' }, 'exam_date'],
    ];
    for (const [change, field] of cases) {
      const res = await create('admin1', { ...base(), section_id: S.sixA, subject_id: 1, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(change)).toHaveProperty(field);
    }
    const noSection = await create('admin1', { ...base(), subject_id: 1 });
    expect(noSection.json().error.fields).toHaveProperty('section_id');
  });

  it('refuses another school’s section, type or teacher, and callers other than the admin', async () => {
    const [sub] = await t.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.classId, S.six)).limit(1);
    const otherSection = await create('admin1', { ...base(), section_id: S.school2Section, subject_id: sub.id });
    expect(otherSection.statusCode).toBe(400);
    expect(otherSection.json().error.fields).toHaveProperty('section_id');
    const otherType = await create('admin1', {
      ...base(),
      exam_name_id: S.types2,
      section_id: S.sixA,
      subject_id: sub.id,
    });
    expect(otherType.json().error.fields).toHaveProperty('exam_name_id');
    const [t2] = await t.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.schoolId, S.school2)).limit(1);
    const otherTeacher = await create('admin1', {
      ...base(),
      section_id: S.sixA,
      subject_id: sub.id,
      teacher_id: t2.id,
    });
    expect(otherTeacher.json().error.fields).toHaveProperty('teacher_id');
    const wrongSchool = await create('admin2', {
      ...base(),
      school_info_id: S.school1,
      section_id: S.sixA,
      subject_id: sub.id,
    });
    expect(wrongSchool.statusCode).toBe(403);
    for (const who of ['teacher1', 'student1', 'viewer1', 'superadmin'])
      expect((await create(who, { ...base(), section_id: S.sixA, subject_id: sub.id })).statusCode, who).toBe(403);
  });

  it('lists the school’s exams with the spec’s fields, filtered and paged', async () => {
    const res = await t.get('admin1', `/api/exam_info?session_id=${S.previous}&section_id=${S.sixA}&limit=5`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.rows).toHaveLength(5);
    expect(page.total).toBe(7 * 9); // seven subjects of Class Six, nine exam types
    expect(Object.keys(page.rows[0])).toEqual(
      expect.arrayContaining([
        'session_year',
        'exam_name',
        'class_name',
        'section_default_name',
        'subject_name',
        'full_marks',
        'converted_marks',
        'exam_date',
      ]),
    );
    const next = (
      await t.get('admin1', `/api/exam_info?session_id=${S.previous}&section_id=${S.sixA}&limit=5&offset=5`)
    ).json();
    expect(next.rows[0].id).not.toBe(page.rows[0].id);
    const bySubject = (
      await t.get(
        'admin1',
        `/api/exam_info?session_id=${S.previous}&section_id=${S.sixA}&subject_id=${page.rows[0].subject_id}`,
      )
    ).json();
    expect(bySubject.total).toBe(9);
    // A teacher lists what they may enter marks for, and may enter marks for all of it.
    const mine = (
      await t.get('teacher1', `/api/exam_info?session_id=${S.current}&section_id=${S.sixA}&limit=200`)
    ).json();
    const ids = mine.rows.map((r: { id: number }) => r.id);
    expect(ids).toContain(S.open.id);
    expect(ids).not.toContain(S.notTheirs.id);
    for (const id of ids.slice(0, 5))
      expect((await t.get('teacher1', `/api/student_mark?exam_info_id=${id}`)).statusCode).toBe(200);
    expect((await t.get('viewer1', `/api/exam_info?school_info_id=${S.school1}`)).json().total).toBeGreaterThan(0);
    expect((await t.get('admin1', `/api/exam_info?school_info_id=${S.school2}`)).statusCode).toBe(403);
    expect((await t.get('student1', '/api/exam_info')).statusCode).toBe(403);
    expect((await t.get('admin1', '/api/exam_info?limit=500')).statusCode).toBe(400);
  });
});

describe('mark entry', () => {
  const save = (as: string, mark_update: unknown[], exam = S.open) =>
    t.post(as, '/api/exam_mark', { exam_info_id: exam.id, subject_id: exam.subjectId, mark_update });

  it('the teacher gets the sheet of an exam they teach, by id or by the filters', async () => {
    const res = await t.get('teacher1', `/api/student_mark?exam_info_id=${S.open.id}`);
    expect(res.statusCode).toBe(200);
    const sheet = res.json();
    expect(sheet.locked).toBe(false);
    expect(sheet.rows.map((r: { student_code: string }) => r.student_code)).toEqual(S.pupils.map((p) => p.code));
    expect(sheet.rows.every((r: { marks_obtained: unknown }) => r.marks_obtained === null)).toBe(true);
    const byFilters = await t.get(
      'teacher1',
      `/api/student_mark?session_id=${S.current}&exam_name_id=${sheet.exam.exam_name_id}&section_id=${S.sixA}&subject_id=${S.open.subjectId}`,
    );
    expect(byFilters.json().exam.id).toBe(S.open.id);
    expect((await t.get('teacher1', `/api/student_mark?exam_info_id=${S.notTheirs.id}`)).statusCode).toBe(403);
    expect((await t.get('admin1', `/api/student_mark?exam_info_id=${S.notTheirs.id}`)).statusCode).toBe(200);
    expect((await t.get('admin1', `/api/student_mark?exam_info_id=${S.school2Exam}`)).statusCode).toBe(403);
    expect((await t.get('admin1', '/api/student_mark?exam_info_id=99999999')).statusCode).toBe(404);
    expect((await t.get('admin1', `/api/student_mark?session_id=${S.current}`)).statusCode).toBe(400);
    for (const who of ['student1', 'viewer1'])
      expect((await t.get(who, `/api/student_mark?exam_info_id=${S.open.id}`)).statusCode).toBe(403);
  });

  it('enters, re-enters, marks absent and clears; only changes count and are audited', async () => {
    const [a, b, c] = S.pupils;
    const first = await save('teacher1', [
      { student_id: a.id, mark_obtained: 12.5 },
      { student_id: b.id, mark_obtained: 'absent' },
      { student_id: c.id, mark_obtained: 0 },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('3 students Mark entry successful!!');
    const marks = (res: typeof first) =>
      Object.fromEntries(
        res.json().rows.map((r: { student_id: number; marks_obtained: unknown }) => [r.student_id, r.marks_obtained]),
      );
    expect(marks(first)).toMatchObject({ [a.id]: 12.5, [b.id]: 'absent', [c.id]: 0 });

    const same = await save('teacher1', [{ student_id: a.id, mark_obtained: 12.5 }]);
    expect(same.json()).toMatchObject({ count: 0, message: '0 students Mark entry successful!!' });

    const changed = await save('admin1', [
      { student_id: a.id, mark_obtained: 14 },
      { student_id: c.id, mark_obtained: null },
      { student_id: b.id, mark_obtained: '' },
    ]);
    expect(changed.json().count).toBe(3);
    expect(marks(changed)).toMatchObject({ [a.id]: 14, [b.id]: null, [c.id]: null });
    expect(await t.db.select().from(examMarks).where(eq(examMarks.examId, S.open.id))).toHaveLength(1);

    const audit = await t.get('admin1', `/api/exam_mark/audit?exam_info_id=${S.open.id}`);
    expect(audit.statusCode).toBe(200);
    const trail = audit.json().rows as {
      student_id: number;
      old_mark: unknown;
      new_mark: unknown;
      changed_by: string;
    }[];
    expect(trail).toHaveLength(6);
    expect(audit.json().total).toBe(6);
    const second = (await t.get('admin1', `/api/exam_mark/audit?exam_info_id=${S.open.id}&limit=4&offset=4`)).json();
    expect(second.rows).toEqual(trail.slice(4));
    const ofA = trail.filter((x) => x.student_id === a.id);
    expect(ofA.map((x) => [x.old_mark, x.new_mark])).toEqual([
      [12.5, 14],
      [null, 12.5],
    ]);
    expect(ofA[1].changed_by).toContain('Rafiqul');
    expect(ofA[0].changed_by).toBe('Kamrul Ahsan');
    expect(trail.find((x) => x.student_id === b.id && x.new_mark === null)?.old_mark).toBe('absent');
    expect((await t.get('teacher1', `/api/exam_mark/audit?exam_info_id=${S.open.id}`)).statusCode).toBe(403);
    expect((await t.get('admin2', `/api/exam_mark/audit?exam_info_id=${S.open.id}`)).statusCode).toBe(403);
  });

  it('bounds 0..full marks with a 400 naming the field and the student', async () => {
    const [a, b] = S.pupils;
    const above = await save('teacher1', [
      { student_id: a.id, mark_obtained: 5 },
      { student_id: b.id, mark_obtained: S.open.full + 1 },
    ]);
    expect(above.statusCode).toBe(400);
    const err = above.json().error;
    expect(err.fields['mark_update.1.mark_obtained']).toContain(b.code);
    expect(err.fields['mark_update.1.mark_obtained']).toContain(String(S.open.full));
    for (const bad of [-1, '12', 1.234, true]) {
      const res = await save('teacher1', [{ student_id: a.id, mark_obtained: bad }]);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).join(), String(bad)).toContain('mark_obtained');
    }
    const stranger = await save('teacher1', [{ student_id: S.sixBPupil.id, mark_obtained: 3 }]);
    expect(stranger.json().error.fields).toHaveProperty('mark_update.0.student_id');
    const twice = await save('teacher1', [
      { student_id: a.id, mark_obtained: 3 },
      { student_id: a.id, mark_obtained: 4 },
    ]);
    expect(twice.statusCode).toBe(400);
    const wrongSubject = await t.post('teacher1', '/api/exam_mark', {
      exam_info_id: S.open.id,
      subject_id: S.notTheirs.subjectId,
      mark_update: [{ student_id: a.id, mark_obtained: 3 }],
    });
    expect(wrongSubject.json().error.fields).toHaveProperty('subject_id');
    // Nothing of a refused submit was saved: a's mark is still 14.
    const [row] = await t.db.select().from(examMarks).where(eq(examMarks.examId, S.open.id));
    expect(row.marksObtained).toBe(14);
  });

  it('a teacher enters only what they teach; other schools and read-only users are refused', async () => {
    const a = S.pupils[0];
    expect((await save('teacher1', [{ student_id: a.id, mark_obtained: 3 }], S.notTheirs)).statusCode).toBe(403);
    expect((await save('admin1', [{ student_id: a.id, mark_obtained: 3 }], S.notTheirs)).statusCode).toBe(200);
    expect((await save('admin2', [{ student_id: a.id, mark_obtained: 3 }])).statusCode).toBe(403);
    expect((await save('teacher2', [{ student_id: a.id, mark_obtained: 3 }])).statusCode).toBe(403);
    for (const who of ['student1', 'viewer1', 'superadmin'])
      expect((await save(who, [{ student_id: a.id, mark_obtained: 3 }])).statusCode, who).toBe(403);
  });

  it('DELETE /api/exam_marks/{id} clears a mark the caller may change, audited', async () => {
    const a = S.pupils[3];
    await save('teacher1', [{ student_id: a.id, mark_obtained: 9 }]);
    const [mark] = await t.db
      .select({ id: examMarks.id })
      .from(examMarks)
      .innerJoin(enrolments, eq(enrolments.id, examMarks.enrolmentId))
      .where(and(eq(examMarks.examId, S.open.id), eq(enrolments.studentId, a.id)));
    const del = (as: string, id = mark.id) => t.call(as, { method: 'DELETE', url: `/api/exam_marks/${id}` });
    expect((await del('teacher2')).statusCode).toBe(403);
    expect((await del('admin2')).statusCode).toBe(403);
    expect((await del('viewer1')).statusCode).toBe(403);
    expect((await del('student1')).statusCode).toBe(403);
    expect((await del('teacher1')).statusCode).toBe(200);
    expect((await del('teacher1')).statusCode).toBe(404);
    const trail = (await t.get('admin1', `/api/exam_mark/audit?exam_info_id=${S.open.id}`)).json().rows;
    expect(trail[0]).toMatchObject({ student_id: a.id, old_mark: 9, new_mark: null });
  });

  it('publishing locks the session’s marks; the admin unlocks them', async () => {
    const a = S.pupils[5];
    const publish = (as: string, path: 'publish' | 'unlock', session_id = S.current, extra = {}) =>
      t.post(as, `/api/exam/${path}`, { session_id, ...extra });
    for (const who of ['teacher1', 'student1', 'viewer1', 'superadmin'])
      expect((await publish(who, 'publish')).statusCode, who).toBe(403);
    expect((await publish('admin2', 'publish', S.current, { school_info_id: S.school1 })).statusCode).toBe(403);
    expect((await publish('admin1', 'unlock', S.unpublishedYear)).statusCode).toBe(409);

    await save('teacher1', [{ student_id: a.id, mark_obtained: 7 }]);
    const mine = `student_code=${S.pupils[0].code}&session_id=${S.current}`;
    const early = await t.get('student1', `/api/gradesheet?${mine}`);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('exams.not_published');
    expect((await t.get('student1', `/api/mark?${mine}`)).statusCode).toBe(403);
    expect((await t.get('admin1', `/api/gradesheet?${mine}`)).statusCode).toBe(200);
    const done = await publish('admin1', 'publish');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ published: true, locked: true });
    const locked = await save('teacher1', [{ student_id: a.id, mark_obtained: 8 }]);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('exams.locked');
    expect((await save('admin1', [{ student_id: a.id, mark_obtained: 8 }])).statusCode).toBe(409);
    expect((await t.get('teacher1', `/api/student_mark?exam_info_id=${S.open.id}`)).json().locked).toBe(true);
    const [mark] = await t.db
      .select({ id: examMarks.id })
      .from(examMarks)
      .where(eq(examMarks.examId, S.open.id))
      .limit(1);
    expect((await t.call('teacher1', { method: 'DELETE', url: `/api/exam_marks/${mark.id}` })).statusCode).toBe(409);
    // School 2's marks are not locked by school 1's publication.
    expect((await t.get('admin2', `/api/exam/publication?session_id=${S.current}`)).json().locked).toBe(false);

    const open = await publish('admin1', 'unlock');
    expect(open.json()).toMatchObject({ published: true, locked: false });
    expect((await save('teacher1', [{ student_id: a.id, mark_obtained: 8 }])).json().count).toBe(1);
    expect((await t.get('student1', `/api/exam/publication?session_id=${S.current}`)).json()).toMatchObject({
      published: true,
      locked: false,
    });
    expect((await t.get('student1', `/api/gradesheet?${mine}`)).statusCode).toBe(200);
  });

  it('marks sent again under the same idempotency key (a queued save replayed) are answered, not saved twice', async () => {
    const a = S.pupils[6];
    const payload = {
      exam_info_id: S.open.id,
      subject_id: S.open.subjectId,
      mark_update: [{ student_id: a.id, mark_obtained: 11 }],
    };
    const send = () =>
      t.call('teacher1', {
        method: 'POST',
        url: '/api/exam_mark',
        payload,
        headers: { 'idempotency-key': 'offline-marks-replay-1' },
      });
    const auditOfA = async () =>
      (await t.get('admin1', `/api/exam_mark/audit?exam_info_id=${S.open.id}&limit=100`))
        .json()
        .rows.filter((r: { student_id: number }) => r.student_id === a.id).length;
    const before = await auditOfA();
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(1);
    // Someone changes the mark meanwhile; the replay must not put 11 back.
    await t.post('admin1', '/api/exam_mark', { ...payload, mark_update: [{ student_id: a.id, mark_obtained: 13 }] });
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const sheet = (await t.get('teacher1', `/api/student_mark?exam_info_id=${S.open.id}`)).json();
    expect(sheet.rows.find((r: { student_id: number }) => r.student_id === a.id).marks_obtained).toBe(13);
    expect(await auditOfA()).toBe(before + 2);
  });
});

describe('mark sheet and grade sheet', () => {
  const sheet = (as: string, code: string, session = S.previous, extra = '') =>
    t.get(as, `/api/gradesheet?student_code=${code}&session_id=${session}${extra}`);

  it('a student reads their own published grade sheet: computed, ranked, out of the section', async () => {
    const res = await sheet('student1', S.pupils[0].code);
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({
      school_name: 'Dhanmondi Model High School',
      class_name: 'Six',
      section_default_name: 'A',
    });
    expect(g.subjects).toHaveLength(7);
    expect(g.section_size).toBe(S.pupils.length);
    expect(g.position).toBeGreaterThanOrEqual(1);
    expect(g.position).toBeLessThanOrEqual(g.section_size);
    const sum = g.subjects.reduce((acc: number, s: { total: number }) => acc + s.total, 0);
    expect(g.total_marks).toBeCloseTo(sum, 2);
    for (const s of g.subjects) {
      expect(s.total).toBeCloseTo(
        s.monthly_class_test_average + s.converted + s.attendance_marks + s.extra_curriculum,
        1,
      );
      expect(s.is_fourth_subject).toBe(false);
    }
    const failed = g.subjects.some((s: { grade: string }) => s.grade === 'F');
    if (failed) expect(g.gpa).toBe(0);
    else expect(g.gpa).toBeCloseTo(g.total_grade_point / 7, 2);
  });

  it('the positions of a section agree with GPA, then total; every student of the demo has a sheet', async () => {
    const all = [];
    for (const p of S.pupils) {
      const res = await sheet('admin1', p.code);
      expect(res.statusCode, p.code).toBe(200);
      all.push(res.json());
    }
    for (const a of all)
      for (const b of all) {
        if (a.gpa > b.gpa || (a.gpa === b.gpa && a.total_marks > b.total_marks))
          expect(a.position).toBeLessThan(b.position);
        if (a.gpa === b.gpa && a.total_marks === b.total_marks) expect(a.position).toBe(b.position);
      }
    expect(Math.min(...all.map((g) => g.position))).toBe(1);
  });

  it('the seed: every student of the previous session has a mark or an absence in every exam of theirs', async () => {
    const missing = await t.db.execute(sql`
      select count(*)::int as n
      from ${exams} x
      join ${subjects} s on s.id = x.subject_id
      join ${enrolments} e on e.section_id = x.section_id and e.session_id = x.session_id
      where x.session_id = ${S.previous} and (s.group_id is null or s.group_id = e.group_id)
        and not exists (select 1 from ${examMarks} m where m.exam_id = x.id and m.enrolment_id = e.id)`);
    expect((missing as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    const enrolled = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(eq(enrolments.sessionId, S.previous));
    const current = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(eq(enrolments.sessionId, S.current));
    expect(enrolled[0].n).toBe(current[0].n);
  });

  it('says what each subject was graded on (its maximum and percentage) and the class roll', async () => {
    // A section of one student, roll 7, with one subject half-way through a year: a class test
    // (12 of 20, weight 20) and the half-yearly (Sub 42 of 70 → 49, MCQ 24 of 30 → 21); no final,
    // no attendance taken, no extra-curricular. Converted (29.4 + 16.8) / 2 = 23.1; total 35.1 of
    // 20 + (49 + 21) / 2 = 55: 63.82%, A-. Of 100 it would be a D: the sheet must show the 55.
    const [{ shiftId }] = await t.db
      .select({ shiftId: sections.shiftId })
      .from(sections)
      .where(eq(sections.id, S.sixA));
    const [sec] = await t.db
      .insert(sections)
      .values({ schoolId: S.school1, classId: S.six, shiftId, sectionDefaultName: 'Basis' })
      .returning({ id: sections.id });
    const [u] = await t.db
      .insert(users)
      .values({ userCode: 'basis-pupil', userType: 1, passwordHash: 'x', schoolId: S.school1 })
      .returning({ id: users.id });
    const [st] = await t.db
      .insert(students)
      .values({ userId: u.id, schoolId: S.school1, studentCode: 'S-1-BASIS', firstName: 'Basis' })
      .returning({ id: students.id });
    const [enrolment] = await t.db
      .insert(enrolments)
      .values({
        schoolId: S.school1,
        studentId: st.id,
        sessionId: S.previous,
        shiftId,
        classId: S.six,
        sectionId: sec.id,
        classRollNo: 7,
      })
      .returning({ id: enrolments.id });
    const [{ subjectId }] = await t.db
      .select({ subjectId: exams.subjectId })
      .from(exams)
      .where(and(eq(exams.sectionId, S.sixA), eq(exams.sessionId, S.previous)))
      .limit(1);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin1'));
    const papers: [kind: string, full: number, converted: number, mark: number][] = [
      ['class_test', 20, 20, 12],
      ['half_yearly_sub', 70, 49, 42],
      ['half_yearly_mcq', 30, 21, 24],
    ];
    for (const [kind, full, converted, mark] of papers) {
      const [x] = await t.db
        .insert(exams)
        .values({
          schoolId: S.school1,
          sessionId: S.previous,
          examTypeId: typeOf(kind).id,
          classId: S.six,
          sectionId: sec.id,
          subjectId,
          teacherId: S.teacher1,
          fullMarks: full,
          convertedMarks: converted,
          examDate: `${yearNow() - 1}-06-15`,
        })
        .returning({ id: exams.id });
      await t.db.insert(examMarks).values({
        schoolId: S.school1,
        examId: x.id,
        fullMarks: full,
        sectionId: sec.id,
        sessionId: S.previous,
        enrolmentId: enrolment.id,
        marksObtained: mark,
        absent: false,
        enteredByUserId: admin.id,
      });
    }
    const res = await sheet('admin1', 'S-1-BASIS');
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g.class_roll_no).toBe(7);
    expect(g.attendance_rate).toBeNull();
    expect(g.subjects).toHaveLength(1);
    expect(g.subjects[0]).toMatchObject({
      monthly_class_test_average: 12,
      converted: 23.1,
      total: 35.1,
      maximum: 55,
      percentage: 63.82,
      grade: 'A-',
      gradePoint: 3.5,
    });
  });

  it('attendance marks come from the student’s real attendance over the session', async () => {
    const me = S.pupils[0];
    const [taken] = await t.db
      .execute(
        sql`
      select count(*) filter (where m.status = 1)::int as present, count(*)::int as total
      from attendance_marks m join ${enrolments} e on e.id = m.enrolment_id
      where e.student_id = ${me.id} and e.session_id = ${S.current}`,
      )
      .then((r) => (r as unknown as { rows: { present: number; total: number }[] }).rows);
    expect(taken.total).toBeGreaterThan(0);
    const g = (await sheet('admin1', me.code, S.current)).json();
    expect(g.attendance_rate).toBeCloseTo(taken.present / taken.total, 6);
    for (const s of g.subjects) expect(s.attendance_marks).toBeCloseTo((5 * taken.present) / taken.total, 2);
    // The completed previous session has its own attendance (the seed's morning rolls), counted
    // apart from this session's; with it and every exam held, each subject is graded on 100.
    const [then] = await t.db
      .execute(
        sql`
      select count(*) filter (where m.status = 1)::int as present, count(*)::int as total
      from attendance_marks m join ${enrolments} e on e.id = m.enrolment_id
      where e.student_id = ${me.id} and e.session_id = ${S.previous}`,
      )
      .then((r) => (r as unknown as { rows: { present: number; total: number }[] }).rows);
    expect(then.total).toBeGreaterThan(150);
    const before = (await sheet('admin1', me.code)).json();
    expect(before.attendance_rate).toBeCloseTo(then.present / then.total, 6);
    for (const s of before.subjects) {
      expect(s.attendance_marks).toBeCloseTo((5 * then.present) / then.total, 2);
      expect(s.maximum).toBe(100);
      expect(s.percentage).toBe(s.total);
    }
  });

  it('the seed: the completed previous session has its attendance, a morning roll on each of its school days', async () => {
    const year = yearNow() - 1;
    const rows = await t.db
      .execute(
        sql`
      select count(*)::int as takings, count(distinct t.date)::int as days,
             min(t.date)::text as first, max(t.date)::text as last,
             count(*) filter (where extract(isodow from t.date) in (5, 6))::int as weekend,
             count(*) filter (where to_char(t.date, 'MM-DD') = '12-16')::int as victory_day
      from attendance_takings t join ${routines} r on r.id = t.routine_id
      where r.section_id = ${S.sixA} and r.session_id = ${S.previous}`,
      )
      .then((r) => (r as unknown as { rows: Record<string, number | string>[] }).rows[0]);
    // One taking a school day (the first period), about 200 school days in a year.
    expect(rows.takings).toBe(rows.days);
    expect(rows.days).toBeGreaterThan(150);
    expect(String(rows.first) >= `${year}-01-01`).toBe(true);
    expect(String(rows.last) <= `${year}-12-31`).toBe(true);
    expect(rows.weekend).toBe(0);
    expect(rows.victory_day).toBe(0);
    // Every student of six A in that session is marked at every taking.
    const unmarked = await t.db.execute(sql`
      select count(*)::int as n
      from attendance_takings t
      join ${routines} r on r.id = t.routine_id
      join ${enrolments} e on e.section_id = r.section_id and e.session_id = r.session_id
      where r.section_id = ${S.sixA} and r.session_id = ${S.previous}
        and not exists (select 1 from attendance_marks m where m.taking_id = t.id and m.enrolment_id = e.id)`);
    expect((unmarked as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('a grade sheet read again after a mark changed in the database shows the change', async () => {
    const before = (await sheet('student1', S.pupils[0].code)).json();
    const [mark] = await t.db
      .select({ id: examMarks.id })
      .from(examMarks)
      .innerJoin(enrolments, eq(enrolments.id, examMarks.enrolmentId))
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(and(eq(students.studentCode, S.pupils[0].code), eq(enrolments.sessionId, S.previous)))
      .limit(1);
    // Not through the API: only the database's notification can drop the cached answer.
    await t.db.execute(sql`update exam_marks set marks_obtained = 0, absent = false where id = ${mark.id}`);
    const after = (await sheet('student1', S.pupils[0].code)).json();
    expect(after).not.toEqual(before);
  });

  it('a grade sheet costs the same few queries whatever the section’s size', async () => {
    const pool = (t.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(pool, 'query');
    const queriesFor = async (code: string) => {
      await sheet('admin1', code); // warm the caches (session, sign-in)
      t.app.hotCache.dropSchools(null); // but compute the sheet again: its answer is cached too
      spy.mockClear();
      expect((await sheet('admin1', code)).statusCode).toBe(200);
      return spy.mock.calls.length;
    };
    const [big] = await t.db
      .select({ code: students.studentCode })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(and(eq(enrolments.sectionId, S.nineA), eq(enrolments.sessionId, S.previous)))
      .limit(1);
    const six = await queriesFor(S.pupils[0].code);
    const nine = await queriesFor(big.code);
    spy.mockRestore();
    expect(six).toBeGreaterThan(0);
    expect(six).toBeLessThanOrEqual(12);
    expect(nine).toBe(six);
  });

  it('a Nine Science student’s optional subject is their 4th', async () => {
    const [p] = await t.db
      .select({ code: students.studentCode })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(and(eq(enrolments.sectionId, S.nineA), eq(enrolments.sessionId, S.previous)))
      .limit(1);
    const g = (await sheet('admin1', p.code)).json();
    const fourth = g.subjects.filter((s: { is_fourth_subject: boolean }) => s.is_fourth_subject);
    expect(fourth.map((s: { subject_name: string }) => s.subject_name)).toEqual(['Higher Mathematics']);
  });

  it('who may read: own and published for students; taught sections for teachers; the school for the admin; linked schools for viewers', async () => {
    const [{ shiftId: shiftOfSixA }] = await t.db
      .select({ shiftId: sections.shiftId })
      .from(sections)
      .where(eq(sections.id, S.sixA));
    const me = S.pupils[0].code;
    expect((await sheet('student1', S.pupils[1].code)).statusCode).toBe(403);
    const unpublished = await sheet('student1', me, S.unpublishedYear);
    expect([403, 404]).toContain(unpublished.statusCode);
    expect((await sheet('teacher1', me)).statusCode).toBe(200);
    // teacher1 meets every demo section: a new section nobody teaches, with one student.
    const [sec] = await t.db
      .insert(sections)
      .values({ schoolId: S.school1, classId: S.six, shiftId: shiftOfSixA, sectionDefaultName: 'Z' })
      .returning({ id: sections.id });
    const [u] = await t.db
      .insert(users)
      .values({ userCode: 'far-away', userType: 1, passwordHash: 'x', schoolId: S.school1 })
      .returning({ id: users.id });
    const [st] = await t.db
      .insert(students)
      .values({ userId: u.id, schoolId: S.school1, studentCode: 'S-1-FAR', firstName: 'Far' })
      .returning({ id: students.id });
    await t.db.insert(enrolments).values({
      schoolId: S.school1,
      studentId: st.id,
      sessionId: S.previous,
      shiftId: shiftOfSixA,
      classId: S.six,
      sectionId: sec.id,
      classRollNo: 1,
    });
    const far = { code: 'S-1-FAR' };
    expect((await sheet('teacher1', far.code)).statusCode).toBe(403);
    expect((await sheet('admin1', me)).statusCode).toBe(200);
    expect((await sheet('admin1', S.school2Pupil)).statusCode).toBe(404);
    expect((await sheet('admin2', me, S.previous, `&school_info_id=${S.school1}`)).statusCode).toBe(403);
    expect((await sheet('teacher2', me, S.previous, `&school_info_id=${S.school1}`)).statusCode).toBe(403);
    expect((await sheet('viewer1', me, S.previous, `&school_info_id=${S.school1}`)).statusCode).toBe(200);
    expect((await sheet('viewer1', me)).statusCode).toBe(400);
    expect((await sheet('superadmin', me)).statusCode).toBe(403);
    expect((await sheet('admin1', 'S-1-9999')).statusCode).toBe(404);
  });

  it('the mark sheet: a student’s own published marks, by exam type', async () => {
    const me = S.pupils[0].code;
    const all = await t.get('student1', `/api/mark?student_code=${me}&session_id=${S.previous}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(7 * 9);
    const ct1 = typeOf('class_test', 0).id;
    const one = (
      await t.get('student1', `/api/mark?student_code=${me}&session_id=${S.previous}&exam_name_id=${ct1}`)
    ).json();
    expect(one).toHaveLength(7);
    expect(Object.keys(one[0])).toEqual(
      expect.arrayContaining([
        'student_code',
        'name',
        'class_name',
        'section_default_name',
        'session_year',
        'exam_name',
        'subject_name',
        'marks_obtained',
      ]),
    );
    const byExam = await t.get(
      'student1',
      `/api/exam_mark?student_code=${me}&session_id=${S.previous}&exam_info_id=${(await t.get('admin1', `/api/exam_info?session_id=${S.previous}&section_id=${S.sixA}&limit=1`)).json().rows[0].id}`,
    );
    expect(byExam.json()).toHaveLength(1);
    expect(
      (await t.get('student1', `/api/mark?student_code=${S.pupils[1].code}&session_id=${S.previous}`)).statusCode,
    ).toBe(403);
    expect((await t.get('teacher1', `/api/mark?student_code=${me}&session_id=${S.previous}`)).statusCode).toBe(200);
    expect((await t.get('admin2', `/api/mark?student_code=${me}&session_id=${S.previous}`)).statusCode).toBe(404);
  });
});

describe('the database keeps marks sound whatever code writes', () => {
  const fails = (q: ReturnType<typeof sql>) => expect(t.db.execute(q)).rejects.toThrow();

  it('refuses a mark above full marks, below 0, absent with a number, or lying about its exam', async () => {
    const [x] = await t.db
      .select({
        id: exams.id,
        full: exams.fullMarks,
        sectionId: exams.sectionId,
        sessionId: exams.sessionId,
        schoolId: exams.schoolId,
      })
      .from(exams)
      .where(and(eq(exams.sectionId, S.sixA), eq(exams.sessionId, S.previous)))
      .limit(1);
    const [{ userId }] = await t.db.select({ userId: users.id }).from(users).where(eq(users.userCode, 'admin1'));
    const [mine] = await t.db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, S.sixA), eq(enrolments.sessionId, S.previous)))
      .limit(1);
    const [stranger] = await t.db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, S.sixB), eq(enrolments.sessionId, S.previous)))
      .limit(1);
    await t.db.delete(examMarks).where(and(eq(examMarks.examId, x.id), eq(examMarks.enrolmentId, mine.id)));
    const insert = (
      enrolment: number,
      mark: number | null,
      absent: boolean,
      section = x.sectionId,
      full = x.full,
    ) => sql`
      insert into exam_marks (school_id, exam_id, full_marks, section_id, session_id, enrolment_id, marks_obtained, absent, entered_by_user_id)
      values (${x.schoolId}, ${x.id}, ${full}, ${section}, ${x.sessionId}, ${enrolment}, ${mark}, ${absent}, ${userId})`;
    await fails(insert(mine.id, x.full + 1, false));
    await fails(insert(mine.id, -1, false));
    await fails(insert(mine.id, 5, true));
    await fails(insert(mine.id, null, false));
    await fails(insert(mine.id, x.full + 1, false, x.sectionId, x.full + 10)); // lying about the full marks
    await fails(insert(stranger.id, 5, false, S.sixB)); // lying about the exam's section
    await t.db.execute(insert(mine.id, x.full, false));
    // Full marks cannot drop below a mark already given.
    await fails(sql`update exams set full_marks = ${x.full - 1}, converted_marks = 1 where id = ${x.id}`);
    // Raising them carries to the marks.
    await t.db.execute(sql`update exams set full_marks = ${x.full + 5} where id = ${x.id}`);
    const [m] = await t.db
      .select({ full: examMarks.fullMarks })
      .from(examMarks)
      .where(and(eq(examMarks.examId, x.id), eq(examMarks.enrolmentId, mine.id)));
    expect(m.full).toBe(x.full + 5);
  });

  it('refuses converted above full, non-positive marks, a second exam of a kind, and a section of another school', async () => {
    const [x] = await t.db.select().from(exams).where(eq(exams.sessionId, S.previous)).limit(1);
    const copy = (change: Record<string, unknown>) => {
      const v = { ...x, ...change };
      return sql`insert into exams (school_id, session_id, exam_type_id, class_id, section_id, subject_id, full_marks, converted_marks)
        values (${v.schoolId}, ${v.sessionId}, ${v.examTypeId}, ${v.classId}, ${v.sectionId}, ${v.subjectId}, ${v.fullMarks}, ${v.convertedMarks})`;
    };
    await fails(copy({})); // one of a kind per subject, section and session
    await fails(copy({ sessionId: S.unpublishedYear, convertedMarks: x.fullMarks + 1 }));
    await fails(copy({ sessionId: S.unpublishedYear, fullMarks: 0, convertedMarks: 0 }));
    await fails(copy({ sessionId: S.unpublishedYear, sectionId: S.school2Section }));
    await fails(copy({ sessionId: S.unpublishedYear, examTypeId: S.types2 }));
    await t.db.execute(copy({ sessionId: S.unpublishedYear }));
  });
});

describe('queued mark saves (entered_at): marks changed since stand', () => {
  const save = (as: string, mark_update: unknown[], extra: Record<string, unknown> = {}, key?: string) =>
    t.call(as, {
      method: 'POST',
      url: '/api/exam_mark',
      payload: { exam_info_id: S.open.id, subject_id: S.open.subjectId, mark_update, ...extra },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const markNow = async (studentId: number) =>
    (await t.get('admin1', `/api/student_mark?exam_info_id=${S.open.id}`))
      .json()
      .rows.find((r: { student_id: number }) => r.student_id === studentId).marks_obtained;
  const auditCount = async () => (await t.get('admin1', `/api/exam_mark/audit?exam_info_id=${S.open.id}`)).json().total;
  const tick = () => new Promise((r) => setTimeout(r, 20));
  // The server's clock (the run's), which stamps an admin's change too.
  const now = () => schoolNow().toUTC().toISO()!;

  it('keeps the marks an admin changed after the phone entry, saves the rest, and names the kept students', async () => {
    const [a, b, c, d] = S.pupils.slice(7, 11);
    await save('teacher1', [
      { student_id: a.id, mark_obtained: 5 },
      { student_id: b.id, mark_obtained: 6 },
      { student_id: c.id, mark_obtained: 7 },
    ]);
    await tick();
    const enteredAt = now();
    await tick();
    // Meanwhile, at school: the admin changes a, clears c and enters d.
    const admin = await save('admin1', [
      { student_id: a.id, mark_obtained: 15 },
      { student_id: c.id, mark_obtained: null },
      { student_id: d.id, mark_obtained: 15 },
    ]);
    expect(admin.json().count).toBe(3);
    const before = await auditCount();
    const queued = await save(
      'teacher1',
      [
        { student_id: a.id, mark_obtained: 9 },
        { student_id: b.id, mark_obtained: 8 },
        { student_id: c.id, mark_obtained: 7 },
        // The same value the admin entered: nothing to keep, nothing to save.
        { student_id: d.id, mark_obtained: 15 },
      ],
      { entered_at: enteredAt },
    );
    expect(queued.statusCode).toBe(200);
    const body = queued.json();
    expect(body.count).toBe(1);
    expect([...body.kept].sort((x: number, y: number) => x - y)).toEqual([a.id, c.id].sort((x, y) => x - y));
    expect(body.code).toBe('exams.marks_kept');
    expect(body.message).toBe(
      '1 students Mark entry successful!! 2 marks were changed by someone else after you entered them; their marks stand.',
    );
    const rowOf = (id: number) => body.rows.find((r: { student_id: number }) => r.student_id === id).marks_obtained;
    expect([rowOf(a.id), rowOf(b.id), rowOf(c.id), rowOf(d.id)]).toEqual([15, 8, null, 15]);
    expect(await markNow(a.id)).toBe(15);
    expect(await markNow(c.id)).toBe(null);
    // Only b's change was written and audited.
    expect(await auditCount()).toBe(before + 1);
  });

  it('a change entered before the phone entry does not stand against it; equal values are not reported', async () => {
    const [e] = S.pupils.slice(11, 12);
    await save('admin1', [{ student_id: e.id, mark_obtained: 4 }]);
    await tick();
    const res = await save('teacher1', [{ student_id: e.id, mark_obtained: 10 }], { entered_at: now() });
    expect(res.json()).toMatchObject({ count: 1, kept: [], code: 'exams.marks_saved' });
    expect(await markNow(e.id)).toBe(10);
    // Sent again (the same marks, a later entry): equal to what stands, so neither kept nor counted.
    const again = await save('teacher1', [{ student_id: e.id, mark_obtained: 10 }], { entered_at: now() });
    expect(again.json()).toMatchObject({ count: 0, kept: [] });
  });

  it('two saves queued on the phone, sent in order: the later entry is saved over the earlier one', async () => {
    const [f] = S.pupils.slice(12, 13);
    const first = now();
    await tick();
    const second = now();
    await tick();
    expect(
      (await save('teacher1', [{ student_id: f.id, mark_obtained: 3 }], { entered_at: first })).json(),
    ).toMatchObject({ count: 1, kept: [] });
    expect(
      (await save('teacher1', [{ student_id: f.id, mark_obtained: 4 }], { entered_at: second })).json(),
    ).toMatchObject({ count: 1, kept: [] });
    expect(await markNow(f.id)).toBe(4);
    // An entry older than the last one that counts (another phone, sent later) does not replace it.
    const older = await save('teacher1', [{ student_id: f.id, mark_obtained: 2 }], { entered_at: first });
    expect(older.json()).toMatchObject({ count: 0, kept: [f.id] });
    expect(await markNow(f.id)).toBe(4);
  });

  it('a queued save replayed under a new key (its answer purged) changes nothing, even after someone changed a mark', async () => {
    const [g, h] = S.pupils.slice(13, 15);
    const body = [
      { student_id: g.id, mark_obtained: 11 },
      { student_id: h.id, mark_obtained: 'absent' },
    ];
    const enteredAt = now();
    await tick();
    const first = await save('teacher1', body, { entered_at: enteredAt }, 'queued-marks-first');
    expect(first.json()).toMatchObject({ count: 2, kept: [] });
    // Replayed as it was: its own audit rows are not "later" than itself, and the values are equal.
    const replay = await save('teacher1', body, { entered_at: enteredAt }, 'queued-marks-replay-1');
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.json()).toMatchObject({ count: 0, kept: [] });
    // The admin corrects g; a later replay must not put 11 back.
    await save('admin1', [{ student_id: g.id, mark_obtained: 13 }]);
    const before = await auditCount();
    const late = await save('teacher1', body, { entered_at: enteredAt }, 'queued-marks-replay-2');
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ count: 0, kept: [g.id] });
    expect(await markNow(g.id)).toBe(13);
    expect(await markNow(h.id)).toBe('absent');
    expect(await auditCount()).toBe(before);
  });

  it('entered_at in the future (beyond 5 minutes), older than 7 days or not a date-time is a 400 naming it', async () => {
    const [i] = S.pupils.slice(15, 16);
    const before = await markNow(i.id);
    const at = (ms: number) => schoolNow().plus(ms).toUTC().toISO()!;
    const cases: [string, string | null][] = [
      [at(10 * 60_000), 'exams.entered_at_future'],
      [at(-8 * 24 * 3600_000), 'exams.entered_at_too_old'],
      ['yesterday', null],
      ['2026-01-05T10:00:00', null],
    ];
    for (const [enteredAt, code] of cases) {
      const res = await save('teacher1', [{ student_id: i.id, mark_obtained: 1 }], { entered_at: enteredAt });
      expect(res.statusCode, enteredAt).toBe(400);
      expect(Object.keys(res.json().error.fields), enteredAt).toEqual(['entered_at']);
      if (code) expect(res.json().error.code, enteredAt).toBe(code);
    }
    expect(await markNow(i.id)).toBe(before);
    // A phone clock a little fast, and an entry six days old, are believed.
    for (const enteredAt of [at(2 * 60_000), at(-6 * 24 * 3600_000)])
      expect(
        (await save('teacher1', [{ student_id: i.id, mark_obtained: 1 }], { entered_at: enteredAt })).statusCode,
        enteredAt,
      ).toBe(200);
  });

  it('without entered_at a save overwrites a newer change, as before', async () => {
    const [j] = S.pupils.slice(16, 17);
    await save('teacher1', [{ student_id: j.id, mark_obtained: 2 }]);
    await save('admin1', [{ student_id: j.id, mark_obtained: 12 }]);
    const res = await save('teacher1', [{ student_id: j.id, mark_obtained: 2 }]);
    expect(res.json()).toMatchObject({ count: 1, kept: [], code: 'exams.marks_saved' });
    expect(await markNow(j.id)).toBe(2);
  });
});
