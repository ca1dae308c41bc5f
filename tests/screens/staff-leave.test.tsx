/**
 * The school admin's leave requests, /staff-leave (docs/DOMAIN.md, "Staff attendance, leave and
 * substitutes"), against a mock server (msw): pending first, approve with a note after a
 * confirmation, refuse (a danger, Cancel first), the filter, empty, loading and error states, a
 * refusal from the server; in Bangla too.
 */
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { LeaveRow } from '@/api/schemas/staff';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';

// The first screen of a file loads its lazy chunk and catalogues: on a busy machine that is slower
// than testing-library's one-second wait.
const asyncWait = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterAll(() => configure({ asyncUtilTimeout: asyncWait }));

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, limit: 200, offset: 0 });

const LEAVE = (over: Partial<LeaveRow> = {}): LeaveRow => ({
  id: 31,
  school_info_id: 10,
  teacher_id: 41,
  initial: 'RK',
  full_name: 'Rahima Khatun',
  leave_type: 'sick',
  start_date: '2026-11-26',
  end_date: '2026-11-27',
  days: 2,
  reason: 'Fever',
  status: 'pending',
  note: '',
  decided_at: null,
  created_at: '2026-11-25T03:00:00Z',
  ...over,
});

function leaveApi(opts: { rows?: LeaveRow[]; fail?: boolean; slow?: boolean; alreadyDecided?: boolean } = {}) {
  const state = {
    rows: opts.rows ?? [LEAVE()],
    queries: [] as string[],
    decisions: [] as unknown[],
  };
  server.use(
    http.get('/api/leave', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      state.queries.push(q.get('status') ?? '');
      if (opts.fail) return HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 });
      if (opts.slow) await delay('infinite');
      const status = q.get('status');
      return HttpResponse.json(page(state.rows.filter((r) => status === 'all' || r.status === status)));
    }),
    http.post('/api/leave/approve', async ({ request }) => {
      const body = (await request.json()) as { id: number; status: 'approved' | 'refused'; note?: string };
      state.decisions.push(body);
      if (opts.alreadyDecided) {
        return HttpResponse.json(
          { error: { code: 'leave.already_decided', message: 'This request was already approved.' } },
          { status: 409 },
        );
      }
      state.rows = state.rows.map((r) =>
        r.id === body.id ? { ...r, status: body.status, note: body.note ?? '', decided_at: '2026-11-25T04:00:00Z' } : r,
      );
      const leave = state.rows.find((r) => r.id === body.id)!;
      return HttpResponse.json({
        ok: true,
        code: body.status === 'approved' ? 'leave.approved' : 'leave.refused',
        message: body.status === 'approved' ? 'Leave approved.' : 'Leave refused.',
        leave,
      });
    }),
  );
  return state;
}

describe('/staff-leave', () => {
  it('lists the pending requests; approving asks first, sends the note, and the request leaves the list', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = leaveApi();
    const { user } = renderApp('/staff-leave');
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    const row = within(table).getByRole('row', { name: /Rahima Khatun/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Rahima Khatun (RK)', 'Sick', '2026-11-26 – 2026-11-27 (2)', 'Fever', 'ApproveRefuse']);
    expect(api.queries[0]).toBe('pending');

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Rahima Khatun’s leave (2 school days)?' });
    await user.type(within(dialog).getByLabelText('Note to the teacher'), 'Get well soon');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Leave approved.')).toBeInTheDocument();
    expect(api.decisions).toEqual([{ id: 31, status: 'approved', note: 'Get well soon' }]);
    expect(await screen.findByText('No leave requests.')).toBeInTheDocument();
  });

  it('refusing is asked as a danger, Cancel first; cancelling sends nothing', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = leaveApi();
    const { user } = renderApp('/staff-leave');
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    await user.click(within(table).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse Rahima Khatun’s leave?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.decisions).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Refuse' }));
    const again = await screen.findByRole('dialog', { name: 'Refuse Rahima Khatun’s leave?' });
    await user.type(within(again).getByLabelText('Note to the teacher'), 'Exams that week');
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Leave refused.')).toBeInTheDocument();
    expect(api.decisions).toEqual([{ id: 31, status: 'refused', note: 'Exams that week' }]);
  });

  it('shows the decided ones with their note under All', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const api = leaveApi({
      rows: [LEAVE({ id: 32, status: 'approved', note: 'Get well soon', leave_type: 'casual', days: 1 })],
    });
    const { user } = renderApp('/staff-leave');
    expect(await screen.findByText('No leave requests.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    expect(within(table).getByText('Approved · Get well soon')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(api.queries).toContain('all');
  });

  it('says when a request was already decided by someone else', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    leaveApi({ alreadyDecided: true });
    const { user } = renderApp('/staff-leave');
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    await user.click(within(table).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This request was already approved.')).toBeInTheDocument();
  });

  it('says it is loading, and when the list could not be loaded', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    leaveApi({ slow: true });
    const first = renderApp('/staff-leave');
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    first.unmount();

    leaveApi({ fail: true });
    renderApp('/staff-leave');
    expect(await screen.findByText('Could not load. Try again.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('speaks Bangla, dates and days in Bangla digits', async () => {
    await setLanguage('bn');
    try {
      fakeAuthServer(ADMIN).savedSignIn();
      leaveApi();
      const { user } = renderApp('/staff-leave');
      const table = await screen.findByRole('table', { name: 'ছুটির আবেদন' });
      expect(within(table).getByText('অসুস্থতা')).toBeInTheDocument();
      expect(within(table).getByText('২০২৬-১১-২৬ – ২০২৬-১১-২৭ (২)')).toBeInTheDocument();
      await user.click(within(table).getByRole('button', { name: 'অনুমোদন' }));
      expect(
        await screen.findByRole('dialog', { name: 'Rahima Khatun এর ছুটি (২ কর্মদিবস) অনুমোদন করবেন?' }),
      ).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
