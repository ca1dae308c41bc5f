/**
 * A teacher's own day, /my-day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"), against
 * a mock server (msw): the check-in card in its states (loading, the school's window, checked in,
 * closed, failed), checking in, asking for leave (the request's body, the server's refusal in the
 * user's language, the list reloaded), the balance, and the office's notices; in Bangla too.
 */
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { LeaveBalance, LeaveRow, MyStaffDay, StaffNoticeRow } from '@/api/schemas/staff';
import { setLanguage } from '@/i18n/i18n';
import { TEACHER, fakeAuthServer, renderApp, server } from './helpers';

// The first screen of a file loads its lazy chunk and catalogues: on a busy machine that is slower
// than testing-library's one-second wait.
const asyncWait = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: asyncWait }));

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 100, offset: 0 });

const DAY = (over: Partial<MyStaffDay> = {}): MyStaffDay => ({
  date: '2026-11-25',
  school_day: true,
  status: 'not_in',
  check_in_at: null,
  check_out_at: null,
  check_in_from: '07:00:00',
  late_after: '08:15:00',
  check_out_until: '17:00:00',
  can_check_in: true,
  can_check_out: false,
  ...over,
});

const BALANCE: LeaveBalance = {
  teacher_id: 41,
  year: 2026,
  types: [
    { leave_type: 'casual', allowance: 10, taken: 2, pending: 1, remaining: 7 },
    { leave_type: 'sick', allowance: 14, taken: 0, pending: 0, remaining: 14 },
    { leave_type: 'earned', allowance: 0, taken: 0, pending: 0, remaining: 0 },
    { leave_type: 'other', allowance: 5, taken: 0, pending: 0, remaining: 5 },
  ],
};

const LEAVE = (over: Partial<LeaveRow> = {}): LeaveRow => ({
  id: 31,
  school_info_id: 10,
  teacher_id: 41,
  initial: 'RK',
  full_name: 'Rahima Khatun',
  leave_type: 'sick',
  start_date: '2026-11-26',
  end_date: '2026-11-26',
  days: 1,
  reason: 'Fever',
  status: 'pending',
  note: '',
  decided_at: null,
  created_at: '2026-11-25T03:00:00Z',
  ...over,
});

const NOTICE: StaffNoticeRow = {
  id: 5,
  headline: 'Staff meeting at 2 pm',
  description: 'In the head teacher’s room.',
  all_teachers: true,
  recipients: 14,
  publishing_date: '2026-11-24',
  author: 'Nasrin Akter',
};

function myDayApi(opts: { day?: MyStaffDay | 'fail' | 'slow'; leave?: LeaveRow[]; refuseLeave?: boolean } = {}) {
  const state = {
    day: opts.day ?? DAY(),
    leave: opts.leave ?? ([] as LeaveRow[]),
    leavePosts: [] as unknown[],
    checkIns: 0,
    leaveQueries: [] as string[],
  };
  server.use(
    http.get('/api/staff/me', async () => {
      if (state.day === 'fail')
        return HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      if (state.day === 'slow') await delay('infinite');
      return HttpResponse.json(state.day);
    }),
    http.post('/api/staff/check_in', () => {
      state.checkIns += 1;
      state.day = DAY({
        status: 'present',
        check_in_at: '2026-11-25T01:40:00Z',
        can_check_in: false,
        can_check_out: true,
      });
      return HttpResponse.json({
        ok: true,
        code: 'staff.checked_in',
        message: 'Checked in.',
        date: '2026-11-25',
        status: 'present',
        check_in_at: '2026-11-25T01:40:00Z',
        check_out_at: null,
      });
    }),
    http.get('/api/leave/balance', () => HttpResponse.json(BALANCE)),
    http.get('/api/leave', ({ request }) => {
      state.leaveQueries.push(new URL(request.url).search);
      return HttpResponse.json(page(state.leave));
    }),
    http.post('/api/leave', async ({ request }) => {
      const body = await request.json();
      state.leavePosts.push(body);
      if (opts.refuseLeave) {
        return HttpResponse.json(
          {
            error: {
              code: 'leave.over_allowance',
              message: 'Only 0 day(s) of earned leave are left this year; this asks for 1.',
            },
          },
          { status: 409 },
        );
      }
      const leave = LEAVE();
      state.leave = [leave];
      return HttpResponse.json({ ok: true, code: 'leave.requested', message: 'Leave requested.', leave });
    }),
    http.get('/api/staff/notice', () => HttpResponse.json(page([NOTICE]))),
  );
  return state;
}

describe('/my-day', () => {
  it('says the school’s window, checks in, and shows the time it was taken', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = myDayApi();
    const { user } = renderApp('/my-day');
    expect(await screen.findByText('Check in from 07:00 (late after 08:15) until 17:00.')).toBeInTheDocument();
    expect(screen.getByText('Today: Not in yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked in.')).toBeInTheDocument();
    // 01:40 UTC is 07:40 in Dhaka.
    expect(await screen.findByText('Checked in at 07:40')).toBeInTheDocument();
    expect(screen.getByText('Today: Present')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled();
    expect(api.checkIns).toBe(1);
  });

  it('on a closed day offers no check-in', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    myDayApi({ day: DAY({ school_day: false, can_check_in: false }) });
    renderApp('/my-day');
    expect(await screen.findByText('The school is closed today.')).toBeInTheDocument();
    expect(screen.queryByText(/^Check in from/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Check in' })).toBeDisabled();
  });

  it('says it is loading while the day is on its way', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    myDayApi({ day: 'slow' });
    renderApp('/my-day');
    await screen.findByRole('heading', { name: 'My day', level: 1 });
    expect((await screen.findAllByText('Loading…')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
  });

  it('tells the teacher when their day could not be loaded', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    myDayApi({ day: 'fail' });
    renderApp('/my-day');
    expect(await screen.findByText('Could not load. Try again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
  });

  it('asks for leave with the dates typed as DD-MM-YYYY; the request shows as pending', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = myDayApi();
    const { user } = renderApp('/my-day');
    expect(await screen.findByText('No leave requests.')).toBeInTheDocument();
    const balance = await screen.findByRole('table', { name: 'Leave balance' });
    const casual = within(balance).getByRole('row', { name: /Casual/ });
    expect(
      within(casual)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Casual', '10', '2', '1', '7']);

    await user.selectOptions(screen.getByLabelText('Type of leave'), 'sick');
    await user.type(screen.getByLabelText('From'), '26-11-2026');
    await user.type(screen.getByLabelText('Reason'), 'Fever');
    await user.click(screen.getByRole('button', { name: 'Ask for leave' }));
    expect(await screen.findByText('Leave requested.')).toBeInTheDocument();
    expect(api.leavePosts).toEqual([{ leave_type: 'sick', start_date: '2026-11-26', reason: 'Fever' }]);
    const mine = await screen.findByRole('table', { name: 'My requests' });
    expect(within(mine).getByText('Sick')).toBeInTheDocument();
    expect(within(mine).getByText('Pending')).toBeInTheDocument();
    expect(api.leaveQueries.every((q) => q.includes('status=all'))).toBe(true);
    // The form is cleared for the next request.
    expect(screen.getByLabelText('Reason')).toHaveValue('');
  });

  it('shows the server’s refusal (its own words in English) and keeps what was typed', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    myDayApi({ refuseLeave: true });
    const { user } = renderApp('/my-day');
    await screen.findByText('No leave requests.');
    await user.selectOptions(screen.getByLabelText('Type of leave'), 'earned');
    await user.type(screen.getByLabelText('From'), '26-11-2026');
    await user.type(screen.getByLabelText('Reason'), 'Wedding');
    await user.click(screen.getByRole('button', { name: 'Ask for leave' }));
    expect(
      await screen.findByText('Only 0 day(s) of earned leave are left this year; this asks for 1.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Reason')).toHaveValue('Wedding');
    expect(screen.getByText('No leave requests.')).toBeInTheDocument();
  });

  it('says the refusal in Bangla from the catalogue', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(TEACHER).savedSignIn();
      myDayApi({ refuseLeave: true });
      const { user } = renderApp('/my-day');
      await screen.findByText('কোনো ছুটির আবেদন নেই।');
      await user.type(screen.getByLabelText('থেকে'), '২৬-১১-২০২৬');
      await user.type(screen.getByLabelText('কারণ'), 'বিয়ে');
      await user.click(screen.getByRole('button', { name: 'ছুটির আবেদন করুন' }));
      expect(await screen.findByText('এ বছর এই ধরনের ছুটি যথেষ্ট বাকি নেই।')).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  it('lists the office’s notices to staff, and a decided request with its note', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    myDayApi({ leave: [LEAVE({ status: 'refused', note: 'Exams that week' })] });
    renderApp('/my-day');
    expect(await screen.findByText('Staff meeting at 2 pm')).toBeInTheDocument();
    expect(screen.getByText('In the head teacher’s room.')).toBeInTheDocument();
    const mine = await screen.findByRole('table', { name: 'My requests' });
    expect(within(mine).getByText('Refused · Exams that week')).toBeInTheDocument();
  });

  it('speaks Bangla, times and counts in Bangla digits', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(TEACHER).savedSignIn();
      myDayApi({ day: DAY({ status: 'late', check_in_at: '2026-11-25T02:20:00Z', can_check_in: false }) });
      renderApp('/my-day');
      expect(
        await screen.findByText('০৭:০০ থেকে ১৭:০০ পর্যন্ত উপস্থিতি দেওয়া যাবে (০৮:১৫ এর পরে দেরি)।'),
      ).toBeInTheDocument();
      expect(screen.getByText('আজ: দেরিতে')).toBeInTheDocument();
      expect(screen.getByText('০৮:২০ এ উপস্থিতি দিয়েছেন')).toBeInTheDocument();
      const balance = await screen.findByRole('table', { name: 'ছুটির হিসাব' });
      const casual = within(balance).getByRole('row', { name: /নৈমিত্তিক/ });
      expect(
        within(casual)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['নৈমিত্তিক', '১০', '২', '১', '৭']);
      expect(screen.getByRole('button', { name: 'ছুটির আবেদন করুন' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('waiting on the server', () => {
  it('the Ask for leave button says it is sending and cannot be pressed twice', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    myDayApi();
    let posts = 0;
    server.use(
      http.post('/api/leave', async () => {
        posts += 1;
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/my-day');
    await screen.findByText('No leave requests.');
    await user.type(screen.getByLabelText('From'), '26-11-2026');
    await user.type(screen.getByLabelText('Reason'), 'Fever');
    await user.click(screen.getByRole('button', { name: 'Ask for leave' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await waitFor(() => expect(posts).toBe(1));
  });
});
