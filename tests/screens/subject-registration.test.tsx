/**
 * /subjectregistration against a fake server (msw): the filters load the section's students and
 * the class's subjects, select-all and single boxes tick rows, one 4th subject at a time, the
 * save sends the spec's payload and shows the server's message only after it answered (and the
 * ticks reset), a refusal shows the server's words (in Bangla: the catalogue's, naming the
 * subject), and a delete goes out only after "Are you sure to delete?".
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';
import { banglaNamesAnswer } from '../helpers/msw';

afterEach(async () => {
  await setLanguage('en');
});

const SECTIONS = [
  { id: 31, section_default_name: 'A', class_id: 9, class_name: 'Nine', shift_id: 1, school_info_id: 1 },
  { id: 32, section_default_name: 'B', class_id: 9, class_name: 'Nine', shift_id: 1, school_info_id: 1 },
];
const STUDENTS = [1, 2].map((id) => ({
  id,
  student_id: id,
  student_code: `S-${id}`,
  full_name: `Student ${id}`,
  mobile_no: '',
  class_roll_no: id,
  class_id: 9,
  class_name: 'Nine',
  section_id: 31,
  section_default_name: 'A',
  group_id: 1,
  division_name: 'Science',
}));
const SUBJECTS = [
  {
    id: 11,
    subject_name: 'Bangla',
    subject_code: '101',
    class_id: 9,
    group_id: null,
    division_name: null,
    optional: false,
  },
  {
    id: 12,
    subject_name: 'Physics',
    subject_code: '136',
    class_id: 9,
    group_id: 1,
    division_name: 'Science',
    optional: false,
  },
  {
    id: 13,
    subject_name: 'Higher Mathematics',
    subject_code: '126',
    class_id: 9,
    group_id: 1,
    division_name: 'Science',
    optional: true,
  },
  {
    id: 14,
    subject_name: 'Agriculture',
    subject_code: '134',
    class_id: 9,
    group_id: null,
    division_name: null,
    optional: true,
  },
];
const row = (id: number, subject: string, student = 1) => ({
  id,
  session_id: 5,
  session_year: '2026',
  class_name: 'Nine',
  division_name: 'Science',
  section_default_name: 'A',
  student_id: student,
  student_code: `S-${student}`,
  full_name: `Student ${student}`,
  subject_id: 11,
  subject_code: '101',
  subject_name: subject,
});
type Row = ReturnType<typeof row>;

/** The server's details by student: one row per student with their subjects, paged by student. */
function byStudent(rows: Row[], request: Request) {
  const q = new URL(request.url).searchParams;
  const limit = Number(q.get('limit') ?? 25);
  const offset = Number(q.get('offset') ?? 0);
  const students = [...new Set(rows.map((r) => r.student_id))].sort((a, b) => a - b);
  return {
    rows: students.slice(offset, offset + limit).map((id) => {
      const mine = rows.filter((r) => r.student_id === id);
      const { id: _id, subject_id: _s, subject_code: _c, subject_name: _n, ...student } = mine[0];
      return {
        ...student,
        class_roll_no: id,
        subjects: mine.map((r) => ({
          id: r.id,
          subject_id: r.subject_id,
          subject_code: r.subject_code,
          subject_name: r.subject_name,
        })),
      };
    }),
    total: students.length,
    limit,
    offset,
  };
}

function serve(opts: { refuse?: boolean; rows?: Row[] } = {}) {
  const saves: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  let subjectRows = opts.rows ?? [row(70, 'Bangla')];
  let release: () => void = () => {};
  server.use(
    http.get('/api/section/all', () => HttpResponse.json(SECTIONS)),
    http.get('/api/session', () =>
      HttpResponse.json([
        { id: 4, session_year: '2025', current: false },
        { id: 5, session_year: '2026', current: true },
      ]),
    ),
    http.get('/api/groups/all', () => HttpResponse.json([{ id: 1, division_name: 'Science' }])),
    http.get('/api/student/admin-search', () =>
      HttpResponse.json(STUDENTS, { headers: { 'x-total-count': String(STUDENTS.length) } }),
    ),
    http.get('/api/search/subjects', () => HttpResponse.json(SUBJECTS)),
    http.get('/api/subjectList', () =>
      HttpResponse.json({ rows: subjectRows, total: subjectRows.length, limit: 50, offset: 0 }),
    ),
    http.get('/api/subjectList/students', ({ request }) => HttpResponse.json(byStudent(subjectRows, request))),
    http.get('/api/forthSubjectList', () =>
      HttpResponse.json({ rows: [row(71, 'Higher Mathematics')], total: 1, limit: 50, offset: 0 }),
    ),
    http.post('/api/save/subjectRegistration', async ({ request }) => {
      saves.push((await request.json()) as Record<string, unknown>);
      await new Promise<void>((r) => (release = r));
      if (opts.refuse)
        return HttpResponse.json(
          {
            error: {
              code: 'subject_registration.fourth_is_compulsory',
              message: 'Higher Mathematics is chosen as a compulsory subject, so it cannot also be the 4th subject.',
              fields: { forthChecked: '…', subject: 'Higher Mathematics' },
            },
          },
          { status: 400 },
        );
      return HttpResponse.json({
        ok: true,
        message: 'Subject Registration saved successfully',
        code: 'subject_registration.saved',
        saved: 4,
        unchanged: 0,
      });
    }),
    http.delete('/api/subRegistration/delete', ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!;
      deletes.push(id);
      subjectRows = subjectRows.filter((r) => String(r.id) !== id);
      return HttpResponse.json({
        ok: true,
        message: 'Subjcet deleted successfully',
        code: 'subject_registration.deleted',
      });
    }),
  );
  return { saves, deletes, release: () => release() };
}

/** The school's Bangla names (GET /api/names/bn), keyed by the English name the rows carry. */
function banglaNamesApi() {
  server.use(
    banglaNamesAnswer({
      classes: { Nine: 'নবম' },
      subjects: {
        Bangla: 'বাংলা',
        Physics: 'পদার্থবিজ্ঞান',
        'Higher Mathematics': 'উচ্চতর গণিত',
        Agriculture: 'কৃষিশিক্ষা',
      },
    }),
  );
}

async function chooseSection(user: ReturnType<typeof renderApp>['user']) {
  await waitFor(() => expect(screen.getByLabelText(/^Session/)).toHaveValue('5'));
  await user.selectOptions(screen.getByLabelText(/^Class/), '9');
  await user.selectOptions(screen.getByLabelText(/^Section/), '31');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByRole('table', { name: 'Students of the section' });
}

describe('/subjectregistration', () => {
  it('ticks students and subjects, saves the spec’s payload, and says so only once the server answered', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const fake = serve();
    const { user } = renderApp('/subjectregistration');
    expect(await screen.findByText('Choose a session, a class and a section, then Search.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await chooseSection(user);

    await user.click(screen.getByRole('checkbox', { name: 'Select all students' }));
    expect(screen.getByRole('checkbox', { name: 'Select S-1 Student 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select S-2 Student 2' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select S-2 Student 2' }));
    expect(screen.getByText('1 student chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Bangla' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Physics' }));
    // One 4th subject: choosing another replaces it.
    await user.click(screen.getByRole('checkbox', { name: 'Higher Mathematics as the 4th subject' }));
    await user.click(screen.getByRole('checkbox', { name: 'Agriculture as the 4th subject' }));
    expect(screen.getByRole('checkbox', { name: 'Higher Mathematics as the 4th subject' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save Registration' }));
    await waitFor(() => expect(fake.saves).toHaveLength(1));
    expect(fake.saves[0]).toMatchObject({
      studentChecked: [{ id: 1 }],
      subjectChecked: [{ id: 11 }, { id: 12 }],
      forthChecked: [{ id: 14 }],
      session_id: 5,
      id: '',
    });
    // Not yet answered: no success message.
    expect(screen.queryByText('Subject Registration saved successfully')).not.toBeInTheDocument();
    fake.release();
    expect(await screen.findByText('Subject Registration saved successfully')).toBeInTheDocument();
    // Every selection resets after a new registration.
    expect(screen.getByRole('checkbox', { name: 'Select S-1 Student 1' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Agriculture as the 4th subject' })).not.toBeChecked();
    expect(window.location.search).toContain('section=31');
  });

  it('shows the server’s refusal, keeps the ticks, and words it in Bangla naming the subject', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const fake = serve({ refuse: true });
    const { user } = renderApp('/subjectregistration?session=5&class=9&section=31');
    await screen.findByRole('table', { name: 'Students of the section' });
    await user.click(screen.getByRole('checkbox', { name: 'Select S-1 Student 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Higher Mathematics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Higher Mathematics as the 4th subject' }));
    await user.click(screen.getByRole('button', { name: 'Save Registration' }));
    await waitFor(() => expect(fake.saves).toHaveLength(1));
    fake.release();
    expect(
      await screen.findByText(
        'Higher Mathematics is chosen as a compulsory subject, so it cannot also be the 4th subject.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select S-1 Student 1' })).toBeChecked();
    banglaNamesApi();
    await setLanguage('bn');
    // The subject the server named (in English) by its Bangla name.
    expect(await screen.findByText('উচ্চতর গণিত একই শিক্ষার্থীর আবশ্যিক ও ৪র্থ বিষয় দুটোই হতে পারে না।')).toBeInTheDocument();
  });

  it('deletes a registration only after “Are you sure to delete?”', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const fake = serve();
    const { user } = renderApp('/subjectregistration');
    const list = await screen.findByRole('list', { name: 'Registered subjects' });
    await user.click(within(list).getByRole('button', { name: 'Delete Bangla of S-1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure to delete?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.deletes).toEqual([]);
    await user.click(within(list).getByRole('button', { name: 'Delete Bangla of S-1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Subjcet deleted successfully')).toBeInTheDocument();
    expect(fake.deletes).toEqual(['70']);
    expect(await screen.findByText('No registrations yet.')).toBeInTheDocument();
  });

  it('lists the details one row per student with their subjects, each removable, paged by student', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    // 30 students of a section, 9 subjects each: 270 registrations, 30 rows, 25 a page.
    const NAMES = ['Bangla', 'English', 'Mathematics', 'Physics', 'Chemistry', 'Biology', 'ICT', 'Religion', 'BGS'];
    const rows = Array.from({ length: 30 }, (_, i) => i + 1).flatMap((student) =>
      NAMES.map((name, j) => row(1000 + student * 10 + j, name, student)),
    );
    const fake = serve({ rows });
    const { user } = renderApp('/subjectregistration');
    const list = await screen.findByRole('list', { name: 'Registered subjects' }, { timeout: 5000 });
    const students = within(list).getAllByRole('listitem', { name: /^Student \d+, S-\d+$/ });
    expect(students).toHaveLength(25);
    expect(students[0]).toHaveTextContent('Roll 1 · Student 1 (S-1)');
    expect(students[0]).toHaveTextContent('2026 · Nine A · Science');
    const ofS2 = within(list).getByRole('list', { name: 'Subjects of S-2' });
    expect(
      within(ofS2)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('✕', '')),
    ).toEqual(NAMES);
    expect(within(ofS2).getAllByRole('button')).toHaveLength(9);
    // No table of 270 rows.
    expect(screen.queryByRole('table', { name: 'Registered subjects' })).not.toBeInTheDocument();

    // The next page: the last 5 students.
    await user.click(screen.getByRole('button', { name: /^Next/ }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Registered subjects' })).getAllByRole('listitem', {
          name: /^Student \d+, S-\d+$/,
        }),
      ).toHaveLength(5),
    );
    const ofS30 = screen.getByRole('list', { name: 'Subjects of S-30' });

    // One subject of one student goes, after "Are you sure to delete?"; the others stay.
    await user.click(within(ofS30).getByRole('button', { name: 'Delete Physics of S-30' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure to delete?')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Physics of student S-30 (Student 30) will no longer be registered.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Subjcet deleted successfully')).toBeInTheDocument();
    expect(fake.deletes).toEqual(['1303']);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Subjects of S-30' })).getAllByRole('button')).toHaveLength(8),
    );
    expect(screen.queryByRole('button', { name: 'Delete Physics of S-30' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Chemistry of S-30' })).toBeInTheDocument();
  });

  it('in Bangla names classes and subjects by the school’s Bangla names and sessions in Bangla digits', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    banglaNamesApi();
    const fake = serve({ rows: [row(70, 'Bangla'), row(72, 'Bangla 1st Paper')] });
    const { user } = renderApp('/subjectregistration?session=5&class=9&section=31');
    await screen.findByRole('table', { name: 'শাখার শিক্ষার্থী' });
    expect(
      within(screen.getByRole('combobox', { name: /^সেশন/ }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['সেশন বাছাই করুন', '২০২৫', '২০২৬']);
    expect(
      within(screen.getByRole('combobox', { name: /^শ্রেণি/ })).getByRole('option', { name: 'নবম' }),
    ).toBeInTheDocument();

    const subjects = screen.getByRole('table', { name: 'শ্রেণির বিষয়' });
    expect(await within(subjects).findByText('পদার্থবিজ্ঞান')).toBeInTheDocument();
    expect(within(subjects).getByText('বাংলা')).toBeInTheDocument();
    expect(within(subjects).getByText('(১৩৬)')).toBeInTheDocument();
    expect(within(subjects).queryByText(/Physics|Bangla/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'পদার্থবিজ্ঞান বাছাই' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '৪র্থ বিষয় হিসেবে উচ্চতর গণিত' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '৪র্থ বিষয় হিসেবে কৃষিশিক্ষা' })).toBeInTheDocument();

    // The details: the session in Bangla digits, the class and the subjects by their Bangla names
    // (a paper by its subject's: "Bangla 1st Paper" is "বাংলা ১ম পত্র").
    const list = await screen.findByRole('list', { name: 'নিবন্ধিত বিষয়' });
    const [student] = within(list).getAllByRole('listitem', { name: 'Student 1, S-1' });
    expect(student).toHaveTextContent('২০২৬ · নবম A · Science');
    expect(
      within(within(list).getByRole('list', { name: 'S-1-এর বিষয়' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('✕', '')),
    ).toEqual(['বাংলা', 'বাংলা ১ম পত্র']);
    expect(student).not.toHaveTextContent(/2026|Nine|Bangla/);

    const fourth = screen.getByRole('table', { name: 'নিবন্ধিত ৪র্থ বিষয়' });
    const [, fourthRow] = within(fourth).getAllByRole('row');
    expect(within(fourthRow).getByText('২০২৬')).toBeInTheDocument();
    expect(within(fourthRow).getByText('নবম')).toBeInTheDocument();
    expect(within(fourthRow).getByText('উচ্চতর গণিত')).toBeInTheDocument();
    expect(fourthRow).not.toHaveTextContent(/2026|Nine|Higher Mathematics/);

    await user.click(within(list).getByRole('button', { name: 'মুছে ফেলুন: S-1-এর বাংলা ১ম পত্র' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('শিক্ষার্থী S-1 (Student 1)-এর বাংলা ১ম পত্র আর নিবন্ধিত থাকবে না।'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'মুছে ফেলুন' }));
    await waitFor(() => expect(fake.deletes).toEqual(['72']));
  });
});
