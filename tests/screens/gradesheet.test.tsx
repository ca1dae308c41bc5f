/**
 * Student evaluation, mark sheet and grade sheet screens against msw: the student's tiles; the
 * grade sheet hidden until Submit, with the student's own code fixed and the filters in the
 * address; the sheet's figures as the server computed them; "not published" said plainly; the PDF
 * downloads go in the session (its cookie) with the language; the staff's section PDF; the viewer's school; Bangla;
 * what each subject was graded on (out of, percentage, and why below 100) and the phone's subject cards.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Gradesheet, MarkSheetRow } from '@/api/schemas/exams';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server, STUDENT, VIEWER } from './helpers';

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

const SESSIONS = [
  { id: 1, session_year: '2025', current: false },
  { id: 2, session_year: '2026', current: true },
  // Published ahead of time by mistake: no results yet, so never the form's first choice.
  { id: 3, session_year: '2027', current: false },
];

const subject = (over: Partial<Gradesheet['subjects'][number]>): Gradesheet['subjects'][number] => ({
  student_code: 'S-2024-07',
  name: 'Arif Hossain',
  session_year: '2025',
  class_name: 'Six',
  section_default_name: 'A',
  subject_id: 1,
  subject_name: 'Mathematics',
  is_fourth_subject: false,
  monthly_class_test_average: 17.5,
  half_yearly_exam_sub: 50,
  half_yearly_exam_mcq: 25,
  final_exam_sub: 55,
  final_exam_mcq: 28,
  converted: 61.25,
  attendance_marks: 4.6,
  extra_curriculum: 4,
  total: 87.35,
  maximum: 100,
  percentage: 87.35,
  grade: 'A+',
  gradePoint: 5,
  ...over,
});

const SHEET: Gradesheet = {
  school_name: 'Green Valley School',
  address_division: 'Dhaka',
  address: 'Road 4, Dhanmondi, Dhaka',
  student_id: 77,
  student_code: 'S-2024-07',
  name: 'Arif Hossain',
  session_id: 1,
  session_year: '2025',
  class_name: 'Six',
  section_default_name: 'A',
  class_roll_no: 7,
  published: true,
  attendance_rate: 0.92,
  subjects: [
    subject({}),
    subject({
      subject_id: 2,
      subject_name: 'English',
      final_exam_sub: 'absent',
      total: 58.1,
      percentage: 58.1,
      grade: 'B',
      gradePoint: 3,
    }),
  ],
  total_marks: 145.45,
  total_grade_point: 8,
  gpa: 4,
  grade: 'A',
  position: 3,
  section_size: 40,
};

const MARKS: MarkSheetRow[] = [
  {
    exam_info_id: 11,
    student_code: 'S-2024-07',
    name: 'Arif Hossain',
    class_name: 'Six',
    section_default_name: 'A',
    session_year: '2025',
    exam_name: 'Class Test 1',
    subject_name: 'Mathematics',
    full_marks: 20,
    marks_obtained: 18,
  },
  {
    exam_info_id: 12,
    student_code: 'S-2024-07',
    name: 'Arif Hossain',
    class_name: 'Six',
    section_default_name: 'A',
    session_year: '2025',
    exam_name: 'Class Test 1',
    subject_name: 'English',
    full_marks: 20,
    marks_obtained: 'absent',
  },
];

/** The API of these screens; returns what was asked. */
function api(opts: { sheet?: () => Response } = {}) {
  const calls = {
    sheet: [] as Record<string, string>[],
    pdf: [] as Request[],
    sectionPdf: [] as Request[],
    marks: [] as Record<string, string>[],
  };
  const pdf = () =>
    new HttpResponse('%PDF-1.3 test', {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="gradesheet-S-2024-07-2025.pdf"',
      },
    });
  server.use(
    http.get('/api/session', () => HttpResponse.json(SESSIONS)),
    // Last year's results are out, this year's not yet (and next year's by mistake).
    http.get('/api/exam/publication', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('session_id'));
      return HttpResponse.json({
        session_id: id,
        published: id !== 2,
        locked: id !== 2,
        published_at: id !== 2 ? '2025-12-20T10:00:00Z' : null,
        unlocked_at: null,
      });
    }),
    http.get('/api/exam_name', () =>
      HttpResponse.json([
        { id: 5, exam_name: 'Class Test 1', kind: 'class_test', sort_order: 1 },
        { id: 6, exam_name: 'Half Yearly (Sub)', kind: 'half_yearly_sub', sort_order: 2 },
      ]),
    ),
    http.get('/api/section/all', () =>
      HttpResponse.json([
        { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
      ]),
    ),
    http.get('/api/gradesheet', ({ request }) => {
      calls.sheet.push(query(request));
      return opts.sheet ? opts.sheet() : HttpResponse.json(SHEET);
    }),
    http.get('/api/mark', ({ request }) => {
      calls.marks.push(query(request));
      return HttpResponse.json(MARKS);
    }),
    http.get('/api/gradesheet/pdf', ({ request }) => {
      calls.pdf.push(request);
      return pdf();
    }),
    http.get('/api/gradesheet/section/pdf', ({ request }) => {
      calls.sectionPdf.push(request);
      return pdf();
    }),
  );
  return calls;
}

beforeAll(() => {
  // jsdom has no object URLs: the download hands the blob to one.
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  await setLanguage('en');
});

describe('student evaluation', () => {
  it('shows the two tiles, to the mark sheet and the grade sheet', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    api();
    renderApp('/studentEvaluation');
    const nav = await screen.findByRole('navigation', { name: 'Student Evaluation' });
    expect(within(nav).getByRole('link', { name: /Check Mark Sheet/ })).toHaveAttribute('href', '/marksheet');
    expect(within(nav).getByRole('link', { name: /Check Grade Sheet/ })).toHaveAttribute('href', '/gradesheet');
  });
});

describe('grade sheet', () => {
  it('a student: own code fixed, hidden until Submit, then the sheet as computed; filters in the address', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const calls = api();
    const { user } = renderApp('/gradesheet');
    const code = await screen.findByLabelText('Student Id');
    expect(code).toHaveValue('S-2024-07');
    expect(code).toHaveAttribute('readonly');
    // The form starts on the newest session whose results are published, not on this year's.
    await waitFor(() => expect(screen.getByLabelText('Session')).toHaveValue('1'));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(calls.sheet).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const sheet = await screen.findByRole('article', { name: 'Grade sheet of Arif Hossain' });
    expect(calls.sheet[0]).toMatchObject({ student_code: 'S-2024-07', session_id: '1' });
    expect(currentPath()).toBe('/gradesheet?session_id=1');
    expect(within(sheet).getByRole('heading', { name: 'Green Valley School' })).toBeInTheDocument();
    expect(within(sheet).getByText('Road 4, Dhanmondi, Dhaka')).toBeInTheDocument();
    const region = within(sheet).getByRole('region', { name: 'Grade sheet of Arif Hossain' });
    expect(region).toHaveAttribute('tabindex', '0');
    const english = within(region).getByRole('row', { name: /English/ });
    expect(within(english).getByText('Absent')).toBeInTheDocument();
    expect(within(english).getByText('58.1')).toBeInTheDocument();
    expect(within(english).getByText('3.00')).toBeInTheDocument();
    const yearly = within(sheet).getByRole('region', { name: 'Yearly Calculation' });
    expect(within(yearly).getByText('145.45')).toBeInTheDocument();
    expect(within(yearly).getByText('4.00')).toBeInTheDocument();
    expect(within(yearly).getByText('3 of 40')).toBeInTheDocument();
    expect(within(sheet).getByRole('region', { name: 'Class Teacher’s Comment' })).toBeInTheDocument();
    expect(within(sheet).getByRole('region', { name: 'Head Teacher’s Comment' })).toBeInTheDocument();
    // No section PDF for a student.
    expect(screen.queryByRole('button', { name: 'Download section PDF' })).not.toBeInTheDocument();
  });

  it('downloads the PDF in the session, with the filters and the language', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const calls = api();
    const { user } = renderApp('/gradesheet?session_id=1');
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(calls.pdf).toHaveLength(1));
    const req = calls.pdf[0];
    expect(query(req)).toEqual({ student_code: 'S-2024-07', session_id: '1', lang: 'en' });
    // With the session's cookie (the app holds no token) and the app's own header.
    expect(req.headers.get('authorization')).toBeNull();
    expect(req.headers.get('x-requested-with')).toBe('pathshala');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(screen.queryByText('Could not download the PDF.')).not.toBeInTheDocument();
  });

  it('says plainly when the session is not published, and shows a failed download', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    api({
      sheet: () =>
        HttpResponse.json(
          { error: { code: 'exams.not_published', message: 'The results of this session are not published yet.' } },
          { status: 403 },
        ),
    });
    renderApp('/gradesheet?session_id=2');
    expect(await screen.findByText('The results of this session are not published yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('a failed PDF download is shown, not swallowed', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    api();
    server.use(
      http.get('/api/gradesheet/pdf', () =>
        HttpResponse.json(
          { error: { code: 'internal', message: 'Something went wrong on our side.' } },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderApp('/gradesheet?session_id=1');
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not download the PDF.');
  });

  it('the admin types a Student Id (required) and downloads a whole section', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const calls = api();
    const { user } = renderApp('/gradesheet');
    const code = await screen.findByLabelText('Student Id');
    expect(code).not.toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This is required')).toBeInTheDocument();
    expect(calls.sheet).toHaveLength(0);
    await user.type(code, 'S-2024-07');
    await user.selectOptions(screen.getByLabelText('Session'), '1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('article');
    expect(currentPath()).toBe('/gradesheet?student_code=S-2024-07&session_id=1');

    const card = screen.getByRole('region', { name: 'Whole section' });
    await user.click(within(card).getByRole('button', { name: 'Download section PDF' }));
    expect(within(card).getByText('This is required')).toBeInTheDocument();
    await user.selectOptions(await within(card).findByLabelText('Section'), '3');
    await user.click(within(card).getByRole('button', { name: 'Download section PDF' }));
    await waitFor(() => expect(calls.sectionPdf).toHaveLength(1));
    expect(query(calls.sectionPdf[0])).toEqual({ section_id: '3', session_id: '1', lang: 'en' });
  });

  it('the viewer reads the chosen school’s sheet at /viewevaluation', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    const calls = api();
    renderApp('/viewevaluation?student_code=S-2024-07&session_id=1');
    await screen.findByRole('article');
    expect(calls.sheet[0]).toMatchObject({ student_code: 'S-2024-07', session_id: '1', school_info_id: '3' });
    expect(screen.getByRole('heading', { level: 1, name: 'Evaluation' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Whole section' })).toBeInTheDocument();
  });

  it('in Bangla: the catalogue’s labels and Bangla digits', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    api();
    await setLanguage('bn');
    renderApp('/gradesheet?session_id=1');
    const sheet = await screen.findByRole('article', { name: 'Arif Hossain-এর গ্রেডশিট' });
    const yearly = within(sheet).getByRole('region', { name: 'বার্ষিক হিসাব' });
    expect(within(yearly).getByText('৪০ জনের মধ্যে ৩')).toBeInTheDocument();
    expect(within(yearly).getByText('৪.০০')).toBeInTheDocument();
    expect(within(sheet).getByRole('columnheader', { name: /মাসিক শ্রেণি পরীক্ষা/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'পিডিএফ ডাউনলোড' })).toBeInTheDocument();
  });
});

/**
 * The walk's sheet: a session with no attendance taken, so every subject is graded on 95. English
 * 58.2 of 95 is 61.26%, an A- (of 100 it would be a B): the sheet shows the 95 and says why.
 */
const NO_ATTENDANCE: Gradesheet = {
  ...SHEET,
  attendance_rate: null,
  subjects: [
    subject({
      subject_id: 2,
      subject_name: 'English',
      attendance_marks: 0,
      total: 58.2,
      maximum: 95,
      percentage: 61.26,
      grade: 'A-',
      gradePoint: 3.5,
    }),
    subject({ attendance_marks: 0, total: 82.75, maximum: 95, percentage: 87.11 }),
  ],
};

describe('what the grade was computed on', () => {
  const withSheet = (sheet: Gradesheet) => {
    fakeAuthServer(STUDENT).savedSignIn();
    api({ sheet: () => HttpResponse.json(sheet) });
  };

  it('each subject shows its total out of the maximum it was graded on and the percentage; a note says why not 100', async () => {
    withSheet(NO_ATTENDANCE);
    renderApp('/gradesheet?session_id=1');
    const sheet = await screen.findByRole('article', { name: 'Grade sheet of Arif Hossain' });
    expect(within(sheet).getByText('Class Roll').nextElementSibling).toHaveTextContent('7');
    const region = within(sheet).getByRole('region', { name: 'Grade sheet of Arif Hossain' });
    expect(within(region).getByRole('columnheader', { name: 'Out of' })).toBeInTheDocument();
    expect(within(region).getByRole('columnheader', { name: 'Percentage' })).toBeInTheDocument();
    const english = within(region).getByRole('row', { name: /English/ });
    const cells = within(english)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Total, Out of, Percentage, Grade, Grade Point: the last five cells.
    expect(cells.slice(-5)).toEqual(['58.2', '95', '61.26%', 'A-', '3.50']);
    expect(
      within(sheet).getByText(
        'No attendance was taken this session: its 5 marks are left out of each subject’s maximum. ' +
          'Every subject is graded on 95 of 100, not on 100. ' +
          'For example English: 58.2 of 95 is 61.26%, grade A-.',
      ),
    ).toBeInTheDocument();
  });

  it('a complete year graded on 100 has no note', async () => {
    withSheet(SHEET);
    renderApp('/gradesheet?session_id=1');
    const sheet = await screen.findByRole('article', { name: 'Grade sheet of Arif Hossain' });
    const english = within(sheet).getByRole('row', { name: /English/ });
    expect(within(english).getByText('100')).toBeInTheDocument();
    expect(within(english).getByText('58.1%')).toBeInTheDocument();
    expect(within(sheet).queryByText(/graded on|left out/)).not.toBeInTheDocument();
  });

  it('mid-year: exams not held yet are named too, and each subject’s own maximum is its basis', async () => {
    withSheet({
      ...NO_ATTENDANCE,
      subjects: [
        subject({ subject_name: 'English', subject_id: 2, total: 18.04, maximum: 25, percentage: 72.16, grade: 'A' }),
        subject({ total: 17, maximum: 20, percentage: 85, grade: 'A+' }),
      ],
    });
    renderApp('/gradesheet?session_id=1');
    const sheet = await screen.findByRole('article', { name: 'Grade sheet of Arif Hossain' });
    expect(
      within(sheet).getByText(
        'No attendance was taken this session: its 5 marks are left out of each subject’s maximum. ' +
          'Each subject is graded on its “Out of”, not on 100. ' +
          'Exams not held yet and extra curriculum not yet marked are left out as well. ' +
          'For example English: 18.04 of 25 is 72.16%, grade A.',
      ),
    ).toBeInTheDocument();
  });

  it('on a phone each subject is a card with obtained, out of, percentage, grade and grade point', async () => {
    withSheet(NO_ATTENDANCE);
    renderApp('/gradesheet?session_id=1');
    const sheet = await screen.findByRole('article', { name: 'Grade sheet of Arif Hossain' });
    const cards = within(sheet).getByRole('list', { name: 'Results by subject' });
    // Below Tailwind's sm (640 px) the cards show and the wide table is hidden; from sm up the reverse.
    expect(cards).toHaveClass('sm:hidden');
    expect(within(sheet).getByRole('region', { name: 'Grade sheet of Arif Hossain' })).toHaveClass('max-sm:hidden');
    const english = within(cards).getByRole('listitem', { name: 'English' });
    const figure = (label: string) => within(english).getByText(label).nextElementSibling?.textContent;
    expect(figure('Obtained')).toBe('58.2');
    expect(figure('Out of')).toBe('95');
    expect(figure('Percentage')).toBe('61.26%');
    expect(figure('Grade')).toBe('A-');
    expect(figure('Grade Point')).toBe('3.50');
    // The exam marks are one tap away, under the result.
    expect(within(english).getByText('Marks by exam')).toBeInTheDocument();
    expect(figure('Final Exam Sub')).toBe('55');
  });

  it('in Bangla: the basis, the roll and the note in the catalogue’s words and digits', async () => {
    withSheet(NO_ATTENDANCE);
    await setLanguage('bn');
    renderApp('/gradesheet?session_id=1');
    const sheet = await screen.findByRole('article', { name: 'Arif Hossain-এর গ্রেডশিট' });
    expect(within(sheet).getByText('শ্রেণি রোল').nextElementSibling).toHaveTextContent('৭');
    const region = within(sheet).getByRole('region', { name: 'Arif Hossain-এর গ্রেডশিট' });
    expect(within(region).getByRole('columnheader', { name: 'পূর্ণমান' })).toBeInTheDocument();
    // Subjects and the class by the school's Bangla names (GET /api/names/bn), not as typed in English.
    const english = await within(region).findByRole('row', { name: /ইংরেজি/ });
    expect(within(region).getByRole('row', { name: /গণিত/ })).toBeInTheDocument();
    expect(within(sheet).getByText('শ্রেণি').nextElementSibling).toHaveTextContent('ষষ্ঠ');
    expect(sheet.textContent).not.toMatch(/English|Mathematics|Six/);
    const cells = within(english)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(-5)).toEqual(['৫৮.২', '৯৫', '৬১.২৬%', 'A-', '৩.৫০']);
    expect(
      within(sheet).getByText(
        'এই শিক্ষাবর্ষে কোনো উপস্থিতি নেওয়া হয়নি: উপস্থিতির ৫ নম্বর প্রতিটি বিষয়ের পূর্ণমান থেকে বাদ দেওয়া হয়েছে। ' +
          'প্রতিটি বিষয়ের মূল্যায়ন হয়েছে ১০০-এর বদলে ৯৫ নম্বরে। ' +
          'যেমন ইংরেজি: ৯৫-এর মধ্যে ৫৮.২, অর্থাৎ ৬১.২৬%, গ্রেড A-।',
      ),
    ).toBeInTheDocument();
    const card = within(within(sheet).getByRole('list', { name: 'বিষয়ভিত্তিক ফল' })).getByRole('listitem', {
      name: 'ইংরেজি',
    });
    expect(within(card).getByText('শতকরা').nextElementSibling).toHaveTextContent('৬১.২৬%');
  });
});

describe('mark sheet', () => {
  it('a student submits Session and Exam Type and sees their marks, absent as Absent', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const calls = api();
    const { user } = renderApp('/marksheet');
    expect(await screen.findByLabelText('Student Id')).toHaveValue('S-2024-07');
    await user.selectOptions(await screen.findByLabelText('Session'), '1');
    await user.selectOptions(await screen.findByLabelText('Exam Type'), '5');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const table = await screen.findByRole('table', { name: 'Marks of Arif Hossain' });
    expect(calls.marks[0]).toMatchObject({ student_code: 'S-2024-07', session_id: '1', exam_name_id: '5' });
    expect(currentPath()).toBe('/marksheet?session_id=1&exam_name_id=5');
    expect(within(within(table).getByRole('row', { name: /Mathematics/ })).getByText('18')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /English/ })).getByText('Absent')).toBeInTheDocument();
  });
});
