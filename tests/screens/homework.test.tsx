/**
 * Homework screens against msw: the teacher sets homework with a file (the multipart request
 * carries the form and the file, the app's header and an idempotency key), a refused upload keeps the
 * form, delete asks first and sends that row's id; the student reads cards and must choose a file
 * before submitting, then goes back to the list; the admin's filter lives in the address and
 * shows "No Data To Show"; Bangla shows the catalogue's words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { HomeworkRow, StudentHomeworkRow, TeacherOption } from '@/api/schemas/homework';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server, STUDENT, TEACHER, VIEWER } from './helpers';
import { banglaNamesAnswer } from '../helpers/msw';

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
function page<T>(rows: T[], q: Record<string, string> = {}) {
  const limit = Number(q.limit ?? 20);
  const offset = Number(q.offset ?? 0);
  return HttpResponse.json({ rows: rows.slice(offset, offset + limit), total: rows.length, limit, offset });
}

const OPTIONS: TeacherOption[] = [
  {
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_name: 'A',
    subject_id: 21,
    subject_name: 'Mathematics',
    session_id: 2,
  },
  {
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_name: 'A',
    subject_id: 22,
    subject_name: 'English',
    session_id: 2,
  },
  {
    class_id: 7,
    class_name: 'Seven',
    section_id: 5,
    section_name: 'B',
    subject_id: 31,
    subject_name: 'Science',
    session_id: 2,
  },
];

function hw(over: Partial<HomeworkRow>): HomeworkRow {
  return {
    id: 1,
    school_info_id: 10,
    session_id: 2,
    session_year: '2026',
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_local_name: 'A',
    subject_id: 21,
    subject_name: 'Mathematics',
    teacher_id: 41,
    initial: 'RK',
    teacher_name: 'Rahima Khatun',
    topic: 'Fractions',
    details: 'Exercise 3.2',
    issue_date: '2026-11-20',
    due_date: '2026-11-27',
    file_url: null,
    attachment_link: null,
    file_name: null,
    submitted: 3,
    students: 30,
    ...over,
  };
}

afterEach(async () => {
  await setLanguage('en');
});

/** The school's Bangla names (GET /api/names/bn), keyed by the English name the rows carry. */
function banglaNamesApi() {
  server.use(
    banglaNamesAnswer({
      classes: { Six: 'ষষ্ঠ', Seven: 'সপ্তম' },
      subjects: { Mathematics: 'গণিত', English: 'ইংরেজি' },
    }),
  );
}

describe('teacher: set homework', () => {
  function teacherServer(rows: HomeworkRow[]) {
    const calls = {
      list: 0,
      posts: [] as { fields: Record<string, string>; file: File | null; headers: Headers }[],
      deletes: [] as string[],
    };
    server.use(
      http.get('/api/homework/teacher/options', () => HttpResponse.json(OPTIONS)),
      http.get('/api/homework/teacher/individual', ({ request }) => {
        calls.list++;
        return page(rows, query(request));
      }),
      http.post('/api/homework/delete', ({ request }) => {
        calls.deletes.push(query(request).id);
        return HttpResponse.json({ ok: true, message: 'Deleted  successfully!!', code: 'homework.deleted' });
      }),
    );
    return calls;
  }

  async function fillForm(user: ReturnType<typeof renderApp>['user']) {
    await screen.findByRole('option', { name: 'Six' });
    await user.selectOptions(screen.getByLabelText('Class'), 'Six');
    await user.selectOptions(screen.getByLabelText('Section'), 'A');
    // Only what the teacher teaches in Six A.
    expect(
      within(screen.getByLabelText('Subject'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a subject', 'Mathematics', 'English']);
    await user.selectOptions(screen.getByLabelText('Subject'), 'Mathematics');
    await user.type(screen.getByLabelText('Topic'), 'Fractions');
    await user.type(screen.getByLabelText('Details'), 'Exercise 3.2');
    const due = screen.getByRole('textbox', { name: 'Due Date' });
    await user.clear(due);
    await user.type(due, '27-11-2099');
    await user.upload(
      screen.getByLabelText('Attachment'),
      new File(['%PDF-1.4 x'], 'sheet.pdf', { type: 'application/pdf' }),
    );
  }

  it('sends the form and the file as multipart, then clears the form and reloads the list', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const calls = teacherServer([hw({})]);
    server.use(
      http.post('/api/homework/teacher', async ({ request }) => {
        const form = await request.formData();
        const fields: Record<string, string> = {};
        let file: File | null = null;
        form.forEach((v, k) => {
          if (typeof v === 'string') fields[k] = v;
          else file = v as File;
        });
        calls.posts.push({ fields, file, headers: request.headers });
        return HttpResponse.json({
          ok: true,
          id: 9,
          message: 'New homework added successfully!!',
          code: 'homework.created',
        });
      }),
    );
    const { user } = renderApp('/teacherhomework');
    expect(await screen.findByRole('heading', { name: 'Home Work', level: 1 })).toBeInTheDocument();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('New homework added successfully!!')).toBeInTheDocument();
    expect(calls.posts).toHaveLength(1);
    const sent = calls.posts[0];
    expect(sent.fields).toMatchObject({
      class_id: '6',
      section_id: '3',
      subject_id: '21',
      topic: 'Fractions',
      details: 'Exercise 3.2',
      due_date: '2099-11-27',
    });
    // A part named `file` goes out (jsdom's XHR does not carry the File's bytes or name through msw;
    // the real browser's are checked end to end in tests/e2e/homework.e2e.ts).
    expect(sent.file).not.toBeNull();
    // In the session (its cookie: the app holds no token), said to be the app's own request.
    expect(sent.headers.get('authorization')).toBeNull();
    expect(sent.headers.get('x-requested-with')).toBe('pathshala');
    expect(sent.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Topic')).toHaveValue(''));
    await waitFor(() => expect(calls.list).toBeGreaterThanOrEqual(2));
  });

  it('a refused upload shows the server’s message and keeps the form and the file', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    teacherServer([]);
    server.use(
      http.post('/api/homework/teacher', () =>
        HttpResponse.json(
          {
            error: {
              code: 'upload.too_large',
              message: 'file: must be at most 10 MB.',
              fields: { file: 'must be at most 10 MB.' },
            },
          },
          { status: 413 },
        ),
      ),
    );
    const { user } = renderApp('/teacherhomework');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Nothing was lost/)).toBeInTheDocument();
    expect(screen.getByText('must be at most 10 MB.')).toBeInTheDocument();
    expect(screen.getByLabelText('Topic')).toHaveValue('Fractions');
    expect(screen.getByText(/Chosen: sheet\.pdf/)).toBeInTheDocument();
    // A 4xx cannot be fixed by retrying the same thing.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('delete asks first and sends that row’s own id', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const calls = teacherServer([hw({ id: 5, topic: 'Fractions' }), hw({ id: 8, topic: 'Poems' })]);
    const { user } = renderApp('/teacherhomework');
    await user.click(await screen.findByRole('button', { name: 'Delete “Poems”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure to delete?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.deletes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete “Poems”' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.deletes).toEqual(['8']));
    expect(
      await screen.findByText('Deleted successfully!!', { normalizer: (s) => s.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument();
  });
});

describe('teacher: in Bangla', () => {
  it('names classes and subjects by the school’s Bangla names in the form, the list and the delete question', async () => {
    await setLanguage('bn');
    fakeAuthServer(TEACHER).savedSignIn();
    banglaNamesApi();
    server.use(
      http.get('/api/homework/teacher/options', () => HttpResponse.json(OPTIONS)),
      http.get('/api/homework/teacher/individual', ({ request }) =>
        page([hw({ id: 5, topic: 'Fractions' })], query(request)),
      ),
    );
    const { user } = renderApp('/teacherhomework');
    const table = await screen.findByRole('table', { name: 'আমার দেওয়া বাড়ির কাজ' });
    expect(await within(table).findByText('ষষ্ঠ A')).toBeInTheDocument();
    expect(within(table).getByText('গণিত')).toBeInTheDocument();
    expect(within(table).queryByText(/Six|Mathematics/)).toBeNull();

    const classes = screen.getByRole('combobox', { name: 'শ্রেণি' });
    expect(
      within(classes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['শ্রেণি বেছে নিন', 'ষষ্ঠ', 'সপ্তম']);
    await user.selectOptions(classes, '6');
    await user.selectOptions(screen.getByRole('combobox', { name: 'শাখা' }), '3');
    expect(
      within(screen.getByRole('combobox', { name: 'বিষয়' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['বিষয় বেছে নিন', 'গণিত', 'ইংরেজি']);

    await user.click(within(table).getByRole('button', { name: 'মুছে ফেলুন: “Fractions”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ষষ্ঠ A-এর সব শিক্ষার্থীর কাছ থেকে “Fractions” সরিয়ে ফেলা হবে।')).toBeInTheDocument();
  });
});

function studentRow(over: Partial<StudentHomeworkRow>): StudentHomeworkRow {
  return { ...hw({}), submission: null, ...over };
}

describe('student: homework and submission', () => {
  it('lists cards with topic, subject, details, teacher and Last Date; a file is required to submit', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const row = studentRow({
      id: 4,
      file_url: '/api/homework/file/4',
      attachment_link: '/api/homework/file/4',
      file_name: 'sheet.pdf',
    });
    const posts: { fields: Record<string, string>; file: string }[] = [];
    server.use(
      http.get('/api/homework/student', ({ request }) => page([row], query(request))),
      http.get('/api/homework/student/id', () => HttpResponse.json(row)),
      http.post('/api/homework/submit', async ({ request }) => {
        const form = await request.formData();
        posts.push({
          fields: { homework_id: String(form.get('homework_id')) },
          file: form.has('file') ? 'a file' : 'none',
        });
        return HttpResponse.json({
          ok: true,
          id: 3,
          late: false,
          message: 'Homework submitted successfully!!',
          code: 'homework.submitted',
        });
      }),
    );
    const { user } = renderApp('/studenthomework');
    const card = (await screen.findByRole('heading', { name: 'Fractions' })).closest('li')!;
    for (const text of [
      'Mathematics',
      'Exercise 3.2',
      'Teacher: Rahima Khatun',
      'Last Date: 27-11-2026',
      'Not submitted',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    await user.click(within(card).getByRole('link', { name: 'Open and submit: “Fractions”' }));
    expect(await screen.findByRole('heading', { name: 'Submit Home Work', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download sheet.pdf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose a file to upload.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.upload(
      screen.getByLabelText('Your file'),
      new File(['my answer'], 'answer.txt', { type: 'text/plain' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(currentPath()).toBe('/studenthomework'));
    expect(posts).toEqual([{ fields: { homework_id: '4' }, file: 'a file' }]);
    expect(await screen.findByText('Homework submitted successfully!!')).toBeInTheDocument();
  });

  it('shows the cards in Bangla', async () => {
    await setLanguage('bn');
    fakeAuthServer(STUDENT).savedSignIn();
    banglaNamesApi();
    server.use(http.get('/api/homework/student', ({ request }) => page([studentRow({})], query(request))));
    renderApp('/studenthomework');
    expect(await screen.findByText('শিক্ষক: Rahima Khatun')).toBeInTheDocument();
    // The subject by the school's Bangla name.
    expect(await screen.findByText('গণিত')).toBeInTheDocument();
    expect(screen.queryByText('Mathematics')).toBeNull();
    expect(screen.getByText(/^শেষ তারিখ: ২৭ নভেম্বর ২০২৬$/)).toBeInTheDocument();
    expect(screen.getByText('জমা হয়নি')).toBeInTheDocument();
  });
});

describe('admin: Student Home Work', () => {
  it('filters through the address and says No Data To Show when nothing matches', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/section/all', () =>
        HttpResponse.json([
          { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
        ]),
      ),
      http.get('/api/subject', () => HttpResponse.json([])),
      http.get('/api/teacher/filter', () => HttpResponse.json([])),
      http.get('/api/homework/all/filter', ({ request }) => {
        const q = query(request);
        asked.push(q);
        return page(q.class_id ? [] : [hw({ id: 2, topic: 'Fractions' })], q);
      }),
    );
    const { user } = renderApp('/showhomework');
    const table = await screen.findByRole('table', { name: 'Student Home Sheet' });
    expect(within(table).getByText('Fractions')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /Details/ })).toHaveAttribute('href', '/submitdetails?homework=2');
    await user.selectOptions(screen.getByLabelText('Class'), 'Six');
    expect(await screen.findByText('No Data To Show')).toBeInTheDocument();
    expect(window.location.search).toBe('?class_id=6');
    expect(asked.at(-1)).toMatchObject({ class_id: '6' });
  });
});

describe('viewer: the chosen school', () => {
  it('asks for the chosen school’s homework and opens the submitted details with every status', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/section/all', () => HttpResponse.json([])),
      http.get('/api/teacher/filter', () => HttpResponse.json([])),
      http.get('/api/homework/all/filter', ({ request }) => {
        asked.push(query(request));
        return page([hw({ id: 2, school_info_id: 3 })], query(request));
      }),
      http.get('/api/homework/teacher/submitlist', ({ request }) => {
        const q = query(request);
        const base = { submission_id: null, submission_time: null, file_url: null, file_name: null, first_name: 'x' };
        return HttpResponse.json({
          rows: [
            {
              ...base,
              student_id: 1,
              student_code: 'S-1',
              full_name: 'Arif Hossain',
              class_roll_no: 1,
              status: 'submitted',
              submission_id: 5,
              submission_time: '2026-11-21T10:00:00Z',
              file_url: '/api/homework/submission/file/5',
              file_name: 'a.txt',
            },
            {
              ...base,
              student_id: 2,
              student_code: 'S-2',
              full_name: 'Mita Rani',
              class_roll_no: 2,
              status: 'late',
              submission_id: 6,
              submission_time: '2026-11-28T10:00:00Z',
              file_url: '/api/homework/submission/file/6',
              file_name: 'b.txt',
            },
            {
              ...base,
              student_id: 3,
              student_code: 'S-3',
              full_name: 'Sumon Das',
              class_roll_no: 3,
              status: 'missing',
            },
          ],
          total: 3,
          limit: Number(q.limit),
          offset: 0,
          homework: hw({ id: Number(q.home_work_id), school_info_id: 3 }),
        });
      }),
    );
    const { user } = renderApp('/showhomework');
    await user.click(await screen.findByRole('link', { name: /Details/ }));
    expect(asked[0]).toMatchObject({ school_info_id: '3' });
    expect(await screen.findByRole('heading', { name: 'Home Work Submitted Details', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Who submitted this homework' });
    const status = (name: string) =>
      within(within(table).getByText(name).closest('tr')!).getAllByRole('cell')[2].textContent;
    expect([status('Arif Hossain'), status('Mita Rani'), status('Sumon Das')]).toEqual([
      'Submitted',
      'Late',
      'Missing',
    ]);
    expect(within(table).getByRole('button', { name: 'Download b.txt' })).toBeInTheDocument();
    expect(currentPath()).toBe('/submitdetails?homework=2');
  });
});
