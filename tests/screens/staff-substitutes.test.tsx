/**
 * Substitute teachers, /substitutes (docs/DOMAIN.md, "Staff attendance, leave and substitutes"),
 * against a mock server (msw): the periods of an away teacher with the free teachers (the
 * subject's teachers marked), assigning one after a confirmation, a clash refused, a period already
 * taken by a substitute, no free teacher, nobody away, a closed day, loading and error states; in
 * Bangla too. And what the assignment does to the teachers' own screens: the substitute's Take
 * Attendance marks the period Substitute, the away teacher's says who takes it and offers no roll.
 */
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import type { SubstitutionNeeded, SubstitutionNeededRow } from '@/api/schemas/staff';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, TEACHER, fakeAuthServer, renderApp, routineRow, server } from './helpers';

// The first screen of a file loads its lazy chunk and catalogues: on a busy machine that is slower
// than testing-library's one-second wait.
const asyncWait = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: asyncWait }));

const NEEDED = (over: Partial<SubstitutionNeededRow> = {}): SubstitutionNeededRow => ({
  routine_id: 501,
  date: '2026-11-25',
  class_name: 'Nine',
  section_name: 'A',
  subject_id: 7,
  subject_name: 'Mathematics',
  period_code: '2nd',
  start_time: '10:45:00',
  end_time: '11:30:00',
  teacher_id: 42,
  initial: 'TA',
  full_name: 'Mrs. Tahmina Akter',
  reason: 'leave',
  substitute: null,
  free_teachers: [
    { teacher_id: 43, initial: 'PKB', full_name: 'Mr. Prodip Kumar Barua', teaches_subject: true },
    { teacher_id: 44, initial: 'SB', full_name: 'Mr. Sujan Barua', teaches_subject: false },
  ],
  ...over,
});

function substitutesApi(opts: { answer?: SubstitutionNeeded; fail?: boolean; slow?: boolean; clash?: boolean } = {}) {
  const state = {
    answer: opts.answer ?? { date: '2026-11-25', school_day: true, rows: [NEEDED()] },
    queries: [] as string[],
    posts: [] as unknown[],
  };
  server.use(
    http.get('/api/substitution/needed', async ({ request }) => {
      state.queries.push(new URL(request.url).search);
      if (opts.fail) return HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      if (opts.slow) await delay('infinite');
      return HttpResponse.json(state.answer);
    }),
    http.post('/api/substitution', async ({ request }) => {
      const body = (await request.json()) as { routine_id: number; date: string; teacher_id: number };
      state.posts.push(body);
      if (opts.clash) {
        return HttpResponse.json(
          { error: { code: 'substitution.clash', message: 'Mr. Sujan Barua has 2nd in Ten B then.' } },
          { status: 409 },
        );
      }
      state.answer = {
        ...state.answer,
        rows: state.answer.rows.map((r) =>
          r.routine_id === body.routine_id
            ? { ...r, substitute: { teacher_id: 43, initial: 'PKB', full_name: 'Mr. Prodip Kumar Barua' } }
            : r,
        ),
      };
      return HttpResponse.json({
        ok: true,
        code: 'substitution.assigned',
        message: 'Substitute assigned.',
        id: 9,
        ...body,
      });
    }),
  );
  return state;
}

describe('/substitutes', () => {
  it('lists the away teacher’s period with the free teachers, and assigns one after asking', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = substitutesApi();
    const { user } = renderApp('/substitutes');
    const item = (await screen.findByText('2nd · Nine A · Mathematics (10:45–11:30)')).closest('li')!;
    expect(within(item).getByText('Away: Mrs. Tahmina Akter (TA), on leave')).toBeInTheDocument();
    const free = within(item).getByLabelText('Free teachers');
    expect(
      within(free)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a teacher', 'Mr. Prodip Kumar Barua (PKB) (teaches Mathematics)', 'Mr. Sujan Barua (SB)']);
    expect(within(item).getByRole('button', { name: 'Assign' })).toBeDisabled();

    await user.selectOptions(free, '43');
    await user.click(within(item).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Assign Mr. Prodip Kumar Barua to 2nd · Nine A · Mathematics?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Substitute assigned.')).toBeInTheDocument();
    // The date asked about (the school's today) is the one the assignment is for.
    const asked = new URLSearchParams(api.queries[0]).get('date');
    expect(asked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(api.posts).toEqual([{ routine_id: 501, date: asked, teacher_id: 43 }]);
    expect(await within(item).findByText('Taken by Mr. Prodip Kumar Barua (PKB)')).toBeInTheDocument();
  });

  it('cancelling the question assigns nobody', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = substitutesApi();
    const { user } = renderApp('/substitutes');
    const item = (await screen.findByText(/^2nd · Nine A/)).closest('li')!;
    await user.selectOptions(within(item).getByLabelText('Free teachers'), '44');
    await user.click(within(item).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.posts).toEqual([]);
  });

  it('shows a clash the server refuses', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    substitutesApi({ clash: true });
    const { user } = renderApp('/substitutes');
    const item = (await screen.findByText(/^2nd · Nine A/)).closest('li')!;
    await user.selectOptions(within(item).getByLabelText('Free teachers'), '44');
    await user.click(within(item).getByRole('button', { name: 'Assign' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Mr. Sujan Barua has 2nd in Ten B then.')).toBeInTheDocument();
    expect(within(item).queryByText(/^Taken by/)).toBeNull();
  });

  it('says when no teacher is free, and for an absent teacher says absent', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    substitutesApi({
      answer: { date: '2026-11-25', school_day: true, rows: [NEEDED({ reason: 'absent', free_teachers: [] })] },
    });
    renderApp('/substitutes');
    expect(await screen.findByText('No teacher is free then.')).toBeInTheDocument();
    expect(screen.getByText('Away: Mrs. Tahmina Akter (TA), absent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
  });

  it('says when nobody is away, when the school is closed, while loading and on failure', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    substitutesApi({ answer: { date: '2026-11-25', school_day: true, rows: [] } });
    const a = renderApp('/substitutes');
    expect(await screen.findByText('No teacher is away that day.')).toBeInTheDocument();
    a.unmount();

    substitutesApi({ answer: { date: '2026-11-27', school_day: false, rows: [] } });
    const b = renderApp('/substitutes');
    expect(await screen.findByText('The school is closed that day.')).toBeInTheDocument();
    expect(screen.queryByText('No teacher is away that day.')).toBeNull();
    b.unmount();

    substitutesApi({ slow: true });
    const c = renderApp('/substitutes');
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    c.unmount();

    substitutesApi({ fail: true });
    renderApp('/substitutes');
    expect(await screen.findByText('Could not load. Try again.')).toBeInTheDocument();
  });

  it('asks for the date typed', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = substitutesApi();
    const { user } = renderApp('/substitutes');
    await screen.findByText(/^2nd · Nine A/);
    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '26-11-2026');
    await waitFor(() => expect(api.queries.at(-1)).toBe('?date=2026-11-26'));
  });

  it('speaks Bangla: names, digits and the subject teacher mark', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(ADMIN).savedSignIn();
      substitutesApi();
      renderApp('/substitutes');
      const item = (await screen.findByText('২য় · নবম A · গণিত (১০:৪৫–১১:৩০)')).closest('li')!;
      expect(within(item).getByText('অনুপস্থিত: Mrs. Tahmina Akter (TA), ছুটিতে')).toBeInTheDocument();
      expect(
        within(item).getByRole('option', { name: 'Mr. Prodip Kumar Barua (PKB) (গণিত পড়ান)' }),
      ).toBeInTheDocument();
      expect(within(item).getByRole('button', { name: 'দায়িত্ব দিন' })).toBeDisabled();
    } finally {
      await setLanguage('en');
    }
  });
});

// ---------------------------------------------------------------- the teachers' own screens

const TODAY = (over: Partial<RoutineTodayRow>): RoutineTodayRow => ({
  ...routineRow({ id: 501, period_code: '2nd', subject_name: 'Mathematics', class_name: 'Nine' }),
  date: '2026-11-25',
  attendance_taken: false,
  substitute: false,
  covered_by: null,
  ...over,
});

describe('a substituted period on Take Attendance', () => {
  it('the substitute sees it marked Substitute, with its roll to take', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher/today', () => HttpResponse.json([TODAY({ substitute: true })])));
    renderApp('/teacherattendance');
    const list = await screen.findByRole('list', { name: 'Your classes' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Substitute')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: /^Take Attendance for 2nd Mathematics/ })).toBeEnabled();
  });

  it('its own teacher is told who takes it, and offered no roll', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher/today', () => HttpResponse.json([TODAY({ covered_by: 'PKB' })])));
    renderApp('/teacherattendance');
    const list = await screen.findByRole('list', { name: 'Your classes' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Taken by PKB')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Take Attendance/ })).toBeNull();
    expect(within(item).queryByText('Substitute')).toBeNull();
  });

  it('in Bangla', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(TEACHER).savedSignIn();
      server.use(
        http.get('/api/routine/teacher/today', () =>
          HttpResponse.json([TODAY({ covered_by: 'PKB' }), TODAY({ id: 502, period_code: '3rd', substitute: true })]),
        ),
      );
      renderApp('/teacherattendance');
      const list = await screen.findByRole('list', { name: 'আপনার ক্লাস' });
      const [covered, mine] = within(list).getAllByRole('listitem');
      expect(within(covered).getByText('নেবেন PKB')).toBeInTheDocument();
      expect(within(mine).getByText('বদলি')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('a substituted period in the teacher’s day (/teacher-admin)', () => {
  it('the substitute’s is marked Substitute; a covered one says who takes it and offers no Take attendance', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    // Periods that began at the day's start: started (and ended) whenever the test runs.
    const early = { start_time: '00:00:00', end_time: '00:00:01' };
    server.use(
      http.get('/api/dashboard/teacher', () =>
        HttpResponse.json({
          date: '2026-11-25',
          time: '09:00:00',
          periods: [
            TODAY({ ...early, covered_by: 'PKB' }),
            TODAY({ ...early, id: 502, period_code: '3rd', subject_name: 'English', substitute: true }),
          ],
          trend: [],
          sections: [],
          marks: [],
          homework: [],
        }),
      ),
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
    );
    renderApp('/teacher-admin');
    const periods = await screen.findByRole('region', { name: 'Today’s periods' });
    const [covered, mine] = within(periods).getAllByRole('listitem');
    expect(covered).toHaveTextContent(/^2nd · Mathematics.*Taken by PKB$/);
    expect(within(covered).queryByRole('link', { name: 'Take attendance' })).toBeNull();
    expect(mine).toHaveTextContent(/^3rd · EnglishSubstitute.*Not takenTake attendance$/);
  });
});
