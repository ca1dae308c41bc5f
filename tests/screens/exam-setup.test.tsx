/**
 * The school admin's exam setup against msw: one submit creates the exams of several
 * sections and subjects (numbers on the wire, an idempotency key), marks are checked before
 * sending with the field named, a 409 shows in Bangla, the list's filters live in the address and
 * follow the form's class, a row opens its mark changes, and publishing asks first and sends
 * nothing on Cancel.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ExamInfoRow, ExamNameRow } from '@/api/schemas/exams';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server } from './helpers';
import { serveRoutineLookups } from './routines-fixtures';

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

const TYPES: ExamNameRow[] = [
  { id: 31, exam_name: 'Monthly Class Test 1', kind: 'class_test', sort_order: 1 },
  { id: 34, exam_name: 'Half Yearly Exam (Sub)', kind: 'half_yearly_sub', sort_order: 4 },
  { id: 35, exam_name: 'Half Yearly Exam (MCQ)', kind: 'half_yearly_mcq', sort_order: 5 },
];

function exam(over: Partial<ExamInfoRow>): ExamInfoRow {
  return {
    id: 900,
    session_id: 2,
    session_year: '2026',
    exam_name_id: 34,
    exam_name: 'Half Yearly Exam (Sub)',
    kind: 'half_yearly_sub',
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    subject_id: 601,
    subject_name: 'Bangla',
    teacher_id: null,
    initial: null,
    full_marks: 100,
    converted_marks: 70,
    exam_date: '2026-06-15',
    ...over,
  };
}

function examServer(rows: ExamInfoRow[] = []) {
  const calls = {
    lists: [] as Record<string, string>[],
    posts: [] as { body: Record<string, unknown>; key: string | null }[],
    audits: [] as Record<string, string>[],
  };
  serveRoutineLookups();
  server.use(
    http.get('/api/exam_name', () => HttpResponse.json(TYPES)),
    http.get('/api/exam_info', ({ request }) => {
      const q = query(request);
      calls.lists.push(q);
      const limit = Number(q.limit ?? 50);
      const offset = Number(q.offset ?? 0);
      const match = rows.filter((r) => !q.class_id || r.class_id === Number(q.class_id));
      return HttpResponse.json({ rows: match.slice(offset, offset + limit), total: match.length, limit, offset });
    }),
    http.get('/api/exam_mark/audit', ({ request }) => {
      calls.audits.push(query(request));
      return HttpResponse.json({
        rows: [
          {
            id: 1,
            student_id: 77,
            student_code: 'S-2026-07',
            name: 'Arif Hossain',
            changed_by: 'Rahima Khatun',
            changed_at: '2026-06-20T04:30:00.000Z',
            old_mark: 55,
            new_mark: 'absent',
          },
        ],
        total: 1,
        limit: 20,
        offset: 0,
      });
    }),
  );
  return calls;
}

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await screen.findAllByRole('option', { name: 'Half Yearly Exam (Sub)' });
  await waitFor(() => expect(screen.getByLabelText('Session')).toHaveValue('2'));
  await user.selectOptions(screen.getByLabelText('Exam Type'), 'Half Yearly Exam (Sub)');
  await user.selectOptions(screen.getByLabelText('Class'), 'Six');
  const sections = screen.getByRole('group', { name: 'Sections' });
  await user.click(within(sections).getByRole('button', { name: 'All Sections' }));
  const subjects = screen.getByRole('group', { name: 'Subjects' });
  await user.click(within(subjects).getByRole('checkbox', { name: 'Bangla' }));
  await user.click(within(subjects).getByRole('checkbox', { name: 'Mathematics' }));
  await user.type(screen.getByLabelText('Full Marks'), '100');
  await user.type(screen.getByLabelText('Converted Marks'), '70');
}

afterEach(async () => {
  await setLanguage('en');
});

describe('/newExam', () => {
  it('creates the exams of every chosen section and subject in one call, then clears and reloads the list', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const calls = examServer([exam({})]);
    server.use(
      http.post('/api/exam_info', async ({ request }) => {
        calls.posts.push({
          body: (await request.json()) as Record<string, unknown>,
          key: request.headers.get('idempotency-key'),
        });
        return HttpResponse.json({
          ok: true,
          message: 'New exam Created Successfully!!',
          code: 'exams.created',
          rows: [exam({ id: 1 }), exam({ id: 2 }), exam({ id: 3 }), exam({ id: 4 })],
        });
      }),
    );
    const { user } = renderApp('/newExam');
    expect(await screen.findByRole('heading', { name: 'New Exam', level: 1 })).toBeInTheDocument();
    await fillForm(user);
    expect(screen.getByText('Creates 4 exams (2 sections × 2 subjects).')).toBeInTheDocument();
    // The list follows the class being set up.
    await waitFor(() => expect(currentPath()).toContain('class_id=6'));
    await waitFor(() => expect(calls.lists.at(-1)).toMatchObject({ class_id: '6' }));
    const listsBefore = calls.lists.length;
    await user.click(screen.getByRole('button', { name: 'Create exams' }));
    expect(await screen.findByText('New exam Created Successfully!! (4 exams)')).toBeInTheDocument();
    expect(calls.posts).toHaveLength(1);
    expect(calls.posts[0].body).toEqual({
      session_id: 2,
      exam_name_id: 34,
      class_id: 6,
      section_ids: [3, 4],
      subject_ids: [601, 602],
      full_marks: 100,
      converted_marks: 70,
      exam_date: null,
    });
    expect(calls.posts[0].key).toBeTruthy();
    // The form is ready for the next class; the list reloaded.
    await waitFor(() => expect(screen.getByLabelText('Class')).toHaveValue(''));
    expect(screen.getByLabelText('Full Marks')).toHaveValue('100');
    await waitFor(() => expect(calls.lists.length).toBeGreaterThan(listsBefore));
  });

  it('checks the marks before sending and names the field', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const calls = examServer();
    let posts = 0;
    server.use(http.post('/api/exam_info', () => (posts++, HttpResponse.json({}))));
    const { user } = renderApp('/newExam');
    await fillForm(user);
    await user.clear(screen.getByLabelText('Converted Marks'));
    await user.type(screen.getByLabelText('Converted Marks'), '150');
    await user.click(screen.getByRole('button', { name: 'Create exams' }));
    expect(await screen.findByText('Converted Marks must not be more than Full Marks.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Full Marks'));
    await user.type(screen.getByLabelText('Full Marks'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create exams' }));
    expect(await screen.findByText('Full Marks must be a number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Marks')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);
    expect(calls.posts).toHaveLength(0);
  });

  it('shows a 409 in Bangla and keeps the choices', async () => {
    await setLanguage('bn');
    fakeAuthServer({ ...ADMIN }).savedSignIn();
    examServer();
    server.use(
      http.put('/api/users/language', () => HttpResponse.json({ ok: true, language: 'bn' })),
      http.post('/api/exam_info', () =>
        HttpResponse.json(
          {
            error: {
              code: 'exams.duplicate',
              message: 'Half Yearly Exam (Sub) of Bangla for section A already exists in this session.',
            },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/newExam');
    await screen.findAllByRole('option', { name: 'Half Yearly Exam (Sub)' });
    await user.selectOptions(screen.getByLabelText('পরীক্ষার ধরন'), 'Half Yearly Exam (Sub)');
    // The class and subject by the school's Bangla names (GET /api/names/bn).
    const klass = screen.getByLabelText('শ্রেণি');
    await within(klass).findByRole('option', { name: 'ষষ্ঠ' });
    await user.selectOptions(klass, 'ষষ্ঠ');
    await user.click(screen.getByRole('checkbox', { name: 'A' }));
    await user.click(screen.getByRole('checkbox', { name: 'বাংলা' }));
    await user.type(screen.getByLabelText('পূর্ণ নম্বর'), '১০০');
    await user.type(screen.getByLabelText('রূপান্তরিত নম্বর'), '70');
    await user.click(screen.getByRole('button', { name: 'পরীক্ষা তৈরি করুন' }));
    // Full marks typed in Bangla digits (১০০) are the same number; the server's 409 comes back in Bangla.
    expect(await screen.findByText(/এর মধ্যে একটি পরীক্ষা এই সেশনে আগেই আছে।/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'A' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'আবার চেষ্টা করুন' })).not.toBeInTheDocument();
  });

  it('keeps the list’s filters and page in the address, and opens a row’s mark changes', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const rows = Array.from({ length: 60 }, (_, i) => exam({ id: 1000 + i, section_default_name: i < 30 ? 'A' : 'B' }));
    const calls = examServer(rows);
    const { user } = renderApp('/newExam?class_id=6&page=2');
    await screen.findByRole('table', { name: 'Exam Lists' });
    expect(calls.lists.at(-1)).toMatchObject({ class_id: '6', limit: '50', offset: '50' });
    expect(screen.getByText('Showing 51–60 of 60')).toBeInTheDocument();
    const row = screen.getAllByRole('row')[1];
    expect(within(row).getByText('15-06-2026')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /^Mark changes of Half Yearly Exam \(Sub\), Bangla/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Arif Hossain (S-2026-07)')).toBeInTheDocument();
    expect(within(dialog).getByText('55')).toBeInTheDocument();
    expect(within(dialog).getByText('Absent')).toBeInTheDocument();
    expect(within(dialog).getByText('20-06-2026 10:30')).toBeInTheDocument();
    expect(calls.audits[0]).toMatchObject({ exam_info_id: '1050', limit: '20', offset: '0' });
    expect(currentPath()).toContain('audit=1050');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).not.toContain('audit=');
  });
  it('says when nothing matches, and when the exam types could not be loaded, with a way to try again', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    examServer([]);
    let fail = true;
    server.use(
      http.get('/api/exam_name', () =>
        fail
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Something went wrong on our side.' } },
              { status: 500 },
            )
          : HttpResponse.json(TYPES),
      ),
    );
    const { user } = renderApp('/newExam');
    expect(await screen.findByText('No exams match these filters.')).toBeInTheDocument();
    expect(
      await screen.findByText(/Could not load the classes, sections, subjects and exam types\./),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option', { name: 'Half Yearly Exam (Sub)' }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByText(/Could not load the classes/)).not.toBeInTheDocument();
  });
});

describe('/create-exam', () => {
  function publicationServer() {
    const state = { published: false, locked: false };
    const calls = { publish: [] as unknown[], unlock: [] as unknown[] };
    const answer = () => ({
      session_id: 2,
      published: state.published,
      locked: state.locked,
      published_at: state.published ? '2026-12-20T06:00:00.000Z' : null,
      unlocked_at: null,
    });
    serveRoutineLookups();
    server.use(
      http.get('/api/exam_name', () => HttpResponse.json(TYPES)),
      http.get('/api/exam/publication', () => HttpResponse.json(answer())),
      http.post('/api/exam/publish', async ({ request }) => {
        calls.publish.push(await request.json());
        Object.assign(state, { published: true, locked: true });
        return HttpResponse.json({
          ok: true,
          message: 'Results published: marks are locked',
          code: 'exams.published',
          ...answer(),
        });
      }),
      http.post('/api/exam/unlock', async ({ request }) => {
        calls.unlock.push(await request.json());
        state.locked = false;
        return HttpResponse.json({
          ok: true,
          message: 'Marks unlocked for correction',
          code: 'exams.unlocked',
          ...answer(),
        });
      }),
    );
    return calls;
  }

  it('publishes a session’s results only after the admin confirms, then shows them locked', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const calls = publicationServer();
    const { user } = renderApp('/create-exam');
    expect(await screen.findByRole('link', { name: /New Exam/ })).toHaveAttribute('href', '/newExam');
    expect(await screen.findByText('Not published. Teachers can enter and correct marks.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish results' }));
    let dialog = await screen.findByRole('dialog', { name: 'Publish the results of 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.publish).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Publish results' }));
    dialog = await screen.findByRole('dialog', { name: 'Publish the results of 2026?' });
    expect(within(dialog).getByText(/Every student of the school will see/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Results published: marks are locked')).toBeInTheDocument();
    expect(calls.publish).toEqual([{ session_id: 2 }]);
    expect(await screen.findByText('Published on 20-12-2026. Marks are locked.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlock marks' }));
    dialog = await screen.findByRole('dialog', { name: 'Unlock the marks of 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Marks unlocked for correction')).toBeInTheDocument();
    expect(calls.unlock).toEqual([{ session_id: 2 }]);
  });

  it('renames an exam type and refuses an empty name before sending', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    publicationServer();
    const renames: unknown[] = [];
    server.use(
      http.put('/api/exam_name/:id', async ({ request, params }) => {
        const body = (await request.json()) as { exam_name: string };
        renames.push({ id: params.id, ...body });
        return HttpResponse.json({ ...TYPES[0], exam_name: body.exam_name });
      }),
    );
    const { user } = renderApp('/create-exam');
    await user.click(await screen.findByRole('button', { name: 'Rename Monthly Class Test 1' }));
    const input = screen.getByLabelText('New name for Monthly Class Test 1');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(renames).toHaveLength(0);
    await user.type(input, 'First Class Test');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Renamed to “First Class Test”.')).toBeInTheDocument();
    expect(renames).toEqual([{ id: '31', exam_name: 'First Class Test' }]);
  });

  it('gives an exam type a Bangla name; one too long is refused before sending', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    publicationServer();
    const renames: unknown[] = [];
    server.use(
      http.put('/api/exam_name/:id', async ({ request, params }) => {
        const body = (await request.json()) as { exam_name: string; exam_name_bn: string };
        renames.push({ id: params.id, ...body });
        return HttpResponse.json({ ...TYPES[0], ...body });
      }),
    );
    const { user } = renderApp('/create-exam');
    await user.click(await screen.findByRole('button', { name: 'Rename Monthly Class Test 1' }));
    const bn = screen.getByLabelText('Name in Bangla for Monthly Class Test 1');
    await user.type(bn, 'ক'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('The Bangla name may be at most 60 characters.')).toBeInTheDocument();
    expect(renames).toHaveLength(0);
    await user.clear(bn);
    await user.type(bn, 'মাসিক পরীক্ষা ১');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Renamed to “Monthly Class Test 1”.')).toBeInTheDocument();
    expect(renames).toEqual([{ id: '31', exam_name: 'Monthly Class Test 1', exam_name_bn: 'মাসিক পরীক্ষা ১' }]);
  });

  it('shows a taken name in Bangla beside the field', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    publicationServer();
    server.use(
      http.put('/api/users/language', () => HttpResponse.json({ ok: true, language: 'bn' })),
      http.post('/api/exam_name', () =>
        HttpResponse.json(
          {
            error: {
              code: 'conflict',
              message: 'The school already has an exam type named Monthly Class Test 1.',
              fields: { exam_name: 'The school already has an exam type named Monthly Class Test 1.' },
            },
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/create-exam');
    await user.type(await screen.findByLabelText('নতুন পরীক্ষার ধরনের নাম'), 'Monthly Class Test 1');
    await user.click(screen.getByRole('button', { name: 'পরীক্ষার ধরন যোগ করুন' }));
    const field = screen.getByLabelText('নতুন পরীক্ষার ধরনের নাম');
    await waitFor(() => expect(field).toHaveAccessibleDescription('বিদ্যালয়ে এই নামে একটি পরীক্ষার ধরন আগেই আছে।'));
    expect(field).toHaveValue('Monthly Class Test 1');
  });
});
