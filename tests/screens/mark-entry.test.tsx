/**
 * Mark entry against a mock API: /markentry's tiles; /teacherevaluation entered by
 * keyboard only (type, Enter, ↓, Bangla digits), reviewed and saved with only the changed marks
 * sent, the server's message and the "Inserted data"; blank vs 0 vs absent; a mark above full
 * marks refused on the page and by the server (the field named); a lost save kept and retried
 * under the same idempotency key; the unsaved-work guard; the lock after publication; a school
 * admin's access; Bangla; and /teachermark hiding unmarked students and deleting a mark after
 * confirmation.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ExamInfoRow, ExamMarkBody, MarkValue, StudentMarkRow } from '@/api/schemas/exams';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server, TEACHER } from './helpers';

const SLOW = { timeout: 5000 };
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

function exam(over: Partial<ExamInfoRow>): ExamInfoRow {
  return {
    id: 501,
    session_id: 2,
    session_year: '2026',
    exam_name_id: 33,
    exam_name: 'Monthly Class Test 3',
    kind: 'class_test',
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    subject_id: 21,
    subject_name: 'Mathematics',
    teacher_id: 41,
    initial: 'RK',
    full_marks: 20,
    converted_marks: 20,
    exam_date: '2026-11-24',
    ...over,
  };
}
const MATH_A = exam({});
const MATH_B = exam({ id: 502, section_id: 4, section_default_name: 'B' });
const ENGLISH_A = exam({ id: 503, subject_id: 22, subject_name: 'English' });

function student(id: number, roll: number, name: string, mark: MarkValue): StudentMarkRow {
  return {
    student_id: id,
    student_code: `S-${roll}`,
    name,
    class_roll_no: roll,
    mark_id: mark === null ? null : 900 + id,
    marks_obtained: mark,
  };
}

interface Api {
  exams: ExamInfoRow[];
  rows: StudentMarkRow[];
  locked: boolean;
  sheetQueries: Array<Record<string, string>>;
  examQueries: Array<Record<string, string>>;
  posts: ExamMarkBody[];
  postKeys: Array<string | null>;
  deletes: number[];
  /** status 0: the network drops the request. */
  failNextPost?: { status: number; body?: unknown };
}

function fakeExamApi(over: Partial<Api> = {}): Api {
  const api: Api = {
    exams: [MATH_A, MATH_B, ENGLISH_A],
    rows: [
      student(1, 1, 'Arif Hossain', null),
      student(2, 2, 'Babul Mia', 12),
      student(3, 3, 'Chandra Das', 'absent'),
      student(4, 4, 'Dipa Roy', null),
    ],
    locked: false,
    sheetQueries: [],
    examQueries: [],
    posts: [],
    postKeys: [],
    deletes: [],
    ...over,
  };
  const sheet = () => ({ exam: MATH_A, locked: api.locked, rows: api.rows });
  server.use(
    http.get('/api/session', () =>
      HttpResponse.json([
        { id: 1, session_year: '2025', current: false },
        { id: 2, session_year: '2026', current: true },
      ]),
    ),
    http.get('/api/exam_name', () =>
      HttpResponse.json([
        { id: 31, exam_name: 'Monthly Class Test 1', kind: 'class_test', sort_order: 1 },
        { id: 33, exam_name: 'Monthly Class Test 3', kind: 'class_test', sort_order: 3 },
      ]),
    ),
    http.get('/api/exam_info', ({ request }) => {
      const q = query(request);
      api.examQueries.push(q);
      const rows = api.exams.filter(
        (e) => e.session_id === Number(q.session_id) && e.exam_name_id === Number(q.exam_name_id),
      );
      return HttpResponse.json({ rows, total: rows.length, limit: Number(q.limit), offset: Number(q.offset) });
    }),
    http.get('/api/student_mark', ({ request }) => {
      api.sheetQueries.push(query(request));
      return HttpResponse.json(sheet());
    }),
    http.post('/api/exam_mark', async ({ request }) => {
      const body = (await request.json()) as ExamMarkBody;
      api.posts.push(body);
      api.postKeys.push(request.headers.get('idempotency-key'));
      if (api.failNextPost) {
        const { status, body: answer } = api.failNextPost;
        api.failNextPost = undefined;
        if (status === 0) return HttpResponse.error();
        return HttpResponse.json(answer as object, { status });
      }
      for (const m of body.mark_update) {
        const row = api.rows.find((r) => r.student_id === m.student_id)!;
        const value = m.mark_obtained === '' ? null : (m.mark_obtained ?? null);
        api.rows = api.rows.map((r) =>
          r === row ? { ...r, marks_obtained: value, mark_id: value === null ? null : 900 + r.student_id } : r,
        );
      }
      const n = body.mark_update.length;
      return HttpResponse.json({
        ok: true,
        message: `${n} students Mark entry successful!!`,
        code: 'exams.marks_saved',
        count: n,
        rows: api.rows,
      });
    }),
    http.delete('/api/exam_marks/:id', ({ params }) => {
      const id = Number(params.id);
      api.deletes.push(id);
      api.rows = api.rows.map((r) => (r.mark_id === id ? { ...r, mark_id: null, marks_obtained: null } : r));
      return HttpResponse.json({ ok: true, message: 'Mark deleted successfully', code: 'exams.mark_deleted' });
    }),
  );
  return api;
}

/** The address of Six A Mathematics, Monthly Class Test 3 of 2026. */
const MATH_A_URL = '/teacherevaluation?exam_name_id=33&class_id=6&section_id=3&subject_id=21';

const field = (name: string, roll: number) =>
  screen.getByRole('textbox', { name: `Marks Obtained of ${name}, roll ${roll}` });

/** Every key the page receives from here on (what the teacher actually pressed). */
function countKeys() {
  const pressed: string[] = [];
  const listener = (e: KeyboardEvent) => pressed.push(e.key);
  document.addEventListener('keydown', listener, true);
  return { pressed, stop: () => document.removeEventListener('keydown', listener, true) };
}

afterEach(async () => {
  await setLanguage('en');
});

describe('the Evaluation menu (/markentry)', () => {
  it('shows the Mark Entry and Check Mark Sheet tiles', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    renderApp('/markentry');
    const nav = await screen.findByRole('navigation', { name: 'Features' }, SLOW);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent?.replace(/^./, ''), a.getAttribute('href')]),
    ).toEqual([
      ['Mark EntryEnter a section’s marks', '/teacherevaluation'],
      ['Check Mark SheetMarks entered, by exam', '/teachermark'],
    ]);
  });
});

describe('entering marks (/teacherevaluation)', () => {
  it('filters offer only the exams the teacher may mark; Search Student shows the sheet', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeExamApi();
    const { user } = renderApp('/teacherevaluation');
    expect(await screen.findByRole('heading', { name: 'Marks Entry' }, SLOW)).toBeInTheDocument();
    // The current session is chosen; nothing else yet, so there is nothing to search.
    await waitFor(() => expect(screen.getByLabelText('Session')).toHaveValue('2'));
    expect(screen.getByRole('button', { name: 'Search Student' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Exam Type'), 'Monthly Class Test 3');
    await waitFor(() => expect(screen.getByLabelText('Class')).toBeEnabled());
    expect(api.examQueries.at(-1)).toMatchObject({ session_id: '2', exam_name_id: '33' });
    await user.selectOptions(screen.getByLabelText('Class'), 'Six');
    const section = screen.getByLabelText('Section');
    expect(
      within(section)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a section', 'A', 'B']);
    await user.selectOptions(section, 'A');
    const subject = screen.getByLabelText('Subject');
    expect(
      within(subject)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a subject', 'Mathematics', 'English']);
    await user.selectOptions(subject, 'Mathematics');
    // The filters are in the address.
    expect(currentPath()).toBe(MATH_A_URL);
    expect(api.sheetQueries).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Search Student' }));

    const sheet = await screen.findByRole('table', { name: 'Marks Entry Sheet' });
    expect(
      within(sheet)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student Id', 'Name', 'Marks Obtained']);
    expect(api.sheetQueries).toEqual([
      { session_id: '2', exam_name_id: '33', class_id: '6', section_id: '3', subject_id: '21' },
    ]);
    // Saved marks fill their fields: blank is not entered, AB absent.
    expect(field('Arif Hossain', 1)).toHaveValue('');
    expect(field('Babul Mia', 2)).toHaveValue('12');
    expect(field('Chandra Das', 3)).toHaveValue('AB');
    expect(screen.getByRole('button', { name: /^AB ?Absent: Chandra Das$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(field('Arif Hossain', 1)).toHaveAttribute('inputmode', 'decimal');
    await waitFor(() => expect(field('Arif Hossain', 1)).toHaveFocus());
  });

  it('is entered by keyboard only, reviewed, and saves only the changed marks', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeExamApi();
    const { user } = renderApp(MATH_A_URL);
    // The address names an exam: its sheet opens at once, the first field ready for typing.
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await waitFor(() => expect(field('Arif Hossain', 1)).toHaveFocus());

    const keys = countKeys();
    // 15 for roll 1; roll 2 and 3 kept (↓, Enter); Bangla ১৮ for roll 4; Enter on the last reviews.
    await user.keyboard('15{Enter}');
    expect(field('Babul Mia', 2)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(field('Chandra Das', 3)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(field('Babul Mia', 2)).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field('Dipa Roy', 4)).toHaveFocus();
    await user.keyboard('১৮');
    expect(screen.getByTestId('change-count')).toHaveTextContent('2 changes not saved yet');
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Save these marks?' });
    expect(within(dialog).getByText('The marks of 2 students will change:')).toBeInTheDocument();
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['1. Arif Hossain', 'Not entered', '15'],
      ['4. Dipa Roy', 'Not entered', '18'],
    ]);
    expect(api.posts).toEqual([]); // nothing before Save
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save marks' })).toHaveFocus());
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: '2 students Mark entry successful!!' })).toBeInTheDocument();
    keys.stop();
    expect(keys.pressed).toEqual([
      '1',
      '5',
      'Enter',
      'ArrowDown',
      'ArrowUp',
      'ArrowDown',
      'Enter',
      '১',
      '৮',
      'Enter',
      'Enter',
    ]);
    expect(api.posts).toEqual([
      {
        exam_info_id: 501,
        subject_id: 21,
        mark_update: [
          { student_id: 1, mark_obtained: 15 },
          { student_id: 4, mark_obtained: 18 },
        ],
      },
    ]);
    expect(api.postKeys[0]).toMatch(/\S{8,}/);
    const inserted = screen.getByRole('table', { name: 'Inserted data' });
    expect(
      within(inserted)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['S-1', 'Arif Hossain', '15'],
      ['S-4', 'Dipa Roy', '18'],
    ]);
    // The sheet is hidden after the save; changing again re-enters with the saved marks.
    expect(screen.queryByRole('table', { name: 'Marks Entry Sheet' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change these marks' }));
    expect(field('Arif Hossain', 1)).toHaveValue('15');
    expect(field('Dipa Roy', 4)).toHaveValue('18');
    expect(screen.getByTestId('change-count')).toHaveTextContent('No changes yet');
  });

  it('sends 0 as a real zero, a cleared field as not entered, and absent as its own mark', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeExamApi();
    const { user } = renderApp(MATH_A_URL);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await user.type(field('Arif Hossain', 1), '0');
    await user.clear(field('Babul Mia', 2));
    await user.click(screen.getByRole('button', { name: /^AB ?Absent: Dipa Roy$/ }));
    expect(field('Dipa Roy', 4)).toHaveValue('AB');
    // Chandra's AB typed again as "a" is no change.
    await user.clear(field('Chandra Das', 3));
    await user.type(field('Chandra Das', 3), 'a');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save these marks?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save marks' }));
    await screen.findByRole('heading', { name: '3 students Mark entry successful!!' });
    expect(api.posts[0].mark_update).toEqual([
      { student_id: 1, mark_obtained: 0 },
      { student_id: 2, mark_obtained: null },
      { student_id: 4, mark_obtained: 'absent' },
    ]);
  });

  it('refuses a mark above full marks on the page, naming the field, and the server’s 400 too', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeExamApi();
    const { user } = renderApp(MATH_A_URL);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await user.type(field('Arif Hossain', 1), '25');
    const problem = 'Marks Obtained of Arif Hossain, roll 1 must be at most 20 (the full marks).';
    expect(screen.getByText(problem)).toBeInTheDocument();
    expect(field('Arif Hossain', 1)).toHaveAttribute('aria-invalid', 'true');
    expect(field('Arif Hossain', 1)).toHaveAccessibleDescription(problem);
    await user.type(field('Babul Mia', 2), 'x');
    expect(
      screen.getByText(
        'Marks Obtained of Babul Mia, roll 2: enter a number from 0 to 20, AB for absent, or leave it blank.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    // No review while a field holds no mark; the keyboard goes to the first problem.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field('Arif Hossain', 1)).toHaveFocus();
    expect(screen.getByTestId('change-count')).toHaveTextContent('2 fields need a look');
    expect(api.posts).toEqual([]);

    // The server has its own bound (full marks lowered meanwhile): its 400 names the field.
    await user.clear(field('Arif Hossain', 1));
    await user.type(field('Arif Hossain', 1), '18');
    await user.clear(field('Babul Mia', 2));
    await user.type(field('Babul Mia', 2), '12');
    api.failNextPost = {
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'mark_update.0.mark_obtained: The mark of S-1 must be at most 15 (the full marks).',
          fields: { 'mark_update.0.mark_obtained': 'The mark of S-1 must be at most 15 (the full marks).' },
        },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Save these marks?' })).getByRole('button', {
        name: 'Save marks',
      }),
    );
    expect(await screen.findByText('The mark of S-1 must be at most 15 (the full marks).')).toBeInTheDocument();
    expect(field('Arif Hossain', 1)).toHaveAttribute('aria-invalid', 'true');
    // The marks are kept, still editable.
    expect(field('Arif Hossain', 1)).toHaveValue('18');
    expect(field('Arif Hossain', 1)).not.toHaveAttribute('readonly');
    expect(screen.queryByText(/Mark entry successful/)).toBeNull();
  });

  it.each([
    ['en', (name: string, roll: number) => `Marks Obtained of ${name}, roll ${roll}`, 'Save these marks?', '25', '15'],
    [
      'bn',
      (name: string, roll: number) => `${name}-এর প্রাপ্ত নম্বর, রোল ${'০১২৩৪৫৬৭৮৯'[roll]}`,
      'এই নম্বরগুলো সংরক্ষণ করবেন?',
      '২৫',
      '১৫',
    ],
  ] as const)(
    'in %s, Enter after fixing the mark the review refused goes to the review, not on down the sheet',
    async (lang, label, reviewTitle, bad, good) => {
      fakeAuthServer(TEACHER).savedSignIn();
      const api = fakeExamApi();
      const { user } = renderApp(MATH_A_URL);
      await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
      if (lang === 'bn') await act(() => setLanguage('bn'));
      const arif = () => screen.getByRole('textbox', { name: label('Arif Hossain', 1) });
      await waitFor(() => expect(arif()).toHaveFocus());
      // A bad mark for roll 1, Enter down to the last student, Enter asks for the review.
      await user.keyboard(`${bad}{Enter}{Enter}{Enter}{Enter}`);
      expect(screen.queryByRole('dialog')).toBeNull();
      // Refused: the keyboard is on the bad mark.
      expect(arif()).toHaveFocus();
      await user.clear(arif());
      await user.keyboard(`${good}{Enter}`);
      const dialog = await screen.findByRole('dialog', { name: reviewTitle });
      expect(within(dialog).getAllByRole('row')).toHaveLength(2);
      expect(screen.getByRole('textbox', { name: label('Babul Mia', 2), hidden: true })).not.toHaveFocus();
      expect(api.posts).toEqual([]);
      if (lang === 'bn') await act(() => setLanguage('en'));
    },
  );

  it('keeps the marks when the save is lost and retries under the same idempotency key', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeExamApi({ failNextPost: { status: 0 } });
    const { user } = renderApp(MATH_A_URL);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await user.type(field('Arif Hossain', 1), '9');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Save these marks?' })).getByRole('button', {
        name: 'Save marks',
      }),
    );
    expect(await screen.findByText(/The marks were not saved; they are kept on this page\./)).toBeInTheDocument();
    expect(field('Arif Hossain', 1)).toHaveValue('9');
    expect(screen.queryByText(/Mark entry successful/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: '1 students Mark entry successful!!' });
    expect(api.posts).toHaveLength(2);
    expect(api.posts[1]).toEqual(api.posts[0]);
    expect(api.postKeys[1]).toBe(api.postKeys[0]);
  });

  it('asks before leaving or searching again with unsaved marks', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeExamApi();
    const { user } = renderApp(MATH_A_URL);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await user.type(field('Arif Hossain', 1), '11');
    await user.click(screen.getByRole('button', { name: 'Search Student' }));
    let ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(ask).toHaveTextContent('Your marks are not saved yet.');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(field('Arif Hossain', 1)).toHaveValue('11');
    expect(api.sheetQueries).toHaveLength(1);
    // Another section in the filters is leaving this sheet too.
    await user.selectOptions(screen.getByLabelText('Section'), 'B');
    ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(ask).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Marks Entry Sheet' })).toBeNull());
    expect(currentPath()).toBe('/teacherevaluation?exam_name_id=33&class_id=6&section_id=4');
  });

  it('shows published (locked) marks read-only', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    fakeExamApi({ locked: true });
    renderApp(MATH_A_URL);
    expect(await screen.findByText('Marks locked', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/The results of session 2026 are published/)).toBeInTheDocument();
    const sheet = screen.getByRole('table', { name: 'Marks Entry Sheet' });
    expect(within(sheet).queryAllByRole('textbox')).toEqual([]);
    expect(within(sheet).getByText('12')).toBeInTheDocument();
    expect(within(sheet).getByText('Absent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review changes' })).toBeNull();
  });

  it('is open to school admins, and speaks Bangla', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeExamApi();
    const { user } = renderApp(MATH_A_URL);
    await screen.findByRole('table', { name: 'Marks Entry Sheet' }, SLOW);
    await act(() => setLanguage('bn'));
    expect(await screen.findByRole('heading', { name: 'নম্বর প্রদান' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Arif Hossain-এর প্রাপ্ত নম্বর, রোল ১' }), '২১');
    expect(screen.getByText('Arif Hossain-এর প্রাপ্ত নম্বর, রোল ১ সর্বোচ্চ ২০ হতে পারে (পূর্ণ নম্বর)।')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Arif Hossain-এর প্রাপ্ত নম্বর, রোল ১' }));
    await user.type(screen.getByRole('textbox', { name: 'Arif Hossain-এর প্রাপ্ত নম্বর, রোল ১' }), '১৯.৫');
    await user.click(screen.getByRole('button', { name: 'পরিবর্তনগুলো দেখুন' }));
    const dialog = await screen.findByRole('dialog', { name: 'এই নম্বরগুলো সংরক্ষণ করবেন?' });
    expect(within(dialog).getByText('১৯.৫')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'নম্বর সংরক্ষণ করুন' }));
    expect(
      await screen.findByRole('heading', { name: '১ জন শিক্ষার্থীর নম্বর সফলভাবে সংরক্ষিত হয়েছে!' }),
    ).toBeInTheDocument();
  });
});

describe('class, subject and exam type names', () => {
  it('in Bangla: the filters and the sheet name the class and subject by the school’s Bangla names', async () => {
    await setLanguage('bn');
    fakeAuthServer(TEACHER).savedSignIn();
    fakeExamApi();
    renderApp(MATH_A_URL);
    await screen.findByRole('table', { name: 'নম্বর প্রদানের তালিকা' }, SLOW);
    // GET /api/names/bn (tests/helpers/msw.ts): Six → ষষ্ঠ, Mathematics → গণিত, English → ইংরেজি; the
    // exam type has no Bangla name, so it keeps its letters and gets Bangla digits.
    const subject = screen.getByLabelText('বিষয়');
    await waitFor(() =>
      expect(
        within(subject)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['বিষয় বেছে নিন', 'গণিত', 'ইংরেজি']),
    );
    expect(subject).toHaveDisplayValue('গণিত');
    expect(screen.getByLabelText('শ্রেণি')).toHaveDisplayValue('ষষ্ঠ');
    expect(screen.getByLabelText('পরীক্ষার ধরন')).toHaveDisplayValue('Monthly Class Test ৩');
    expect(screen.getByText(/^Monthly Class Test ৩ · গণিত · ষষ্ঠ শ্রেণি, A শাখা · শিক্ষাবর্ষ ২০২৬/)).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(/Mathematics|English|Six/);
  });
});

describe('the teacher marks sheet (/teachermark)', () => {
  it('lists only students with a mark (0 included) and deletes a mark after confirmation', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeExamApi({
      rows: [
        student(1, 1, 'Arif Hossain', null),
        student(2, 2, 'Babul Mia', 12),
        student(3, 3, 'Chandra Das', 'absent'),
        student(4, 4, 'Dipa Roy', 0),
      ],
    });
    const { user } = renderApp('/teachermark?exam_name_id=33&class_id=6&section_id=3&subject_id=21');
    const table = await screen.findByRole('table', { name: 'Marks' }, SLOW);
    const cells = () =>
      within(screen.getByRole('table', { name: 'Marks' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .slice(0, 3)
            .map((c) => c.textContent),
        );
    expect(cells()).toEqual([
      ['S-2', 'Babul Mia', '12'],
      ['S-3', 'Chandra Das', 'Absent'],
      ['S-4', 'Dipa Roy', '0'],
    ]);
    expect(screen.getByText('1 student without a mark is not listed.')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete the mark of Babul Mia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to delete?' });
    expect(dialog).toHaveTextContent('The mark of Babul Mia (S-2) will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.deletes).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Delete the mark of Babul Mia' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure to delete?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Mark deleted successfully')).toBeInTheDocument();
    expect(api.deletes).toEqual([902]);
    await waitFor(() =>
      expect(cells()).toEqual([
        ['S-3', 'Chandra Das', 'Absent'],
        ['S-4', 'Dipa Roy', '0'],
      ]),
    );
  });

  it('offers no delete once the results are published', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    fakeExamApi({ locked: true });
    renderApp('/teachermark?exam_name_id=33&class_id=6&section_id=3&subject_id=21');
    await screen.findByRole('table', { name: 'Marks' }, SLOW);
    expect(screen.getByText('Published results: marks cannot be deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete the mark/ })).toBeNull();
  });
});
