/**
 * The staff's day, /staff-attendance (docs/DOMAIN.md, "Staff attendance, leave and substitutes"),
 * against a mock server (msw): the counts and each teacher's status and check-in time, the admin's
 * marks (one sent per changed teacher; a teacher on leave cannot be marked), a closed day, a notice
 * to staff asked first with the number of teachers, a viewer's read-only view of the chosen
 * school, loading, empty and error states; in Bangla too.
 */
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { StaffDayPage, StaffDayRow, StaffSettings } from '@/api/schemas/staff';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, VIEWER, fakeAuthServer, renderApp, server } from './helpers';

// The first screen of a file loads its lazy chunk and catalogues: on a busy machine that is slower
// than testing-library's one-second wait.
const asyncWait = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: asyncWait }));

const ROW = (over: Partial<StaffDayRow>): StaffDayRow => ({
  teacher_id: 41,
  initial: 'RK',
  full_name: 'Rahima Khatun',
  designation: 'Assistant Teacher',
  status: 'present',
  check_in_at: '2026-11-25T01:40:00Z',
  check_out_at: null,
  leave_type: null,
  ...over,
});

const DAY = (over: Partial<StaffDayPage> = {}): StaffDayPage => ({
  rows: [
    ROW({}),
    ROW({
      teacher_id: 42,
      initial: 'TA',
      full_name: 'Tahmina Akter',
      status: 'leave',
      check_in_at: null,
      leave_type: 'sick',
    }),
    ROW({ teacher_id: 43, initial: 'SB', full_name: 'Sujan Barua', status: 'not_in', check_in_at: null }),
  ],
  total: 3,
  limit: 500,
  offset: 0,
  date: '2026-11-25',
  school_day: true,
  counts: { present: 1, late: 0, absent: 0, leave: 1, not_in: 1 },
  ...over,
});

const SETTINGS: StaffSettings = {
  school_info_id: 10,
  check_in_from: '07:00:00',
  late_after: '08:15:00',
  check_out_until: '17:00:00',
  allowances: { casual: 10, sick: 14, earned: 20, other: 5 },
};

function staffDayApi(opts: { day?: StaffDayPage; fail?: boolean; slow?: boolean } = {}) {
  const state = {
    day: opts.day ?? DAY(),
    queries: [] as URLSearchParams[],
    marks: [] as unknown[],
    notices: [] as unknown[],
    settings: SETTINGS as StaffSettings,
    settingsPuts: [] as unknown[],
    settingsQueries: [] as URLSearchParams[],
  };
  server.use(
    http.get('/api/staff/attendance', async ({ request }) => {
      state.queries.push(new URL(request.url).searchParams);
      if (opts.fail) return HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      if (opts.slow) await delay('infinite');
      return HttpResponse.json(state.day);
    }),
    http.post('/api/staff/attendance', async ({ request }) => {
      const body = (await request.json()) as { marks: { teacher_id: number; status: StaffDayRow['status'] }[] };
      state.marks.push(body);
      state.day = {
        ...state.day,
        rows: state.day.rows.map((r) => {
          const m = body.marks.find((x) => x.teacher_id === r.teacher_id);
          return m ? { ...r, status: m.status } : r;
        }),
        counts: { present: 1, late: 0, absent: 1, leave: 1, not_in: 0 },
      };
      return HttpResponse.json({ ok: true, code: 'staff.marked', message: 'Staff attendance saved.', marked: 1 });
    }),
    http.get('/api/staff/settings', ({ request }) => {
      state.settingsQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(state.settings);
    }),
    http.put('/api/staff/settings', async ({ request }) => {
      const body = (await request.json()) as Omit<StaffSettings, 'school_info_id'>;
      state.settingsPuts.push(body);
      if (body.allowances.earned > 30) {
        return HttpResponse.json(
          {
            error: {
              code: 'invalid_input',
              message: 'allowances.earned: the school’s rules allow at most 30 days',
              fields: { 'allowances.earned': 'The school’s rules allow at most 30 days.' },
            },
          },
          { status: 400 },
        );
      }
      const hms = (v: string) => (v.length === 5 ? `${v}:00` : v);
      state.settings = {
        school_info_id: 10,
        ...body,
        check_in_from: hms(body.check_in_from),
        late_after: hms(body.late_after),
        check_out_until: hms(body.check_out_until),
      };
      return HttpResponse.json(state.settings);
    }),
    http.get('/api/staff/notice', () => HttpResponse.json({ rows: [], total: 0, limit: 100, offset: 0 })),
    http.post('/api/staff/notice', async ({ request }) => {
      state.notices.push(await request.json());
      return HttpResponse.json({ ok: true, code: 'staff_notice.sent', message: 'Notice sent.', id: 3, recipients: 1 });
    }),
  );
  return state;
}

describe('/staff-attendance', () => {
  it('shows the day’s counts and each teacher’s status and check-in time', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = staffDayApi();
    renderApp('/staff-attendance');
    expect(await screen.findByText('Present 1 · Late 0 · Absent 0 · On leave 1')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Staff attendance' });
    const rahima = within(table).getByRole('row', { name: /Rahima Khatun/ });
    // 01:40 UTC is 07:40 in Dhaka.
    expect(
      within(rahima)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['Rahima Khatun (RK)', 'Present', '07:40']);
    expect(within(table).getByRole('row', { name: /Tahmina Akter/ })).toHaveTextContent('On leave');
    // The admin's school is the server's to decide (server/auth/tenant.ts): the screen names none.
    expect(api.queries[0].get('school_info_id')).toBeNull();
    expect(api.queries[0].get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the admin marks a teacher absent: only the changed teacher is sent; one on leave cannot be marked', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = staffDayApi();
    const { user } = renderApp('/staff-attendance');
    await screen.findByRole('table', { name: 'Staff attendance' });
    expect(screen.getByRole('combobox', { name: 'Mark: Tahmina Akter' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save marks' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mark: Sujan Barua' }), 'absent');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(await screen.findByText('Staff attendance saved.')).toBeInTheDocument();
    expect(api.marks).toEqual([{ date: api.queries[0].get('date'), marks: [{ teacher_id: 43, status: 'absent' }] }]);
    expect(await screen.findByText('Present 1 · Late 0 · Absent 1 · On leave 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save marks' })).toBeDisabled();
  });

  it('on a closed day says so and offers no marks', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    staffDayApi({ day: DAY({ school_day: false }) });
    renderApp('/staff-attendance');
    expect(await screen.findByText('The school is closed that day.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mark: Sujan Barua' })).toBeDisabled();
  });

  it('a notice to chosen teachers is asked first with their number', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = staffDayApi();
    const { user } = renderApp('/staff-attendance');
    const card = await screen.findByRole('region', { name: 'Notices to staff' });
    await user.type(within(card).getByLabelText('Headline'), 'Staff meeting at 2 pm');
    await user.click(within(card).getByRole('radio', { name: 'Chosen teachers' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Sujan Barua (SB)' }));
    await user.click(within(card).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this notice to 1 teacher(s)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.notices).toEqual([
        { headline: 'Staff meeting at 2 pm', description: '', all_teachers: false, teacher_ids: [43] },
      ]),
    );
    await waitFor(() => expect(within(card).getByLabelText('Headline')).toHaveValue(''));
  });

  it('a viewer reads the chosen school’s day, with no marks and no notices', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    const api = staffDayApi();
    renderApp('/staff-attendance');
    const table = await screen.findByRole('table', { name: 'Staff attendance' });
    expect(within(table).queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save marks' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notices to staff' })).toBeNull();
    expect(api.queries[0].get('school_info_id')).toBe('3');
  });

  it('says it is loading, and when the day could not be loaded', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    staffDayApi({ slow: true });
    const first = renderApp('/staff-attendance');
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    first.unmount();

    staffDayApi({ fail: true });
    renderApp('/staff-attendance');
    expect(await screen.findByText('Could not load. Try again.')).toBeInTheDocument();
  });

  it('says when the school has no teachers', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    staffDayApi({ day: DAY({ rows: [], total: 0, counts: { present: 0, late: 0, absent: 0, leave: 0, not_in: 0 } }) });
    renderApp('/staff-attendance');
    expect(await screen.findByText('No teachers.')).toBeInTheDocument();
  });

  it('prints the chosen month’s staff register as a PDF, in the reader’s language', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    staffDayApi();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/staff/register/pdf', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse('%PDF-1.3', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="staff-register-2026-10.pdf"',
          },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderApp('/staff-attendance');
    const card = await screen.findByRole('region', { name: 'Monthly register' });
    const month = within(card).getByLabelText('Month');
    const options = within(month).getAllByRole('option');
    expect(options).toHaveLength(12);
    // Newest first: the second is the month before the first.
    const [first, second] = options.map((o) => (o as HTMLOptionElement).value);
    expect(first).toMatch(/^\d{4}-\d{2}$/);
    expect(second < first).toBe(true);
    await user.selectOptions(month, second);
    await user.click(within(card).getByRole('button', { name: 'Print staff register (PDF)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledOnce());
    expect(asked.map((q) => [q.get('month'), q.get('lang')])).toEqual([[second, 'en']]);
  });

  it('a register that could not be printed is said in the page', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    staffDayApi();
    server.use(
      http.get('/api/staff/register/pdf', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 }),
      ),
    );
    const { user } = renderApp('/staff-attendance');
    const card = await screen.findByRole('region', { name: 'Monthly register' });
    await user.click(within(card).getByRole('button', { name: 'Print staff register (PDF)' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(/went wrong|try again/i);
  });

  it('the admin sets the staff day: the window and the allowances, the order of the times checked first', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = staffDayApi();
    const { user } = renderApp('/staff-attendance');
    const card = await screen.findByRole('region', { name: 'The staff day' });
    const late = await within(card).findByLabelText('Late after');
    expect(within(card).getByLabelText('Check-in opens')).toHaveValue('07:00');
    expect(late).toHaveValue('08:15');
    expect(within(card).getByLabelText('Casual leave')).toHaveValue('10');

    // A late mark before check-in opens is said under the field, and nothing is sent.
    await user.clear(late);
    await user.type(late, '06:30');
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await within(card).findByText('The late mark must not be before check-in opens.')).toBeInTheDocument();
    expect(late).toHaveAttribute('aria-invalid', 'true');
    expect(api.settingsPuts).toEqual([]);

    await user.clear(late);
    await user.type(late, '08:30');
    const sick = within(card).getByLabelText('Sick leave');
    await user.clear(sick);
    await user.type(sick, '12');
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.settingsPuts).toEqual([
      {
        check_in_from: '07:00',
        late_after: '08:30',
        check_out_until: '17:00',
        allowances: { casual: 10, sick: 12, earned: 20, other: 5 },
      },
    ]);
    expect(within(card).queryByText('The late mark must not be before check-in opens.')).toBeNull();
  });

  it('a field the server refuses is said under it', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = staffDayApi();
    const { user } = renderApp('/staff-attendance');
    const card = await screen.findByRole('region', { name: 'The staff day' });
    const earned = await within(card).findByLabelText('Earned leave');
    await user.clear(earned);
    await user.type(earned, '45');
    await user.click(within(card).getByRole('button', { name: 'Save settings' }));
    expect(await within(card).findByText('The school’s rules allow at most 30 days.')).toBeInTheDocument();
    expect(earned).toHaveAttribute('aria-invalid', 'true');
    expect(api.settingsPuts).toHaveLength(1);
  });

  it('a viewer does not see the settings', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 3, school_name: 'Hill View High School' });
    const api = staffDayApi();
    renderApp('/staff-attendance');
    await screen.findByRole('table', { name: 'Staff attendance' });
    expect(screen.queryByRole('region', { name: 'The staff day' })).toBeNull();
    expect(api.settingsQueries).toEqual([]);
  });

  it('speaks Bangla, counts and times in Bangla digits', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(ADMIN).savedSignIn();
      staffDayApi();
      renderApp('/staff-attendance');
      expect(await screen.findByText('উপস্থিত ১ · দেরিতে ০ · অনুপস্থিত ০ · ছুটিতে ১')).toBeInTheDocument();
      const table = screen.getByRole('table', { name: 'শিক্ষকদের হাজিরা' });
      const rahima = within(table).getByRole('row', { name: /Rahima Khatun/ });
      expect(within(rahima).getByText('০৭:৪০')).toBeInTheDocument();
      expect(within(table).getByRole('row', { name: /Tahmina Akter/ })).toHaveTextContent('ছুটিতে');
      const settings = await screen.findByRole('region', { name: 'শিক্ষকদের দিন' });
      // Allowances in Bangla digits, typed back in either.
      expect(await within(settings).findByLabelText('অসুস্থতা ছুটি')).toHaveValue('১৪');
      const card = screen.getByRole('region', { name: 'মাসিক হাজিরা খাতা' });
      expect(within(card).getByRole('button', { name: 'শিক্ষকদের হাজিরা খাতা প্রিন্ট (PDF)' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
