/**
 * The head teacher's reports as pure rules, literal oracles (docs/DOMAIN.md, "Early warnings",
 * "Result analysis"): which days are school days, when a student is chronically absent, and a tiny
 * class of two sections whose every mark is known, with its GPAs, positions, merit list and pass
 * rates worked out by hand.
 */
import { chronicText, chronicVerdict, schoolDaysBack } from '@server/services/chronic-absence';
import type { SectionSheets } from '@server/services/exams';
import { positions, yearResult, type SubjectInput } from '@server/services/grades';
import { analysisOf, meritOf, tabulationOf } from '@server/services/result-analysis';
import { analysisCsv, chronicCsv, chronicXlsx, meritCsv, tabulationCsv } from '@server/services/report-files';
import ExcelJS from 'exceljs';
import type { ChronicAbsencePage } from '@/api/schemas/reports';

const T = { threshold: 75, days: 30, consecutive: 3 };

describe('school days', () => {
  it('the last n school days up to today: weekly off days and holidays skipped, oldest first', () => {
    const holiday = [{ start: '2026-12-01', end: '2026-12-01', topics: 'A holiday' }];
    expect(schoolDaysBack('2026-12-03', 5, [6, 7], holiday)).toEqual([
      '2026-11-26',
      '2026-11-29',
      '2026-11-30',
      '2026-12-02',
      '2026-12-03',
    ]);
  });
  it('stops at the session’s first day', () => {
    expect(schoolDaysBack('2026-01-04', 5, [6, 7], [], '2026-01-01')).toEqual(['2026-01-01', '2026-01-04']);
  });
  it('today is not a school day on a weekly off day', () => {
    expect(schoolDaysBack('2026-12-04', 2, [6, 7], [])).toEqual(['2026-12-02', '2026-12-03']);
  });
});

describe('chronic absence verdict', () => {
  const day = (date: string, marked: number, present: number) => ({ date, marked, present });

  it('below the threshold and absent three school days running: both reasons', () => {
    const v = chronicVerdict(
      [
        day('2026-11-29', 6, 6),
        day('2026-11-30', 6, 0),
        day('2026-12-01', 0, 0),
        day('2026-12-02', 6, 0),
        day('2026-12-03', 6, 0),
      ],
      T,
    );
    expect(v).toEqual({
      marked: 24,
      present: 6,
      rate: 25,
      consecutive: 3,
      lastPresentOn: '2026-11-29',
      reasons: ['rate', 'consecutive'],
    });
  });
  it('exactly the threshold is not below it; one period present breaks a run', () => {
    const v = chronicVerdict(
      [day('2026-11-30', 6, 0), day('2026-12-01', 6, 6), day('2026-12-02', 6, 6), day('2026-12-03', 6, 6)],
      T,
    );
    expect(v.rate).toBe(75);
    expect(v.reasons).toEqual([]);
    const run = chronicVerdict([day('2026-12-01', 6, 0), day('2026-12-02', 6, 1), day('2026-12-03', 6, 0)], T);
    expect(run.consecutive).toBe(1);
    expect(run.rate).toBe(5.6);
    expect(run.reasons).toEqual(['rate']);
  });
  it('the run alone: absent the last three days after a good month', () => {
    const days = Array.from({ length: 27 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`, 4, 4));
    days.push(day('2026-12-01', 4, 0), day('2026-12-02', 4, 0), day('2026-12-03', 4, 0));
    const v = chronicVerdict(days, T);
    expect(v.rate).toBe(90);
    expect(v.consecutive).toBe(3);
    expect(v.reasons).toEqual(['consecutive']);
    expect(chronicVerdict(days, { ...T, consecutive: 4 }).reasons).toEqual([]);
  });
  it('nothing marked: no rate, not flagged', () => {
    expect(chronicVerdict([day('2026-12-03', 0, 0)], T)).toMatchObject({ rate: null, reasons: [] });
  });
  it('the SMS, in English and in Bangla digits', () => {
    const m = {
      studentName: 'Rahim Uddin',
      className: 'Six',
      sectionName: 'A',
      roll: 12,
      rate: 40.5,
      days: 30,
      consecutive: 3,
      reasons: ['rate', 'consecutive'] as const,
      schoolShortName: 'DHS',
    };
    expect(chronicText(m, 'en')).toBe(
      'Dear guardian, Rahim Uddin (Class Six, Section A, Roll 12) attended 40.5% of periods over the last 30 school days and has been absent 3 school days running. Please contact the school. - DHS',
    );
    expect(chronicText({ ...m, reasons: ['rate'] }, 'bn')).toBe(
      'অভিভাবক, Rahim Uddin (ষষ্ঠ A, রোল ১২) গত ৩০ স্কুল দিবসে ৪০.৫% ক্লাসে উপস্থিত। অনুগ্রহ করে বিদ্যালয়ে যোগাযোগ করুন। -DHS',
    );
  });
});

// ------------------------------------------------------------------ a class of two sections

/** A subject with only the final written exam, 100 full and 100 converted: the percentage is the mark. */
const subject = (subjectId: number, subjectName: string, mark: number, optional = false): SubjectInput => ({
  subjectId,
  subjectName,
  optional,
  exams: [{ kind: 'final_sub', fullMarks: 100, convertedMarks: 100, mark }],
});
const marks = (bangla: number, english: number, math: number, agri: number) => [
  subject(1, 'Bangla', bangla),
  subject(2, 'English', english),
  subject(3, 'Mathematics', math),
  subject(4, 'Agriculture', agri, true),
];

function section(name: string, pupils: [code: string, roll: number, m: SubjectInput[]][]): SectionSheets {
  const students = pupils.map(([code, roll, m], i) => ({
    enrolmentId: roll * 10 + i,
    studentId: roll * 100 + i,
    studentCode: code,
    name: `Pupil ${code}`,
    classRollNo: roll,
    attendanceRate: null,
    result: yearResult(m, null),
    position: 0,
  }));
  const ranked = positions(students.map((s) => ({ key: s, gpa: s.result.gpa, totalMarks: s.result.totalMarks })));
  for (const s of students) s.position = ranked.get(s)!;
  return {
    school: { name: 'Demo High School', division: 'Dhaka', address: 'Dhaka' },
    sessionYear: '2026',
    className: 'Six',
    sectionName: name,
    students,
  };
}

// A: A+ A A+ and A- as 4th: (5 + 4 + 5 + (3.5 - 2)) / 3 = 5.17, held to 5.00; totals 42.5 + 36 + 45 + 32.5.
// B: B C A- and F as 4th (fails nothing): (3 + 2 + 3.5) / 3 = 2.83, C; totals 27.5 + 22.5 + 31 + 15.
// C: F in English: failed, GPA 0, F.
const X = section('A', [
  ['B01', 2, marks(55, 45, 62, 30)],
  ['A01', 1, marks(85, 72, 90, 65)],
  ['C01', 3, marks(70, 20, 80, 80)],
]);
// D: A+ everywhere: (15 + 3) / 3 = 6, held to 5.00; totals 4 × 40 = 160 (ahead of A's 156).
const Y = section('B', [['D01', 1, marks(80, 80, 80, 80)]]);
const klass = {
  className: 'Six',
  sessionYear: '2026',
  sections: [
    { id: 11, name: 'A', sheets: X },
    { id: 12, name: 'B', sheets: Y },
  ],
};

describe('the tabulation sheet', () => {
  it('every student by roll, every subject, with the grade sheet’s GPA, grade and position', () => {
    const t = tabulationOf(X, 11);
    expect(t.subjects.map((s) => s.subject_name)).toEqual(['Bangla', 'English', 'Mathematics', 'Agriculture']);
    expect(
      t.rows.map((r) => [r.student_code, r.class_roll_no, r.total_marks, r.gpa, r.grade, r.failed, r.position]),
    ).toEqual([
      ['A01', 1, 156, 5, 'A+', false, 1],
      ['B01', 2, 96, 2.83, 'C', false, 2],
      ['C01', 3, 125, 0, 'F', true, 3],
    ]);
    expect(t.rows[0].cells.map((c) => [c.total, c.grade, c.grade_point, c.is_fourth_subject])).toEqual([
      [42.5, 'A+', 5, false],
      [36, 'A', 4, false],
      [45, 'A+', 5, false],
      [32.5, 'A-', 3.5, true],
    ]);
  });
});

describe('the merit list', () => {
  it('the class ranked together: GPA, then total marks', () => {
    expect(
      meritOf(klass).map((r) => [r.student_code, r.merit_position, r.section_default_name, r.section_position]),
    ).toEqual([
      ['D01', 1, 'B', 1],
      ['A01', 2, 'A', 1],
      ['B01', 3, 'A', 2],
      ['C01', 4, 'A', 3],
    ]);
  });
  it('as CSV: a header, a row each, a formula-like name neutralised', () => {
    const rows = meritOf(klass);
    rows[0] = { ...rows[0], name: '=HYPERLINK("x")' };
    const csv = meritCsv(rows, { className: 'Six', sessionYear: '2026' });
    expect(csv.fileName).toBe('merit-list-Six-2026.csv');
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Merit,Section position,Section,Roll,ID,Name,Total,GPA,Grade');
    expect(lines[1]).toBe('1,1,B,1,D01,"\'=HYPERLINK(""x"")",160,5,A+');
    expect(lines[4]).toBe('4,3,A,3,C01,Pupil C01,125,0,F');
  });
});

describe('result analysis', () => {
  const a = analysisOf(klass);
  it('overall by section and for the class: pass rate, grades, average and highest GPA', () => {
    expect(a.overall).toEqual([
      {
        section_id: 11,
        section_default_name: 'A',
        subject_id: null,
        subject_name: null,
        students: 3,
        passed: 2,
        pass_rate: 66.7,
        grades: { 'A+': 1, A: 0, 'A-': 0, B: 0, C: 1, D: 0, F: 1 },
        average: 2.61,
        highest: 5,
      },
      {
        section_id: 12,
        section_default_name: 'B',
        subject_id: null,
        subject_name: null,
        students: 1,
        passed: 1,
        pass_rate: 100,
        grades: { 'A+': 1, A: 0, 'A-': 0, B: 0, C: 0, D: 0, F: 0 },
        average: 5,
        highest: 5,
      },
      {
        section_id: null,
        section_default_name: null,
        subject_id: null,
        subject_name: null,
        students: 4,
        passed: 3,
        pass_rate: 75,
        grades: { 'A+': 2, A: 0, 'A-': 0, B: 0, C: 1, D: 0, F: 1 },
        average: 3.21,
        highest: 5,
      },
    ]);
  });
  it('a subject: the class first, then each section; pass means not F, average and highest of the percentage', () => {
    const english = a.subjects.filter((l) => l.subject_name === 'English');
    expect(
      english.map((l) => [l.section_default_name, l.students, l.passed, l.pass_rate, l.average, l.highest]),
    ).toEqual([
      [null, 4, 3, 75, 54.25, 80],
      ['A', 3, 2, 66.7, 45.67, 72],
      ['B', 1, 1, 100, 80, 80],
    ]);
    expect(english[1].grades).toEqual({ 'A+': 0, A: 1, 'A-': 0, B: 0, C: 1, D: 0, F: 1 });
  });
});

// ------------------------------------------------------------------ CSV exports (docs/DOMAIN.md, "Report exports")

/** A CSV download's lines: it starts with a byte order mark and ends each line with CRLF. */
const csvLines = (body: Buffer) => {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1, -2).split('\r\n');
};

describe('the tabulation sheet as CSV', () => {
  it('the header, a row per student by roll, the 4th subject marked, a formula-like name neutralised', () => {
    const t = tabulationOf(X, 11);
    t.rows[2] = { ...t.rows[2], name: '=HYPERLINK("x")' };
    const csv = tabulationCsv(t);
    expect(csv.fileName).toBe('tabulation-Six-A-2026.csv');
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const lines = csvLines(csv.body);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Roll,ID,Name,Bangla total,Bangla grade,English total,English grade,Mathematics total,Mathematics grade,' +
        'Agriculture total,Agriculture grade,Total,GPA,Grade,Position',
    );
    expect(lines[1]).toBe('1,A01,Pupil A01,42.5,A+,36,A,45,A+,32.5,A- (4th),156,5,A+,1');
    expect(lines[3]).toMatch(/^3,C01,"'=HYPERLINK\(""x""\)",/);
  });

  it('Bangla names survive as UTF-8', () => {
    const t = tabulationOf(X, 11);
    t.rows[0] = { ...t.rows[0], name: 'আরিফ হোসেন' };
    expect(csvLines(tabulationCsv(t).body)[1]).toMatch(/^1,A01,আরিফ হোসেন,/);
  });
});

describe('the result analysis as CSV: one table a file', () => {
  const a = { class_name: 'Six', session_year: '2026', sections: [], exams: [], ...analysisOf(klass) };
  it('overall: a line per section, then the class', () => {
    const csv = analysisCsv(a, 'overall');
    expect(csv.fileName).toBe('result-analysis-overall-Six-2026.csv');
    expect(csvLines(csv.body)).toEqual([
      'Section,Students,Passed,Pass rate %,A+,A,A-,B,C,D,F,Average,Highest',
      'A,3,2,66.7,1,0,0,0,1,0,1,2.61,5',
      'B,1,1,100,1,0,0,0,0,0,0,5,5',
      'All sections,4,3,75,2,0,0,0,1,0,1,3.21,5',
    ]);
  });
  it('subjects: the subject first; exams: its own columns', () => {
    const subjects = csvLines(analysisCsv(a, 'subjects').body);
    expect(subjects[0]).toBe('Subject,Section,Students,Passed,Pass rate %,A+,A,A-,B,C,D,F,Average,Highest');
    expect(subjects).toContain('English,All sections,4,3,75,1,1,0,0,1,0,1,54.25,80');
    expect(csvLines(analysisCsv(a, 'exams').body)[0]).toBe('Exam,Section,Marks,Passed,Pass rate %,Average %');
  });
});

describe('the chronic absence list as CSV and XLSX', () => {
  const row = (code: string, name: string): ChronicAbsencePage['rows'][number] => ({
    enrolment_id: 1,
    student_id: 2,
    student_code: code,
    name,
    class_name: 'Six',
    section_id: 11,
    section_default_name: 'A',
    class_roll_no: 4,
    periods_marked: 12,
    periods_present: 6,
    rate: 50,
    consecutive_absent_days: 3,
    last_present_on: '2026-11-29',
    reasons: ['rate', 'consecutive'],
    episode_started_on: '2026-12-01',
    message_status: 'queued',
  });
  const page: ChronicAbsencePage = {
    rows: [
      row('S-1-0004', 'রহিম উদ্দিন'),
      { ...row('S-1-0005', '@SUM(A1:A9)'), last_present_on: null, message_status: null },
    ],
    total: 2,
    limit: 2,
    offset: 0,
    threshold: 75,
    days: 30,
    consecutive: 3,
    from: '2026-10-20',
    to: '2026-12-03',
  };
  it('CSV: the header, a row each, Bangla kept, a formula-like name neutralised', () => {
    const csv = chronicCsv(page);
    expect(csv.fileName).toBe('chronic-absence-2026-12-03.csv');
    expect(csvLines(csv.body)).toEqual([
      'Class,Section,Roll,ID,Name,Periods marked,Periods present,Present %,Days absent running,Last present,Reasons,Episode since,SMS',
      'Six,A,4,S-1-0004,রহিম উদ্দিন,12,6,50,3,2026-11-29,rate consecutive,2026-12-01,queued',
      "Six,A,4,S-1-0005,'@SUM(A1:A9),12,6,50,3,,rate consecutive,2026-12-01,",
    ]);
  });
  it('XLSX: the window above the same header and rows', async () => {
    const file = await chronicXlsx(page);
    expect(file.fileName).toBe('chronic-absence-2026-12-03.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Chronic absence')!;
    expect(ws.getRow(1).getCell(1).value).toBe(
      'Chronic absence: 2026-10-20 to 2026-12-03; below 75% present over 30 school days, or 3 days absent running',
    );
    expect(ws.getRow(2).getCell(1).value).toBe('Class');
    expect(ws.getRow(3).getCell(5).value).toBe('রহিম উদ্দিন');
    expect(ws.rowCount).toBe(4);
  });
});
