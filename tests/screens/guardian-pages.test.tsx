/**
 * A guardian's child pages against msw: homework read-only for the child named in the
 * address (asked for with that child's id, no way to submit), the grade sheet and mark sheet of the
 * chosen child (the child's code fixed, the child's school asked), the notices without marking
 * them read, and the dashboard's links to these pages.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Gradesheet } from '@/api/schemas/exams';
import type { GuardianChild } from '@/api/schemas/guardians';
import type { StudentHomeworkRow } from '@/api/schemas/homework';
import type { LoanRow } from '@/api/schemas/resources';
import type { StudentNoticeRow } from '@/api/schemas/notices';
import { setLanguage } from '@/i18n/i18n';
import { GUARDIAN, fakeAuthServer, renderApp, server } from './helpers';

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const today = '2026-03-10';

const child = (over: Partial<GuardianChild>): GuardianChild => ({
  student_id: 41,
  student_code: 'S-1-0001',
  full_name: 'Arif Hossain',
  relation: 'father',
  school_info_id: 1,
  school_name: 'Green Valley School',
  session_id: 1,
  class_id: 6,
  class_name: 'Six',
  section_id: 3,
  section_default_name: 'A',
  class_roll_no: 7,
  today,
  ...over,
});
const ARIF = child({});
const NADIA = child({
  student_id: 52,
  student_code: 'S-1-0150',
  full_name: 'Nadia Hossain',
  school_info_id: 2,
  school_name: 'River Side School',
  class_id: 8,
  class_name: 'Eight',
  section_id: 9,
  section_default_name: 'B',
});

const homework = (over: Partial<StudentHomeworkRow>): StudentHomeworkRow => ({
  id: 1,
  school_info_id: 1,
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
  issue_date: '2026-03-01',
  due_date: '2026-03-12',
  file_url: null,
  attachment_link: null,
  file_name: null,
  submitted: 3,
  students: 30,
  submission: null,
  ...over,
});

const sheetOf = (c: GuardianChild): Gradesheet => ({
  school_name: c.school_name ?? '',
  address_division: 'Dhaka',
  address: 'Road 4, Dhaka',
  student_id: c.student_id,
  student_code: c.student_code,
  name: c.full_name,
  session_id: 1,
  session_year: '2025',
  class_name: c.class_name ?? '',
  section_default_name: c.section_default_name ?? '',
  class_roll_no: 4,
  published: true,
  attendance_rate: 0.9,
  subjects: [],
  total_marks: 0,
  total_grade_point: 0,
  gpa: 4.5,
  grade: 'A',
  position: 2,
  section_size: 30,
});

function api() {
  const asked: Record<string, Record<string, string>[]> = { homework: [], sheet: [], marks: [], read: [], notices: [] };
  server.use(
    http.get('/api/guardian/children', () => HttpResponse.json([ARIF, NADIA])),
    http.get('/api/homework/student', ({ request }) => {
      const q = query(request);
      asked.homework.push(q);
      const rows = q.student_id === String(ARIF.student_id) ? [homework({})] : [homework({ id: 2, topic: 'Poems' })];
      return HttpResponse.json({ rows, total: rows.length, limit: 20, offset: 0 });
    }),
    http.get('/api/session', () =>
      HttpResponse.json([
        { id: 1, session_year: '2025', current: false },
        { id: 2, session_year: '2026', current: true },
      ]),
    ),
    http.get('/api/exam/publication', ({ request }) => {
      const id = Number(query(request).session_id);
      return HttpResponse.json({
        session_id: id,
        published: id === 1,
        locked: id === 1,
        published_at: id === 1 ? '2025-12-20T10:00:00Z' : null,
        unlocked_at: null,
      });
    }),
    http.get('/api/exam_name', () => HttpResponse.json([])),
    http.get('/api/gradesheet', ({ request }) => {
      const q = query(request);
      asked.sheet.push(q);
      return HttpResponse.json(sheetOf(q.student_code === NADIA.student_code ? NADIA : ARIF));
    }),
    http.get('/api/mark', ({ request }) => {
      asked.marks.push(query(request));
      return HttpResponse.json([]);
    }),
    http.get('/api/notice/student', ({ request }) => {
      asked.notices.push(query(request));
      const row: StudentNoticeRow = {
        id: 5,
        notice_headline: 'Sports day',
        notice_description: 'On Thursday.',
        type: 2,
        school_info_id: 1,
        class_id: 0,
        class_name: 'ALL',
        section_id: 0,
        section_default_name: 'ALL',
        session_id: 1,
        session_year: '2026',
        publishing_date: today,
        notice_users: '',
        students: [],
        student_id: null,
        creator_name: 'Head teacher',
        edited_by_name: null,
        edited_at: null,
        read: false,
      };
      return HttpResponse.json({ rows: [row], total: 1, limit: 10, offset: 0 });
    }),
    http.post('/api/notice/read', ({ request }) => {
      asked.read.push(query(request));
      return HttpResponse.json({ ok: true });
    }),
  );
  return asked;
}

describe('a guardian on a child’s pages', () => {
  it('reads the chosen child’s homework, with no way to submit it', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked = api();
    const { user } = renderApp(`/studenthomework?student=${ARIF.student_id}`);
    const card = (await screen.findByRole('heading', { name: 'Fractions' })).closest('li')!;
    expect(within(card).getByText('Teacher: Rahima Khatun')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Arif Hossain’s homework, to read/)).toBeInTheDocument();
    expect(asked.homework[0]).toMatchObject({ student_id: String(ARIF.student_id) });
    // The other child: their homework, asked for with their id.
    await user.click(screen.getByRole('link', { name: 'Nadia Hossain' }));
    expect(await screen.findByRole('heading', { name: 'Poems' })).toBeInTheDocument();
    expect(asked.homework.at(-1)).toMatchObject({ student_id: String(NADIA.student_id) });
  });

  it('reads the chosen child’s grade sheet: the child’s code fixed, the child’s school asked', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked = api();
    const { user } = renderApp(`/gradesheet?student=${NADIA.student_id}`);
    const code = await screen.findByLabelText('Student Id');
    expect(code).toHaveValue(NADIA.student_code);
    expect(code).toHaveAttribute('readonly');
    // The code is the child's, and the hint says so (not "Your own Student Id.").
    expect(code).toHaveAccessibleDescription('Your child’s Student Id.');
    await waitFor(() => expect(screen.getByLabelText('Session')).toHaveValue('1'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('article', { name: 'Grade sheet of Nadia Hossain' })).toBeInTheDocument();
    expect(asked.sheet[0]).toEqual({
      student_code: NADIA.student_code,
      session_id: '1',
      school_info_id: String(NADIA.school_info_id),
    });
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download section PDF' })).not.toBeInTheDocument();
  });

  it('in Bangla, the grade sheet’s code is the child’s', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(GUARDIAN).savedSignIn();
      api();
      renderApp(`/gradesheet?student=${NADIA.student_id}`);
      const code = await screen.findByDisplayValue(NADIA.student_code);
      expect(code).toHaveAccessibleDescription('আপনার সন্তানের শিক্ষার্থী আইডি।');
    } finally {
      await setLanguage('en');
    }
  });

  it('asks for the chosen child’s marks with the child’s code and school', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked = api();
    const { user } = renderApp(`/marksheet?student=${ARIF.student_id}`);
    expect(await screen.findByLabelText('Student Id')).toHaveValue(ARIF.student_code);
    await waitFor(() => expect(screen.getByLabelText('Session')).not.toHaveValue(''));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(asked.marks).toHaveLength(1));
    expect(asked.marks[0]).toMatchObject({ student_code: ARIF.student_code, school_info_id: '1' });
  });

  it('reads a child’s notices without marking them read for the child', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const asked = api();
    const { user } = renderApp(`/student-notice-list?type=2&student=${ARIF.student_id}`);
    await user.click(await screen.findByRole('button', { name: /Sports day/ }));
    expect(await screen.findByText('On Thursday.')).toBeInTheDocument();
    expect(asked.notices[0]).toMatchObject({ student_id: String(ARIF.student_id), type: '2' });
    expect(asked.read).toEqual([]);
  });

  it('links the evaluation tiles to the same child', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    api();
    renderApp(`/studentEvaluation?student=${NADIA.student_id}`);
    const nav = await screen.findByRole('navigation', { name: 'Student Evaluation' });
    expect(within(nav).getByRole('link', { name: /Check Grade Sheet/ })).toHaveAttribute(
      'href',
      `/gradesheet?student=${NADIA.student_id}`,
    );
  });

  it('reads the chosen child’s online classes and activities, asked for with the child’s id', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    api();
    const asked: Record<string, string>[] = [];
    server.use(
      http.get('/api/eschool/classes', ({ request }) => {
        asked.push(query(request));
        return HttpResponse.json({ rows: [], total: 0, limit: 20, offset: 0 });
      }),
      http.get('/api/activities/mine', ({ request }) => {
        asked.push(query(request));
        return HttpResponse.json({ session_id: 2, session_year: '2026', rows: [], extra_curriculum: null });
      }),
    );
    const first = renderApp(`/student-eschool?student=${NADIA.student_id}`);
    expect(await screen.findByText('No online classes yet.')).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ student_id: String(NADIA.student_id) });
    expect(asked[0]).not.toHaveProperty('school_info_id');
    first.unmount();
    renderApp(`/student-activity?student=${ARIF.student_id}`);
    expect(await screen.findByText('You take part in no activity this session.')).toBeInTheDocument();
    expect(asked[1]).toEqual({ student_id: String(ARIF.student_id) });
  });
  it('downloads a homework attachment through the link the server gave for the child', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    api();
    const fileUrl = `/api/homework/file/1?student_id=${ARIF.student_id}`;
    const fetched: Record<string, string>[] = [];
    server.use(
      http.get('/api/homework/student', () =>
        HttpResponse.json({
          rows: [homework({ file_url: fileUrl, attachment_link: fileUrl, file_name: 'sheet.pdf' })],
          total: 1,
          limit: 20,
          offset: 0,
        }),
      ),
      http.get('/api/homework/file/1', ({ request }) => {
        fetched.push(query(request));
        return new HttpResponse('%PDF-1.4', {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="sheet.pdf"' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:sheet');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderApp(`/studenthomework?student=${ARIF.student_id}`);
    await user.click(await screen.findByRole('button', { name: 'Download sheet.pdf' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledOnce());
    expect(fetched).toEqual([{ student_id: String(ARIF.student_id) }]);
    // Still no way to answer it.
    expect(screen.queryByRole('link', { name: /Open/ })).not.toBeInTheDocument();
  });

  it('reads the chosen child’s library loans and the school’s catalogue, with no issuing or editing', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    api();
    const asked: Record<string, string>[] = [];
    const loan: LoanRow = {
      id: 3,
      book_id: 8,
      title: 'Amar Boi',
      author: 'NCTB',
      student_id: NADIA.student_id,
      student_code: NADIA.student_code,
      student_name: NADIA.full_name,
      issued_on: '2026-03-01',
      due_date: '2026-03-08',
      returned_on: null,
      overdue: true,
    };
    server.use(
      http.get('/api/library/loans', ({ request }) => {
        asked.push(query(request));
        return HttpResponse.json({ rows: [loan], total: 1, limit: 20, offset: 0, today });
      }),
    );
    const books: Record<string, string>[] = [];
    server.use(
      http.get('/api/library/books', ({ request }) => {
        books.push(query(request));
        return HttpResponse.json({
          rows: [{ id: 8, title: 'Amar Boi', author: 'NCTB', category: 'Text', copies: 3, available: 2 }],
          total: 1,
          limit: 20,
          offset: 0,
        });
      }),
    );
    renderApp(`/studentlibrary?student=${NADIA.student_id}`);
    const card = await screen.findByRole('table', { name: 'Books Nadia Hossain has borrowed' });
    expect(within(card).getByText('Amar Boi')).toBeInTheDocument();
    expect(screen.getByText('Nadia Hossain’s library loans')).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ student_id: String(NADIA.student_id), status: 'all' });
    // The catalogue of the child's school, to read: no issuing, no editing.
    await waitFor(() => expect(books[0]).toMatchObject({ school_info_id: String(NADIA.school_info_id) }));
    expect(screen.queryByRole('button', { name: /Issue/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add/ })).not.toBeInTheDocument();
  });
});
