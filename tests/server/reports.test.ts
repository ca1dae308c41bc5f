/**
 * The head teacher's reports through the API (docs/DOMAIN.md, "Early warnings", "Result
 * analysis"), on the demo seeded on Thursday 3 December 2026 (named days):
 * - chronic absence: a section's rolls of the window removed, then one student absent on
 *   Tuesday, Wednesday and Thursday: on the list from the first absence (0% present), one SMS
 *   for the episode, cancelled when the roll is corrected, queued again when they are absent again;
 *   a teacher sees only their sections.
 * - the tabulation sheet of Six A in 2025 as JSON (the grade sheets' GPA and position), PDF and
 *   XLSX; the merit list of Six (paged, CSV); the result analysis of Six.
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  academicSessions,
  attendanceTakings,
  chronicAbsenceEpisodes,
  classes,
  enrolments,
  messageOutbox,
  routines,
  sections,
  securityAudit,
  students,
  teachers,
  users,
} from '@server/db/schema';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp } from '../helpers/server';
import { onNamedDays } from './attendance-fixtures';

onNamedDays();

let t: TestApp;
const S = {} as {
  school1: number;
  six: number;
  sixA: number;
  current: number;
  previous: number;
  /** Six A's routine on Tuesday, Wednesday and Thursday (the first of each day). */
  days: { date: string; routineId: number }[];
  pupils: { studentId: number; enrolmentId: number }[];
};

beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  const db = t.db;
  const [admin] = await db.select({ schoolId: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  S.school1 = admin.schoolId!;
  const sessions = await db.select().from(academicSessions);
  S.current = sessions.find((s) => s.sessionYear === '2026')!.id;
  S.previous = sessions.find((s) => s.sessionYear === '2025')!.id;
  const [six] = await db.select({ id: classes.id }).from(classes).where(eq(classes.className, 'Six'));
  S.six = six.id;
  const [a] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.schoolId, S.school1), eq(sections.classId, six.id), eq(sections.sectionDefaultName, 'A')));
  S.sixA = a.id;
  const routineOn = async (dayId: number) =>
    (
      await db
        .select({ id: routines.id })
        .from(routines)
        .where(and(eq(routines.sectionId, S.sixA), eq(routines.sessionId, S.current), eq(routines.dayId, dayId)))
        .orderBy(asc(routines.periodId))
        .limit(1)
    )[0].id;
  S.days = [
    { date: '2026-12-01', routineId: await routineOn(3) },
    { date: '2026-12-02', routineId: await routineOn(4) },
    { date: '2026-12-03', routineId: await routineOn(5) },
  ];
  S.pupils = await db
    .select({ studentId: enrolments.studentId, enrolmentId: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.sectionId, S.sixA), eq(enrolments.sessionId, S.current)))
    .orderBy(asc(enrolments.classRollNo));
  // Six A's rolls of the window (November and December) go: only this file's marks count.
  const sixARoutines = db.select({ id: routines.id }).from(routines).where(eq(routines.sectionId, S.sixA));
  await db
    .delete(attendanceTakings)
    .where(and(inArray(attendanceTakings.routineId, sixARoutines), gte(attendanceTakings.date, '2026-11-01')));
}, 120_000);
afterAll(() => t.close());

const absentee = () => S.pupils[0];
const take = (day: { date: string; routineId: number }, absent: number[]) =>
  t.post('admin1', '/api/attendance/student', {
    date: day.date,
    time: '10:00:00',
    routine_id: day.routineId,
    attendance: S.pupils.map((p) => ({
      student_id: p.studentId,
      attendance_status: absent.includes(p.studentId) ? 0 : 1,
    })),
  });
const list = (query: string, as = 'admin1') => t.get(as, `/api/report/chronic_absence${query}`);
const chronicMessages = () =>
  t.db
    .select({ id: messageOutbox.id, status: messageOutbox.status, body: messageOutbox.body, date: messageOutbox.date })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.kind, 'chronic_absence'), eq(messageOutbox.enrolmentId, absentee().enrolmentId)));
const episodes = () =>
  t.db
    .select({ startedOn: chronicAbsenceEpisodes.startedOn, endedOn: chronicAbsenceEpisodes.endedOn })
    .from(chronicAbsenceEpisodes)
    .where(eq(chronicAbsenceEpisodes.enrolmentId, absentee().enrolmentId))
    .orderBy(asc(chronicAbsenceEpisodes.id));

describe('chronic absence', () => {
  it('the window: the last 30 school days up to today, the school’s defaults', async () => {
    const res = await list(`?section_id=${S.sixA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ threshold: 75, days: 30, consecutive: 3, to: '2026-12-03', total: 0 });
  });

  it('absent on Tuesday: on the list (0% present) and one SMS queued for the episode', async () => {
    expect((await take(S.days[0], [absentee().studentId])).statusCode).toBe(200);
    const page = (await list(`?section_id=${S.sixA}`)).json();
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      student_id: absentee().studentId,
      periods_marked: 1,
      periods_present: 0,
      rate: 0,
      consecutive_absent_days: 1,
      last_present_on: null,
      reasons: ['rate'],
      episode_started_on: '2026-12-03',
      message_status: 'queued',
    });
    const messages = await chronicMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ status: 'queued', date: '2026-12-03' });
    expect(messages[0].body).toMatch(/০%|0%/);
  });

  it('the roll corrected (present after all): off the list, the episode closed, its SMS cancelled', async () => {
    expect((await take(S.days[0], [])).statusCode).toBe(200);
    expect((await list(`?section_id=${S.sixA}`)).json().total).toBe(0);
    expect(await episodes()).toEqual([{ startedOn: '2026-12-03', endedOn: '2026-12-03' }]);
    expect((await chronicMessages()).map((m) => m.status)).toEqual(['cancelled']);
  });

  it('absent three days running: one episode, its one SMS queued again, both reasons', async () => {
    for (const day of S.days) expect((await take(day, [absentee().studentId])).statusCode).toBe(200);
    const page = (await list(`?section_id=${S.sixA}`)).json();
    expect(page.rows.map((r: { student_id: number }) => r.student_id)).toEqual([absentee().studentId]);
    expect(page.rows[0]).toMatchObject({
      periods_marked: 3,
      periods_present: 0,
      consecutive_absent_days: 3,
      reasons: ['rate', 'consecutive'],
      message_status: 'queued',
    });
    expect((await chronicMessages()).map((m) => m.status)).toEqual(['queued']);
    expect((await episodes()).map((e) => e.endedOn)).toEqual(['2026-12-03', null]);
  });

  it('the thresholds asked for: consecutive=4 leaves only the rate', async () => {
    const page = (await list(`?section_id=${S.sixA}&consecutive=4`)).json();
    expect(page).toMatchObject({ consecutive: 4, total: 1 });
    expect(page.rows[0].reasons).toEqual(['rate']);
  });

  it('as CSV and XLSX: the whole list (not a page), a formula-like name neutralised', async () => {
    const [pupil] = await t.db
      .select({
        code: students.studentCode,
        firstName: students.firstName,
        middleName: students.middleName,
        lastName: students.lastName,
      })
      .from(students)
      .where(eq(students.id, absentee().studentId));
    await t.db
      .update(students)
      .set({ firstName: '=1+1', middleName: '', lastName: 'রহিম' })
      .where(eq(students.id, absentee().studentId));
    try {
      const json = (await list(`?section_id=${S.sixA}`)).json();
      const csv = await list(`?section_id=${S.sixA}&format=csv&limit=1&offset=5`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toContain('chronic-absence-2026-12-03.csv');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      expect(lines[0]).toBe(
        'Class,Section,Roll,ID,Name,Periods marked,Periods present,Present %,Days absent running,Last present,Reasons,Episode since,SMS',
      );
      expect(lines).toHaveLength(json.total + 1);
      // A formula-like first name neutralised, a Bangla last name kept (UTF-8 after the BOM).
      expect(lines[1]).toBe(`Six,A,1,${pupil.code},'=1+1 রহিম,3,0,0,3,,rate consecutive,2026-12-03,queued`);
      const xlsx = await list(`?section_id=${S.sixA}&format=xlsx`);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const ws = wb.getWorksheet('Chronic absence')!;
      expect(ws.getRow(2).getCell(4).value).toBe('ID');
      expect(ws.getRow(3).getCell(4).value).toBe(pupil.code);
      expect(ws.rowCount).toBe(2 + json.total);
      expect((await list('?format=pdf')).statusCode).toBe(400);
      // A teacher's download is still only their sections.
      expect((await list(`?section_id=${S.sixA}&format=csv`, 'teacher2')).statusCode).toBe(403);
    } finally {
      const { firstName, middleName, lastName } = pupil;
      await t.db.update(students).set({ firstName, middleName, lastName }).where(eq(students.id, absentee().studentId));
    }
  });

  it('the school list pages; a bad threshold is a 400 naming it', async () => {
    const page = (await list('?limit=1')).json();
    expect(page.rows.length).toBeLessThanOrEqual(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
    const bad = await list('?threshold=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('threshold');
  });

  it('the school admin sets the school’s thresholds (audited); a teacher may not', async () => {
    const body = { threshold: 60, days: 20, consecutive: 5 };
    const put = (as: string, payload: unknown) =>
      t.call(as, { method: 'PUT', url: '/api/report/chronic_absence/settings', payload: payload as object });
    expect((await put('teacher1', body)).statusCode).toBe(403);
    const bad = await put('admin1', { ...body, threshold: 101 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('threshold');
    const saved = await put('admin1', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(body);
    expect((await list(`?section_id=${S.sixA}`)).json()).toMatchObject({ threshold: 60, days: 20, consecutive: 5 });
    const [audit] = await t.db
      .select({ detail: securityAudit.detail })
      .from(securityAudit)
      .where(eq(securityAudit.action, 'school.chronic_absence_settings'));
    expect(audit.detail).toEqual({ before: { threshold: 75, days: 30, consecutive: 3 }, after: body });
  });

  it('a teacher sees only the sections they teach, and is refused another', async () => {
    const taught = await t.db
      .selectDistinct({ sectionId: routines.sectionId })
      .from(routines)
      .innerJoin(teachers, eq(teachers.id, routines.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(and(eq(users.userCode, 'teacher1'), eq(routines.sessionId, S.current)));
    const ids = new Set(taught.map((r) => r.sectionId));
    const res = await list('?limit=200', 'teacher1');
    expect(res.statusCode).toBe(200);
    for (const r of res.json().rows as { section_id: number }[]) expect(ids.has(r.section_id)).toBe(true);
    const notTaught = (
      await t.db.select({ id: sections.id }).from(sections).where(eq(sections.schoolId, S.school1))
    ).find((s) => !ids.has(s.id));
    if (notTaught) {
      const refused = await list(`?section_id=${notTaught.id}`, 'teacher1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('not_your_section');
    }
  });
});

describe('the tabulation sheet', () => {
  const url = (extra = '') => `/api/report/tabulation?section_id=${S.sixA}&session_id=${S.previous}${extra}`;

  it('every student and subject, with the grade sheets’ GPA, grade and position', async () => {
    const res = await t.get('admin1', url());
    expect(res.statusCode).toBe(200);
    const sheet = res.json();
    expect(sheet).toMatchObject({ class_name: 'Six', section_default_name: 'A', session_year: '2025' });
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(sheet.subjects.length).toBeGreaterThan(0);
    // Each row is the student's own grade sheet.
    for (const row of sheet.rows.slice(0, 3)) {
      const g = (
        await t.get('admin1', `/api/gradesheet?student_code=${row.student_code}&session_id=${S.previous}`)
      ).json();
      expect([row.gpa, row.grade, row.total_marks, row.position]).toEqual([g.gpa, g.grade, g.total_marks, g.position]);
      expect(row.cells.map((c: { grade: string }) => c.grade)).toEqual(
        g.subjects.map((s: { grade: string }) => s.grade),
      );
    }
    const rolls = sheet.rows.map((r: { class_roll_no: number }) => r.class_roll_no);
    expect(rolls).toEqual([...rolls].sort((a, b) => a - b));
  });

  it('as a landscape PDF in English and in Bangla', async () => {
    const en = await t.get('admin1', url('&format=pdf&lang=en'));
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toContain('tabulation-Six-A-2025.pdf');
    const text = await pdfText(en.rawPayload);
    expect(text).toContain('Tabulation Sheet');
    expect(text).toContain('Head teacher');
    const bn = await t.get('admin1', url('&format=pdf&lang=bn'));
    expect(await pdfText(bn.rawPayload)).toContain('মুদ্রণ');
  });

  it('as an XLSX: a header row and a row per student', async () => {
    const res = await t.get('admin1', url('&format=xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Tabulation')!;
    const json = (await t.get('admin1', url())).json();
    expect(ws.getRow(3).getCell(1).value).toBe('Roll');
    expect(ws.rowCount).toBe(3 + json.rows.length);
    expect(ws.getRow(4).getCell(3).value).toBe(json.rows[0].name);
  });

  it('as CSV: the table only, a header row and a row per student', async () => {
    const res = await t.get('admin1', url('&format=csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('tabulation-Six-A-2025.csv');
    expect(res.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const json = (await t.get('admin1', url())).json();
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines).toHaveLength(1 + json.rows.length);
    expect(lines[0]).toBe(
      'Roll,ID,Name,Bangla total,Bangla grade,English total,English grade,Mathematics total,Mathematics grade,' +
        'Religion total,Religion grade,Science total,Science grade,Bangladesh and Global Studies total,' +
        'Bangladesh and Global Studies grade,ICT total,ICT grade,Total,GPA,Grade,Position',
    );
    expect(lines[1]).toBe(
      '1,S-1-0001,Labib Patwary,68.04,A-,62.89,A-,70.09,A,63.44,A-,68.69,A-,67.74,A-,68.94,A-,469.83,3.57,A-,17',
    );
    const first = json.rows[0];
    expect([first.student_code, first.name, first.total_marks, first.gpa, first.position]).toEqual([
      'S-1-0001',
      'Labib Patwary',
      469.83,
      3.57,
      17,
    ]);
  });

  it('a bad format is a 400 naming it', async () => {
    const res = await t.get('admin1', url('&format=doc'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('format');
  });
});

describe('the merit list and the result analysis', () => {
  const merit = (extra = '') => `/api/report/merit_list?class_id=${S.six}&session_id=${S.previous}${extra}`;

  it('the class ranked across its sections, paged', async () => {
    const all = (await t.get('admin1', merit('&limit=500'))).json();
    expect(all.total).toBeGreaterThan(1);
    const ranks = all.rows.map((r: { merit_position: number }) => r.merit_position);
    expect(ranks[0]).toBe(1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const gpas = all.rows.map((r: { gpa: number }) => r.gpa);
    expect(gpas).toEqual([...gpas].sort((a, b) => b - a));
    const second = (await t.get('admin1', merit('&limit=1&offset=1'))).json();
    expect(second.rows).toEqual([all.rows[1]]);
    const csv = await t.get('admin1', merit('&format=csv'));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(all.total + 1);
  });

  it('pass rates and grades per section and for the class, whose students add up', async () => {
    const res = await t.get('admin1', `/api/report/result_analysis?class_id=${S.six}&session_id=${S.previous}`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    const klass = a.overall.find((l: { section_id: number | null }) => l.section_id === null);
    const sectionsSum = a.overall
      .filter((l: { section_id: number | null }) => l.section_id !== null)
      .reduce((n: number, l: { students: number }) => n + l.students, 0);
    expect(klass.students).toBe(sectionsSum);
    const graded = Object.values(klass.grades as Record<string, number>).reduce((x, y) => x + y, 0);
    expect(graded).toBe(klass.students);
    expect(klass.passed).toBe(klass.students - klass.grades.F);
    expect(a.subjects.length).toBeGreaterThan(0);
    const xlsx = await t.get(
      'admin1',
      `/api/report/result_analysis?class_id=${S.six}&session_id=${S.previous}&format=xlsx`,
    );
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('the result analysis as CSV, one table a file: the class’s line as the JSON has it', async () => {
    const analysis = (extra: string) =>
      t.get('admin1', `/api/report/result_analysis?class_id=${S.six}&session_id=${S.previous}${extra}`);
    const a = (await analysis('')).json();
    const overall = await analysis('&format=csv');
    expect(overall.statusCode).toBe(200);
    expect(overall.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(overall.headers['content-disposition']).toContain('result-analysis-overall-Six-2025.csv');
    const lines = overall.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('Section,Students,Passed,Pass rate %,A+,A,A-,B,C,D,F,Average,Highest');
    expect(lines).toHaveLength(1 + a.overall.length);
    const k = a.overall.find((l: { section_id: number | null }) => l.section_id === null);
    const g = k.grades;
    expect(lines[lines.length - 1]).toBe(
      `All sections,${k.students},${k.passed},${k.pass_rate},${g['A+']},${g.A},${g['A-']},${g.B},${g.C},${g.D},${g.F},${k.average},${k.highest}`,
    );
    const subjects = (await analysis('&format=csv&table=subjects')).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(subjects[0]).toBe('Subject,Section,Students,Passed,Pass rate %,A+,A,A-,B,C,D,F,Average,Highest');
    const exams = (await analysis('&format=csv&table=exams')).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(exams[0]).toBe('Exam,Section,Marks,Passed,Pass rate %,Average %');
    const bad = await analysis('&format=csv&table=all');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('table');
  });

  it('a teacher may not read them', async () => {
    expect((await t.get('teacher1', merit())).statusCode).toBe(403);
  });
});
