/**
 * The grade sheet PDFs (server/routes/gradesheet-pdf.ts): the same readers as the JSON grade
 * sheet, real PDFs (one page a student for a section), labels in the asked or the caller's
 * language, and no query per student for a section.
 */
import { and, asc, eq } from 'drizzle-orm';
import { academicSessions, classes, enrolments, sections, students, users, viewerSchools } from '@server/db/schema';
import type { Gradesheet } from '@/api/schemas/exams';
import { gradesheetPdf } from '@server/services/gradesheet-pdf';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
const S = {} as {
  school1: number;
  school2: number;
  previous: number;
  next: number;
  sixA: number;
  school2Section: number;
  pupils: string[];
  school2Pupil: string;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const schoolOf = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  S.school1 = await schoolOf('admin1');
  S.school2 = await schoolOf('admin2');
  const year = schoolToday().year;
  const sessions = await db.select().from(academicSessions);
  S.previous = sessions.find((s) => s.sessionYear === String(year - 1))!.id;
  S.next = sessions.find((s) => s.sessionYear === String(year + 1))!.id;
  const [six] = await db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Six'));
  const sectionOf = async (school: number) =>
    (
      await db
        .select({ id: sections.id })
        .from(sections)
        .where(and(eq(sections.schoolId, school), eq(sections.classId, six.id), eq(sections.sectionDefaultName, 'A')))
    )[0].id;
  S.sixA = await sectionOf(S.school1);
  S.school2Section = await sectionOf(S.school2);
  const pupilsOf = async (section: number) =>
    (
      await db
        .select({ code: students.studentCode })
        .from(enrolments)
        .innerJoin(students, eq(students.id, enrolments.studentId))
        .where(and(eq(enrolments.sectionId, section), eq(enrolments.sessionId, S.previous)))
        .orderBy(asc(enrolments.classRollNo))
    ).map((r) => r.code);
  S.pupils = await pupilsOf(S.sixA);
  S.school2Pupil = (await pupilsOf(S.school2Section))[0];
}, 120_000);
afterAll(() => t.close());

const one = (as: string, code: string, extra = '') =>
  t.get(as, `/api/gradesheet/pdf?student_code=${code}&session_id=${S.previous}${extra}`);
const section = (as: string, sectionId: number, extra = '') =>
  t.get(as, `/api/gradesheet/section/pdf?section_id=${sectionId}&session_id=${S.previous}${extra}`);

const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

const textOf = pdfText;

describe('one student’s grade sheet PDF', () => {
  it('the student downloads their own published sheet: a one-page PDF named after them', async () => {
    const me = S.pupils[0];
    const res = await one('student1', me, '&lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="gradesheet-S-1-\d+-\d{4}\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pagesOf(res.rawPayload)).toBe(1);
    const json = (await t.get('student1', `/api/gradesheet?student_code=${me}&session_id=${S.previous}`)).json();
    const text = await textOf(res.rawPayload);
    expect(text).toContain('Yearly Calculation');
    expect(text).toContain(json.name);
    expect(text).toContain(json.gpa.toFixed(2));
    expect(text).toContain(json.subjects[0].subject_name);
    expect(text).toContain('Class Teacher’s Comment');
  });

  it('labels follow lang, else the caller’s language setting', async () => {
    const me = S.pupils[0];
    const bn = await one('student1', me, '&lang=bn');
    expect(bn.statusCode).toBe(200);
    const text = await textOf(bn.rawPayload);
    expect(text).not.toContain('Yearly Calculation');
    expect(text).toContain('নাম');
    await t.db.update(users).set({ language: 'bn' }).where(eq(users.userCode, 'student1'));
    try {
      const byUser = await textOf((await one('student1', me)).rawPayload);
      expect(byUser).not.toContain('Yearly Calculation');
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.userCode, 'student1'));
    }
    const english = await textOf((await one('student1', me)).rawPayload);
    expect(english).toContain('Yearly Calculation');
    expect((await one('student1', me, '&lang=fr')).statusCode).toBe(400);
  });

  it('who may download: the same readers as the JSON grade sheet', async () => {
    const me = S.pupils[0];
    expect((await one('student1', S.pupils[1])).statusCode).toBe(403);
    expect((await t.get('student1', `/api/gradesheet/pdf?student_code=${me}&session_id=${S.next}`)).statusCode).oneOf([
      403, 404,
    ]);
    expect((await one('teacher1', me)).statusCode).toBe(200);
    expect((await one('admin1', me)).statusCode).toBe(200);
    expect((await one('admin1', S.school2Pupil)).statusCode).toBe(404);
    expect((await one('admin2', me, `&school_info_id=${S.school1}`)).statusCode).toBe(403);
    expect((await one('viewer1', me, `&school_info_id=${S.school1}`)).statusCode).toBe(200);
    expect((await one('superadmin', me)).statusCode).toBe(403);
    expect((await t.get(null, `/api/gradesheet/pdf?student_code=${me}&session_id=${S.previous}`)).statusCode).toBe(401);
  });
});

/** The walk's sheet: no attendance taken, so English's 58.2 is graded on 95 (61.26%, A-), not on 100. */
const subjectOf = (name: string, id: number, total: number, percentage: number, grade: 'A-' | 'A+', gp: number) => ({
  student_code: 'S-1-0007',
  name: 'Arif Hossain',
  session_year: '2025',
  class_name: 'Six',
  section_default_name: 'A',
  subject_id: id,
  subject_name: name,
  is_fourth_subject: false,
  monthly_class_test_average: 15,
  half_yearly_exam_sub: 40,
  half_yearly_exam_mcq: 20,
  final_exam_sub: 42,
  final_exam_mcq: 21,
  converted: 40.2,
  attendance_marks: 0,
  extra_curriculum: 3,
  total,
  maximum: 95,
  percentage,
  grade,
  gradePoint: gp,
});
const WALKED: Gradesheet = {
  school_name: 'Dhanmondi Model High School',
  address_division: 'Dhaka',
  address: 'Road 4, Dhanmondi, Dhaka',
  student_id: 1,
  student_code: 'S-1-0007',
  name: 'Arif Hossain',
  session_id: 1,
  session_year: '2025',
  class_name: 'Six',
  section_default_name: 'A',
  class_roll_no: 17,
  published: true,
  attendance_rate: null,
  subjects: [subjectOf('English', 2, 58.2, 61.26, 'A-', 3.5), subjectOf('Mathematics', 3, 82.75, 87.11, 'A+', 5)],
  total_marks: 140.95,
  total_grade_point: 8.5,
  gpa: 4.25,
  grade: 'A',
  position: 4,
  section_size: 31,
};

describe('what the grades were computed on, on paper', () => {
  it('the basis columns, the class roll and the note under the table, in English', async () => {
    const text = await textOf(await gradesheetPdf([WALKED], 'en', '27-11-2026'));
    expect(text).toContain('Class Roll');
    expect(text).toContain('17');
    expect(text).toContain('Out of');
    expect(text).toContain('Percentage');
    // English's row: total, out of, percentage, grade, grade point.
    expect(text).toMatch(/58\.2\s*95\s*61\.26%\s*A-\s*3\.50/);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'No attendance was taken this session: its 5 marks are left out of each subject’s maximum. ' +
        'Every subject is graded on 95 of 100, not on 100. For example English: 58.2 of 95 is 61.26%, grade A-.',
    );
    // The scale is of the percentage, the column beside the grade.
    expect(text).toContain('60-69');
  });

  it('in Bangla: the same columns and figures in Bangla digits', async () => {
    const text = await textOf(await gradesheetPdf([WALKED], 'bn', '27-11-2026'));
    expect(text).toContain('১৭');
    expect(text).toMatch(/৫৮\.২\s*৯৫\s*৬১\.২৬%\s*A-\s*৩\.৫০/);
    expect(text).not.toContain('Out of');
  });

  it('the downloaded sheet carries the student’s class roll and each subject’s basis', async () => {
    const me = S.pupils[0];
    const json = (await t.get('student1', `/api/gradesheet?student_code=${me}&session_id=${S.previous}`)).json();
    expect(json.class_roll_no).toBe(1);
    const text = await textOf((await one('student1', me, '&lang=en')).rawPayload);
    expect(text).toContain('Class Roll');
    expect(text).toContain('Out of');
    expect(text).toContain('Percentage');
  });
});

describe('a section’s grade sheets PDF', () => {
  it('one page a student, for the admin, a teacher of the section and a linked viewer', async () => {
    const res = await section('admin1', S.sixA, '&lang=bn');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="gradesheets-Six-A-\d{4}\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(S.pupils.length).toBeGreaterThan(1);
    expect(pagesOf(res.rawPayload)).toBe(S.pupils.length);
    expect((await section('teacher1', S.sixA)).statusCode).toBe(200);
    expect((await section('viewer1', S.sixA, `&school_info_id=${S.school1}`)).statusCode).toBe(200);
  });

  it('in Bangla, the class and subjects by their Bangla names (docs/i18n.md, "Bangla names")', async () => {
    const en = await textOf((await section('admin1', S.sixA, '&lang=en')).rawPayload);
    expect(en).toContain('Mathematics');
    const bn = await textOf((await section('admin1', S.sixA, '&lang=bn')).rawPayload);
    expect(bn).not.toContain('Mathematics');
    expect(bn).not.toContain('Religion');
    expect(bn).toContain('বাংলা');
  });

  it('costs the same few queries however many students (no query per student)', async () => {
    const pool = (t.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(pool, 'query');
    const queriesFor = async (sectionId: number) => {
      await section('admin1', sectionId); // warm the caches (session, sign-in)
      spy.mockClear();
      const res = await section('admin1', sectionId);
      expect(res.statusCode).toBe(200);
      return { queries: spy.mock.calls.length, pages: pagesOf(res.rawPayload) };
    };
    // A section of one student, beside six A.
    const [{ shiftId }] = await t.db
      .select({ shiftId: sections.shiftId })
      .from(sections)
      .where(eq(sections.id, S.sixA));
    const [sixId] = await t.db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Six'));
    const [small] = await t.db
      .insert(sections)
      .values({ schoolId: S.school1, classId: sixId.id, shiftId, sectionDefaultName: 'PDF' })
      .returning({ id: sections.id });
    const [u] = await t.db
      .insert(users)
      .values({ userCode: 'pdf-only', userType: 1, passwordHash: 'x', schoolId: S.school1 })
      .returning({ id: users.id });
    const [st] = await t.db
      .insert(students)
      .values({ userId: u.id, schoolId: S.school1, studentCode: 'S-1-PDF', firstName: 'Only' })
      .returning({ id: students.id });
    await t.db.insert(enrolments).values({
      schoolId: S.school1,
      studentId: st.id,
      sessionId: S.previous,
      shiftId,
      classId: sixId.id,
      sectionId: small.id,
      classRollNo: 1,
    });
    const big = await queriesFor(S.sixA);
    const tiny = await queriesFor(small.id);
    spy.mockRestore();
    expect(tiny.pages).toBe(1);
    expect(big.pages).toBe(S.pupils.length);
    expect(big.queries).toBeLessThanOrEqual(12);
    expect(big.queries).toBe(tiny.queries);
  });

  it('others are refused: students, another school, a viewer not linked, a teacher not of the section', async () => {
    expect((await section('student1', S.sixA)).statusCode).toBe(403);
    expect((await section('admin1', S.school2Section)).statusCode).toBe(403);
    expect((await section('teacher2', S.sixA)).statusCode).toBe(403);
    expect((await section('admin1', 999_999)).statusCode).toBe(404);
    await t.db.delete(viewerSchools).where(eq(viewerSchools.schoolId, S.school2));
    expect((await section('viewer1', S.school2Section, `&school_info_id=${S.school2}`)).statusCode).toBe(403);
    expect((await section('superadmin', S.sixA)).statusCode).toBe(403);
  });
  it('also at the spec’s path, /api/gradesheet/section_pdf: the same PDF, the same refusals', async () => {
    const spec = (as: string, sectionId: number, extra = '') =>
      t.get(as, `/api/gradesheet/section_pdf?section_id=${sectionId}&session_id=${S.previous}${extra}`);
    const res = await spec('admin1', S.sixA, '&lang=bn');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="gradesheets-Six-A-\d{4}\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pagesOf(res.rawPayload)).toBe(S.pupils.length);
    expect((await spec('admin1', S.school2Section)).statusCode).toBe(403);
    expect((await spec('student1', S.sixA)).statusCode).toBe(403);
    expect((await spec('admin1', S.sixA, '&lang=fr')).statusCode).toBe(400);
  });
});
