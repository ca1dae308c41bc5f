/**
 * The head teacher's reports against a mock API (docs/DOMAIN.md, "Early warnings", "Result
 * analysis"): the chronic absence list with why and the SMS (in Bangla digits too) and its CSV, the tabulation
 * sheet of a section with its PDF in the reader's language, and the result analysis of a class
 * with its tables beside the charts and the merit list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ChronicAbsencePage, MeritListPage, ResultAnalysis, TabulationSheet } from '@/api/schemas/reports';
import type { SectionRow } from '@/api/schemas/lookups';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';

const SLOW = { timeout: 5000 };
afterEach(async () => {
  await setLanguage('en');
});

const SECTIONS: SectionRow[] = [
  { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 4, section_default_name: 'B', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
];

const CHRONIC: ChronicAbsencePage = {
  rows: [
    {
      enrolment_id: 70,
      student_id: 501,
      student_code: 'S-1',
      name: 'Arif Hossain',
      class_name: 'Six',
      section_id: 3,
      section_default_name: 'A',
      class_roll_no: 12,
      periods_marked: 20,
      periods_present: 9,
      rate: 45,
      consecutive_absent_days: 3,
      last_present_on: '2026-11-26',
      reasons: ['rate', 'consecutive'],
      episode_started_on: '2026-12-03',
      message_status: 'queued',
    },
  ],
  total: 1,
  limit: 50,
  offset: 0,
  threshold: 75,
  days: 30,
  consecutive: 3,
  from: '2026-10-20',
  to: '2026-12-03',
};

const cell = (subject_id: number, total: number, grade: 'A+' | 'A' | 'F', fourth = false) => ({
  subject_id,
  total,
  maximum: 100,
  grade,
  grade_point: grade === 'A+' ? 5 : grade === 'A' ? 4 : 0,
  is_fourth_subject: fourth,
});
const SHEET: TabulationSheet = {
  school_name: 'Green Valley School',
  address: 'Dhaka',
  session_year: '2025',
  class_name: 'Six',
  section_id: 3,
  section_default_name: 'A',
  subjects: [
    { subject_id: 1, subject_name: 'Bangla' },
    { subject_id: 2, subject_name: 'Agriculture' },
  ],
  rows: [
    {
      student_id: 501,
      student_code: 'S-1',
      name: 'Arif Hossain',
      class_roll_no: 1,
      cells: [cell(1, 85, 'A+'), cell(2, 72, 'A', true)],
      total_marks: 157,
      gpa: 5,
      grade: 'A+',
      failed: false,
      position: 1,
    },
    {
      student_id: 512,
      student_code: 'S-12',
      name: 'Lima Akter',
      class_roll_no: 2,
      cells: [cell(1, 20, 'F'), cell(2, 90, 'A+', true)],
      total_marks: 110,
      gpa: 0,
      grade: 'F',
      failed: true,
      position: 2,
    },
  ],
};

const grades = (aPlus: number, f: number) => ({ 'A+': aPlus, A: 0, 'A-': 0, B: 0, C: 0, D: 0, F: f });
const line = (section_id: number | null, name: string | null, students: number, passed: number, f: number) => ({
  section_id,
  section_default_name: name,
  subject_id: null,
  subject_name: null,
  students,
  passed,
  pass_rate: Math.round((1000 * passed) / students) / 10,
  grades: grades(passed, f),
  average: 3.5,
  highest: 5,
});
const ANALYSIS: ResultAnalysis = {
  class_name: 'Six',
  session_year: '2025',
  sections: [
    { section_id: 3, section_default_name: 'A' },
    { section_id: 4, section_default_name: 'B' },
  ],
  overall: [line(3, 'A', 3, 2, 1), line(4, 'B', 1, 1, 0), line(null, null, 4, 3, 1)],
  subjects: [{ ...line(null, null, 4, 3, 1), subject_id: 1, subject_name: 'Bangla' }],
  exams: [
    {
      exam_type_id: 9,
      exam_name: 'Final',
      section_id: null,
      section_default_name: null,
      sat: 8,
      passed: 6,
      pass_rate: 75,
      average_percent: 61.25,
    },
  ],
};
const MERIT: MeritListPage = {
  rows: [
    {
      merit_position: 1,
      section_position: 1,
      student_id: 501,
      student_code: 'S-1',
      name: 'Arif Hossain',
      section_id: 3,
      section_default_name: 'A',
      class_roll_no: 1,
      total_marks: 157,
      gpa: 5,
      grade: 'A+',
    },
  ],
  total: 1,
  limit: 50,
  offset: 0,
  class_name: 'Six',
  session_year: '2025',
};

function fakeApi() {
  const asked: string[] = [];
  const remember = (request: Request) => {
    const url = new URL(request.url);
    asked.push(url.pathname + url.search);
  };
  server.use(
    http.get('/api/section/all', () => HttpResponse.json(SECTIONS)),
    http.get('/api/session', () =>
      HttpResponse.json([
        { id: 1, session_year: '2025', current: false },
        { id: 2, session_year: '2026', current: true },
      ]),
    ),
    http.get('/api/report/chronic_absence', ({ request }) => {
      remember(request);
      return new URL(request.url).searchParams.get('format') === 'csv'
        ? new HttpResponse('\uFEFFClass,Section\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
        : HttpResponse.json(CHRONIC);
    }),
    http.get('/api/report/tabulation', ({ request }) => {
      remember(request);
      return new URL(request.url).searchParams.get('format') === 'pdf'
        ? new HttpResponse('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } })
        : HttpResponse.json(SHEET);
    }),
    http.get('/api/report/result_analysis', ({ request }) => {
      remember(request);
      return HttpResponse.json(ANALYSIS);
    }),
    http.get('/api/report/merit_list', ({ request }) => {
      remember(request);
      return HttpResponse.json(MERIT);
    }),
  );
  return asked;
}

const texts = (els: HTMLElement[]) => els.map((e) => e.textContent);

describe('chronic absence (/chronic-absence)', () => {
  it('the admin reads who is on the list, why, and the SMS to their guardians', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeApi();
    renderApp('/chronic-absence');
    const table = await screen.findByRole('table', { name: 'Students with chronic absence' }, SLOW);
    expect(
      screen.getByText('Students below 75% of periods over the last 30 school days, or absent 3 school days running'),
    ).toBeInTheDocument();
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(texts(within(row).getAllByRole('cell'))).toEqual([
      '12',
      'Arif Hossain',
      'Six',
      'A',
      '45%',
      '3',
      '26 November',
      'Below threshold, Absent 3 days running',
      'SMS queued',
    ]);
  });

  it('the whole list downloads as CSV (not the page shown)', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeApi();
    const { user } = renderApp('/chronic-absence');
    await screen.findByRole('table', { name: 'Students with chronic absence' }, SLOW);
    expect(screen.getByRole('button', { name: 'Download XLSX' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(asked).toContain('/api/report/chronic_absence?format=csv'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('in Bangla: Bangla digits and month names', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    fakeApi();
    renderApp('/chronic-absence');
    const table = await screen.findByRole('table', { name: 'নিয়মিত অনুপস্থিত শিক্ষার্থী' }, SLOW);
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = texts(within(row).getAllByRole('cell'));
    expect(cells[0]).toBe('১২');
    expect(cells[4]).toBe('৪৫%');
    expect(cells[6]).toBe('২৬ নভেম্বর');
    expect(cells[8]).toBe('এসএমএস অপেক্ষমাণ');
  });
});

describe('the tabulation sheet (/tabulation-sheet)', () => {
  it('every student and subject with GPA and position; the PDF in the reader’s language', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeApi();
    const { user } = renderApp('/tabulation-sheet?section_id=3&session_id=1');
    const table = await screen.findByRole('table', { name: 'Tabulation sheet of Six A' }, SLOW);
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual([
      'Roll',
      'Name',
      'Bangla',
      'Agriculture',
      'Total',
      'GPA',
      'Grade',
      'Position',
    ]);
    const [arif, lima] = within(table).getAllByRole('row').slice(1);
    expect(texts(within(arif).getAllByRole('cell'))).toEqual(['1', '85 A+', '72 A*', '157', '5', 'A+', '1']);
    expect(texts(within(lima).getAllByRole('cell'))).toEqual(['2', '20 F', '90 A+*', '110', '0', 'F', '2']);
    expect(asked).toContain('/api/report/tabulation?section_id=3&session_id=1');
    await user.click(screen.getByRole('button', { name: 'Print (PDF)' }));
    await waitFor(() => expect(asked).toContain('/api/report/tabulation?section_id=3&session_id=1&format=pdf&lang=en'));
  });
});

describe('result analysis (/result-analysis)', () => {
  it('pass rates and grades by section in tables beside the charts, and the merit list', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeApi();
    renderApp('/result-analysis?class_id=6&session_id=1');
    const overall = await screen.findByRole('table', { name: 'Overall result by section' }, SLOW);
    const rows = within(overall).getAllByRole('row').slice(1);
    expect(texts(within(rows[0]).getAllByRole('cell')).slice(0, 4)).toEqual(['A', '3', '2', '66.7%']);
    expect(texts(within(rows[2]).getAllByRole('cell')).slice(0, 4)).toEqual(['All sections', '4', '3', '75%']);
    expect(await screen.findByText('Pass rate by section', {}, SLOW)).toBeInTheDocument();
    const merit = await screen.findByRole('table', { name: 'Merit list' }, SLOW);
    expect(within(merit).getByText('Arif Hossain')).toBeInTheDocument();
    expect(asked).toContain('/api/report/result_analysis?class_id=6&session_id=1');
    expect(asked).toContain('/api/report/merit_list?class_id=6&session_id=1&limit=50&offset=0');
  });
});
