/**
 * Subject registration: the save's rules (a 4th subject that is also compulsory is 400
 * naming it, a second 4th subject is 409, all or nothing), the edit, the two paged lists, the
 * deletes with the spec's messages, the school boundary, and the grade sheet following the
 * registered 4th subject (its cached answer dropped when a registration changes).
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { SUBJECT_REGISTRATION_MESSAGES as MESSAGES } from '@/api/schemas/subject-registration';
import {
  academicSessions,
  classes,
  enrolments,
  sections,
  studentGroups,
  students,
  subjectRegistrations,
  subjects,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
const S = {} as {
  school1: number;
  school2: number;
  current: number;
  previous: number;
  nineA: number;
  science: number[];
  humanities: number[];
  otherSchoolStudent: number;
  bangla: number;
  english: number;
  physics: number;
  higherMath: number;
  agriculture: number;
};

const subjectOf = async (classId: number, name: string) =>
  (
    await t.db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.classId, classId), eq(subjects.subjectName, name)))
  )[0].id;

beforeAll(async () => {
  t = await createTestApp();
  const schoolOf = async (code: string) =>
    (await t.db.select({ s: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].s!;
  S.school1 = await schoolOf('admin1');
  S.school2 = await schoolOf('admin2');
  const sessions = await t.db.select().from(academicSessions);
  const year = schoolToday().year;
  S.current = sessions.find((x) => x.sessionYear === String(year))!.id;
  S.previous = sessions.find((x) => x.sessionYear === String(year - 1))!.id;
  const [nine] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Nine'));
  const sectionOf = async (name: string) =>
    (
      await t.db
        .select({ id: sections.id })
        .from(sections)
        .where(
          and(eq(sections.schoolId, S.school1), eq(sections.classId, nine.id), eq(sections.sectionDefaultName, name)),
        )
    )[0].id;
  // The demo's senior A sections are Science, the B sections Humanities and Business Studies.
  S.nineA = await sectionOf('A');
  const nineB = await sectionOf('B');
  const inGroup = async (group: string, sectionId = S.nineA) =>
    (
      await t.db
        .select({ id: enrolments.studentId })
        .from(enrolments)
        .innerJoin(studentGroups, eq(studentGroups.id, enrolments.groupId))
        .where(
          and(eq(enrolments.sectionId, sectionId), eq(enrolments.sessionId, S.current), eq(studentGroups.name, group)),
        )
        .orderBy(enrolments.classRollNo)
    ).map((r) => r.id);
  S.science = await inGroup('Science');
  S.humanities = await inGroup('Humanities', nineB);
  S.otherSchoolStudent = (
    await t.db.select({ id: students.id }).from(students).where(eq(students.schoolId, S.school2)).limit(1)
  )[0].id;
  S.bangla = await subjectOf(nine.id, 'Bangla');
  S.english = await subjectOf(nine.id, 'English');
  S.physics = await subjectOf(nine.id, 'Physics');
  S.higherMath = await subjectOf(nine.id, 'Higher Mathematics');
  S.agriculture = await subjectOf(nine.id, 'Agriculture');
  expect(S.science.length).toBeGreaterThan(3);
  expect(S.humanities.length).toBeGreaterThan(0);
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>, as = 'admin1') =>
  t.post(as, '/api/save/subjectRegistration', { session_id: S.current, ...body });

const rowsOf = async (studentId: number, sessionId = S.current) =>
  t.db
    .select({ subjectId: subjectRegistrations.subjectId, fourth: subjectRegistrations.fourth })
    .from(subjectRegistrations)
    .innerJoin(enrolments, eq(enrolments.id, subjectRegistrations.enrolmentId))
    .where(and(eq(enrolments.studentId, studentId), eq(enrolments.sessionId, sessionId)))
    .orderBy(subjectRegistrations.subjectId);

describe('GET /api/search/subjects', () => {
  it('lists the section’s class subjects, a group’s electives only when a group is named', async () => {
    const all = await t.get('admin1', `/api/search/subjects?section_id=${S.nineA}&session_id=${S.current}`);
    expect(all.statusCode, all.body).toBe(200);
    const names = all.json().map((s: { subject_name: string }) => s.subject_name);
    expect(names).toEqual(expect.arrayContaining(['Bangla', 'Physics', 'History', 'Higher Mathematics']));
    const hm = all.json().find((s: { subject_name: string }) => s.subject_name === 'Higher Mathematics');
    expect(hm).toMatchObject({ optional: true, division_name: 'Science' });

    const [sci] = await t.db.select().from(studentGroups).where(eq(studentGroups.name, 'Science'));
    const science = await t.get('admin1', `/api/search/subjects?section_id=${S.nineA}&group_id=${sci.id}`);
    const sciNames = science.json().map((s: { subject_name: string }) => s.subject_name);
    expect(sciNames).toContain('Physics');
    expect(sciNames).toContain('Agriculture'); // for every group
    expect(sciNames).not.toContain('History');
  });

  it('needs a class or a section', async () => {
    const res = await t.get('admin1', '/api/search/subjects');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('class_id');
  });
});

describe('POST /api/save/subjectRegistration', () => {
  it('registers the chosen students for the subjects and the 4th subject; saving again changes nothing', async () => {
    const [a, b] = S.science;
    const body = {
      studentChecked: [{ id: a, full_name: 'ignored' }, b],
      subjectChecked: [{ id: S.bangla }, { id: S.physics }],
      forthChecked: [{ id: S.higherMath }],
      school_info_id: S.school1,
      id: '',
    };
    const res = await save(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.saved, saved: 6, unchanged: 0 });
    expect(await rowsOf(a)).toEqual(
      [
        { subjectId: S.bangla, fourth: false },
        { subjectId: S.physics, fourth: false },
        { subjectId: S.higherMath, fourth: true },
      ].sort((x, y) => x.subjectId - y.subjectId),
    );
    const again = await save(body);
    expect(again.json()).toMatchObject({ message: MESSAGES.saved, saved: 0, unchanged: 6 });
  });

  it('refuses a 4th subject that is also chosen as compulsory: 400 naming it, nothing written', async () => {
    const c = S.science[2];
    const res = await save({ studentChecked: [c], subjectChecked: [S.higherMath], forthChecked: [S.higherMath] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('subject_registration.fourth_is_compulsory');
    expect(res.json().error.message).toContain('Higher Mathematics');
    expect(await rowsOf(c)).toEqual([]);
  });

  it('refuses a 4th subject the student already takes as compulsory (and the reverse), naming it', async () => {
    const c = S.science[2];
    expect((await save({ studentChecked: [c], subjectChecked: [S.agriculture] })).statusCode).toBe(200);
    const res = await save({ studentChecked: [c], forthChecked: [S.agriculture] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Agriculture');
    const [a] = S.science; // Higher Mathematics is a's 4th subject
    const reverse = await save({ studentChecked: [a], subjectChecked: [S.higherMath] });
    expect(reverse.statusCode).toBe(400);
    expect(reverse.json().error.message).toContain('Higher Mathematics');
  });

  it('a second, different 4th subject is 409, and the whole save is refused (all or nothing)', async () => {
    const [a, , , d] = S.science; // a has Higher Mathematics as 4th, d nothing yet
    const res = await save({ studentChecked: [d, a], subjectChecked: [S.english], forthChecked: [S.agriculture] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('subject_registration.fourth_taken');
    expect(res.json().error.message).toContain('Higher Mathematics');
    expect(await rowsOf(d)).toEqual([]);
    expect((await rowsOf(a)).filter((r) => r.subjectId === S.english)).toEqual([]);
  });

  it('the database itself refuses a second 4th subject and a subject both compulsory and 4th', async () => {
    const [enr] = await t.db
      .select({ id: enrolments.id, classId: enrolments.classId })
      .from(enrolments)
      .where(and(eq(enrolments.studentId, S.science[0]), eq(enrolments.sessionId, S.current)));
    const row = { schoolId: S.school1, enrolmentId: enr.id, classId: enr.classId };
    await expect(
      t.db.insert(subjectRegistrations).values({ ...row, subjectId: S.agriculture, fourth: true }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(subjectRegistrations).values({ ...row, subjectId: S.higherMath, fourth: false }),
    ).rejects.toThrow();
  });

  it('refuses more than one 4th subject, a subject that cannot be a 4th, another group’s or class’s subject', async () => {
    const [h] = S.humanities;
    const two = await save({ studentChecked: [h], forthChecked: [S.agriculture, S.higherMath] });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.code).toBe('subject_registration.one_fourth');
    const notOptional = await save({ studentChecked: [h], forthChecked: [S.bangla] });
    expect(notOptional.json().error).toMatchObject({ code: 'subject_registration.not_optional' });
    const group = await save({ studentChecked: [h], subjectChecked: [S.physics] });
    expect(group.statusCode).toBe(400);
    expect(group.json().error.code).toBe('subject_registration.wrong_group');
    const [six] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Six'));
    const sixBangla = await subjectOf(six.id, 'Bangla');
    const cls = await save({ studentChecked: [h], subjectChecked: [sixBangla] });
    expect(cls.json().error.code).toBe('subject_registration.wrong_class');
    const none = await save({ studentChecked: [], subjectChecked: [S.bangla] });
    expect(none.json().error.code).toBe('subject_registration.nothing_chosen');
    expect(await rowsOf(h)).toEqual([]);
  });

  it('with an id, edits: the chosen students’ registrations become exactly the chosen ones', async () => {
    const [a] = S.science;
    const [any] = await t.db
      .select({ id: subjectRegistrations.id })
      .from(subjectRegistrations)
      .where(eq(subjectRegistrations.schoolId, S.school1))
      .limit(1);
    const res = await save({
      id: any.id,
      studentChecked: [a],
      subjectChecked: [S.bangla, S.english],
      forthChecked: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.updated);
    expect(await rowsOf(a)).toEqual(
      [S.bangla, S.english].sort((x, y) => x - y).map((subjectId) => ({ subjectId, fourth: false })),
    );
  });

  it('stays in the admin’s school: another school is 403, its students are not enrolled here', async () => {
    const other = await save({ school_info_id: S.school2, studentChecked: [S.science[5]], subjectChecked: [S.bangla] });
    expect(other.statusCode).toBe(403);
    const foreign = await save({ studentChecked: [S.otherSchoolStudent], subjectChecked: [S.bangla] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('subject_registration.not_enrolled');
    const [theirs] = await t.db
      .select({ id: subjectRegistrations.id })
      .from(subjectRegistrations)
      .where(eq(subjectRegistrations.schoolId, S.school2))
      .limit(1);
    expect((await save({ id: theirs.id, studentChecked: [S.science[5]], subjectChecked: [S.bangla] })).statusCode).toBe(
      403,
    );
    expect((await rowsOf(S.science[5])).length).toBe(0);
    expect(
      (await t.call('teacher1', { method: 'POST', url: '/api/save/subjectRegistration', payload: {} })).statusCode,
    ).toBe(403);
  });
});

describe('the lists and the deletes', () => {
  it('pages the school’s registrations, filtered by section, session and student', async () => {
    const page = await t.get(
      'admin1',
      `/api/subjectList?section_id=${S.nineA}&session_id=${S.current}&limit=2&offset=0`,
    );
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(subjectRegistrations)
      .innerJoin(enrolments, eq(enrolments.id, subjectRegistrations.enrolmentId))
      .where(
        and(
          eq(enrolments.sectionId, S.nineA),
          eq(enrolments.sessionId, S.current),
          eq(subjectRegistrations.fourth, false),
        ),
      );
    expect(body.total).toBe(n);
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0]).toMatchObject({ class_name: 'Nine', section_default_name: 'A' });
    expect(body.rows[0]).toHaveProperty('student_code');
    expect(body.rows[0]).toHaveProperty('division_name');

    const fourth = await t.get('admin1', `/api/forthSubjectList?student_id=${S.science[1]}&session_id=${S.current}`);
    expect(fourth.json().rows.map((r: { subject_name: string }) => r.subject_name)).toEqual(['Higher Mathematics']);

    // The seeded previous session: every school-1 row, none of school 2.
    const prev = await t.get('admin1', `/api/forthSubjectList?session_id=${S.previous}&limit=200`);
    expect(prev.json().total).toBeGreaterThan(0);
    const codes = prev.json().rows.map((r: { student_code: string }) => r.student_code);
    const school2Codes = new Set(
      (await t.db.select({ c: students.studentCode }).from(students).where(eq(students.schoolId, S.school2))).map(
        (r) => r.c,
      ),
    );
    expect(codes.some((c: string) => school2Codes.has(c))).toBe(false);
    expect((await t.get('admin1', `/api/subjectList?school_info_id=${S.school2}`)).statusCode).toBe(403);
  });

  it('lists the details one row per student with their subjects, paged by student (not 341 rows a section)', async () => {
    const [a, b] = [S.science[2], S.science[3]];
    for (const student of [a, b]) {
      const r = await save({ studentChecked: [student], subjectChecked: [S.bangla, S.english, S.physics] });
      expect(r.statusCode, r.body).toBe(200);
    }
    const one = await t.get('admin1', `/api/subjectList/students?student_id=${a}&session_id=${S.current}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().total).toBe(1);
    const [row] = one.json().rows;
    expect(row).toMatchObject({
      student_id: a,
      class_name: 'Nine',
      section_default_name: 'A',
      division_name: 'Science',
    });
    const names = row.subjects.map((x: { subject_name: string }) => x.subject_name);
    expect(names).toEqual(expect.arrayContaining(['Bangla', 'English', 'Physics']));
    // Not the 4th subject: that list is /api/forthSubjectList.
    expect(names).not.toContain('Higher Mathematics');
    // Each subject is its registration, which the delete takes.
    const physics = row.subjects.find((x: { subject_id: number }) => x.subject_id === S.physics);
    const [reg] = await t.db
      .select({ id: subjectRegistrations.id })
      .from(subjectRegistrations)
      .innerJoin(enrolments, eq(enrolments.id, subjectRegistrations.enrolmentId))
      .where(
        and(
          eq(enrolments.studentId, a),
          eq(enrolments.sessionId, S.current),
          eq(subjectRegistrations.subjectId, S.physics),
        ),
      );
    expect(physics.id).toBe(reg.id);

    // The section: pages of students in roll order; total counts students.
    const page = await t.get(
      'admin1',
      `/api/subjectList/students?section_id=${S.nineA}&session_id=${S.current}&limit=2&offset=0`,
    );
    expect(page.statusCode, page.body).toBe(200);
    const registered = await t.db
      .selectDistinct({ e: enrolments.id })
      .from(subjectRegistrations)
      .innerJoin(enrolments, eq(enrolments.id, subjectRegistrations.enrolmentId))
      .where(
        and(
          eq(enrolments.sectionId, S.nineA),
          eq(enrolments.sessionId, S.current),
          eq(subjectRegistrations.fourth, false),
        ),
      );
    expect(page.json().total).toBe(registered.length);
    expect(page.json().total).toBeGreaterThanOrEqual(2);
    expect(page.json().rows).toHaveLength(2);
    const rolls = page.json().rows.map((r: { class_roll_no: number }) => r.class_roll_no);
    expect(rolls[0]).toBeLessThan(rolls[1]);
    const next = await t.get(
      'admin1',
      `/api/subjectList/students?section_id=${S.nineA}&session_id=${S.current}&limit=2&offset=2`,
    );
    expect(next.json().rows[0]?.class_roll_no ?? Infinity).toBeGreaterThan(rolls[1]);
    expect((await t.get('admin1', `/api/subjectList/students?school_info_id=${S.school2}`)).statusCode).toBe(403);
  });

  it('deletes one of each kind with the spec’s messages; the wrong kind is 404, another school’s 403', async () => {
    const ofKind = async (fourth: boolean, school = S.school1) =>
      (
        await t.db
          .select({ id: subjectRegistrations.id })
          .from(subjectRegistrations)
          .innerJoin(enrolments, eq(enrolments.id, subjectRegistrations.enrolmentId))
          .where(
            and(
              eq(subjectRegistrations.schoolId, school),
              eq(subjectRegistrations.fourth, fourth),
              inArray(enrolments.sessionId, [S.current, S.previous]),
            ),
          )
          .limit(1)
      )[0].id;
    const del = (url: string, as = 'admin1') => t.call(as, { method: 'DELETE', url });
    const compulsory = await ofKind(false);
    const fourth = await ofKind(true);
    expect((await del(`/api/forthSubject/delete?id=${compulsory}`)).statusCode).toBe(404);
    expect((await del(`/api/subRegistration/delete?id=${fourth}`)).statusCode).toBe(404);
    expect((await del(`/api/subRegistration/delete?id=${compulsory}`, 'admin2')).statusCode).toBe(403);

    const one = await del(`/api/subRegistration/delete?id=${compulsory}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe('Subjcet deleted successfully');
    const two = await del(`/api/forthSubject/delete?id=${fourth}`);
    expect(two.json().message).toBe('Subjcet Forth deleted successfully');
    const left = await t.db
      .select({ id: subjectRegistrations.id })
      .from(subjectRegistrations)
      .where(inArray(subjectRegistrations.id, [compulsory, fourth]));
    expect(left).toEqual([]);
    expect((await del(`/api/subRegistration/delete?id=${compulsory}`)).statusCode).toBe(404);
  });
});

describe('the grade sheet uses the registered 4th subject', () => {
  it('the seeded 4th subject is the sheet’s; making it compulsory changes the GPA at once', async () => {
    // A Science student of last year's Nine A, with Higher Mathematics as the seeded 4th subject,
    // who passed and did not fail it (so counting it as compulsory must change the GPA's sum).
    const candidates = await t.db
      .select({ studentId: enrolments.studentId, code: students.studentCode, enrolmentId: enrolments.id })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .innerJoin(subjectRegistrations, eq(subjectRegistrations.enrolmentId, enrolments.id))
      .where(
        and(
          eq(enrolments.sectionId, S.nineA),
          eq(enrolments.sessionId, S.previous),
          eq(subjectRegistrations.subjectId, S.higherMath),
          eq(subjectRegistrations.fourth, true),
        ),
      )
      .orderBy(enrolments.classRollNo);
    type Sheet = {
      gpa: number;
      total_grade_point: number;
      subjects: { subject_name: string; is_fourth_subject: boolean; gradePoint: number }[];
    };
    const urlOf = (code: string) => `/api/gradesheet?student_code=${code}&session_id=${S.previous}`;
    let enr: (typeof candidates)[number] | undefined;
    let before: Sheet | undefined;
    for (const c of candidates) {
      const sheet: Sheet = (await t.get('admin1', urlOf(c.code))).json();
      const hm = sheet.subjects.find((x) => x.subject_name === 'Higher Mathematics');
      if (sheet.gpa > 0 && sheet.gpa < 5 && hm && hm.gradePoint > 0) {
        [enr, before] = [c, sheet];
        break;
      }
    }
    if (!enr || !before) throw new Error('no seeded student fits');
    const url = urlOf(enr.code);
    const fourthOf = (s: Sheet) => s.subjects.filter((x) => x.is_fourth_subject).map((x) => x.subject_name);
    expect(fourthOf(before)).toEqual(['Higher Mathematics']);

    // Edit: the same subjects, Higher Mathematics now compulsory and no 4th subject.
    const subjectIds = (
      await t.db
        .select({ id: subjectRegistrations.subjectId })
        .from(subjectRegistrations)
        .where(eq(subjectRegistrations.enrolmentId, enr.enrolmentId))
    ).map((r) => r.id);
    const [any] = await t.db
      .select({ id: subjectRegistrations.id })
      .from(subjectRegistrations)
      .where(eq(subjectRegistrations.enrolmentId, enr.enrolmentId))
      .limit(1);
    const edit = await save({
      id: any.id,
      session_id: S.previous,
      studentChecked: [enr.studentId],
      subjectChecked: subjectIds,
      forthChecked: [],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after: Sheet = (await t.get('admin1', url)).json();
    expect(fourthOf(after)).toEqual([]);
    expect(after.subjects.length).toBe(before.subjects.length);
    expect(after.total_grade_point).not.toBe(before.total_grade_point);
    expect(after.gpa).not.toBe(before.gpa);
  });
});
