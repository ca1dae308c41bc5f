/**
 * The staff's day, /staff-attendance (docs/DOMAIN.md, "Staff attendance, leave and substitutes"),
 * against a mock server (msw): the counts and each teacher's status and check-in time, the admin's
 * marks (one sent per changed teacher; a teacher on leave cannot be marked), a closed day, a notice
 * to staff asked first with the number of teachers, a viewer's read-only view of the chosen
 * school, loading, empty and error states; in Bangla too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { StaffDayPage, StaffDayRow } from '@/api/schemas/staff';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, VIEWER, fakeAuthServer, renderApp, server } from './helpers';

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

function staffDayApi(opts: { day?: StaffDayPage; fail?: boolean; slow?: boolean } = {}) {
  const state = {
    day: opts.day ?? DAY(),
    queries: [] as URLSearchParams[],
    marks: [] as unknown[],
    notices: [] as unknown[],
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
    } finally {
      await setLanguage('en');
    }
  });
});
