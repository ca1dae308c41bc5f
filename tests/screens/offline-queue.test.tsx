/**
 * The queue on the screen: what waits on the phone is shown as "Saved on this phone,
 * will send when online" in every screen's banner; the queue sends itself when the app opens and
 * says what the school decided; sign-out with unsent items asks first and, confirmed, deletes the
 * offline store. IndexedDB is fake-indexeddb, fresh for each test.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { enqueue, queuedItems, resetOfflineStoreForTests, setOfflineUser } from '@/offline/store';
import { currentPath, fakeAuthServer, renderApp, server, TEACHER, TEACHER_CARD } from './helpers';

const OWNER = `${TEACHER.user_type}:${TEACHER.user_code}`;
const ITEM = {
  kind: 'attendance' as const,
  key: 'queued-key-1',
  takenAt: '2026-11-22T02:05:00.000Z',
  label: 'P1 · Mathematics · Six A, 2026-11-22',
  input: {
    routine_id: 11,
    date: '2026-11-22',
    attendance: [{ student_id: 101, attendance_status: 0 as const }],
    taken_at: '2026-11-22T02:05:00.000Z',
    time: '08:05:00',
  },
};

const answer = (outcome: string) => ({
  ok: true,
  message: 'x',
  code: `attendance.${outcome}`,
  routine_id: 11,
  date: '2026-11-22',
  time: '08:05:00',
  corrected: false,
  total: 1,
  present: 0,
  absent: 1,
  students: [{ student_id: 101, full_name: 'Arif Hossain', class_roll_no: 1, attendance_status: 0 }],
  outcome,
});

async function queueOne() {
  setOfflineUser(OWNER);
  await enqueue(ITEM);
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineStoreForTests();
  server.use(
    http.get('/api/routine/teacher', () => HttpResponse.json([])),
    http.get('/api/routine/teacher/today', () => HttpResponse.json([])),
    http.get('/api/teacher/profile', () => HttpResponse.json(TEACHER_CARD)),
  );
});

describe('the queue on the screen', () => {
  it('shows what waits on the phone, then sends it by itself with its key and taking time', async () => {
    const auth = fakeAuthServer(TEACHER);
    auth.savedSignIn();
    await queueOne();
    const sent: { key: string | null; body: unknown }[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/attendance/student', async ({ request }) => {
        sent.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
        await held;
        return HttpResponse.json(answer('kept_admin'));
      }),
    );
    renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    // While it is being sent the banner says so; before, it said it was saved on the phone.
    await screen.findByText('Sending the attendance saved on this phone…');
    expect(sent).toEqual([
      { key: 'queued-key-1', body: expect.objectContaining({ taken_at: ITEM.takenAt, routine_id: 11 }) },
    ]);
    release();
    // The school's decision, in words: the admin's correction stands.
    expect(
      await screen.findByText(
        'P1 · Mathematics · Six A, 2026-11-22: the school admin had corrected this period; the admin’s marks stand. Yours is kept in the record.',
      ),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await queuedItems()).toEqual([]));
    expect(screen.queryByText(/Saved on this phone/)).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('keeps it and says so while the network is down', async () => {
    const auth = fakeAuthServer(TEACHER);
    auth.savedSignIn();
    await queueOne();
    server.use(http.post('/api/attendance/student', () => HttpResponse.error()));
    renderApp('/teacher-admin');
    expect(await screen.findByText('Saved on this phone, will send when online: 1 attendance.')).toBeInTheDocument();
    expect(await queuedItems()).toHaveLength(1);
  });

  it('a refusal is shown with what to do, and the teacher may remove it', async () => {
    const auth = fakeAuthServer(TEACHER);
    auth.savedSignIn();
    await queueOne();
    server.use(
      http.post('/api/attendance/student', () =>
        HttpResponse.json(
          { error: { code: 'attendance.taken_at_future', message: 'The taking time is in the future.' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/teacher-admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not accepted by the school: P1 · Mathematics · Six A, 2026-11-22.');
    expect(alert).toHaveTextContent('Ask the school admin to correct it');
    await user.click(within(alert).getByRole('button', { name: 'Remove from this phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this attendance from the phone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from this phone' }));
    await waitFor(async () => expect(await queuedItems()).toEqual([]));
  });
});

describe('signing out with unsent attendance', () => {
  it('asks first, naming how many; waiting keeps them, signing out deletes them', async () => {
    const auth = fakeAuthServer(TEACHER);
    auth.savedSignIn();
    await queueOne();
    server.use(http.post('/api/attendance/student', () => HttpResponse.error()));
    const { user } = renderApp('/teacher-admin');
    await screen.findByText('Saved on this phone, will send when online: 1 attendance.');

    await user.click(screen.getByRole('button', { name: 'Profile menu, RK' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    let ask = await screen.findByRole('dialog', { name: 'Sign out with unsent attendance?' });
    expect(ask).toHaveTextContent(
      '1 attendance saved on this phone has not reached the school yet. Signing out deletes it from this phone.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Stay signed in and wait' }));
    expect(auth.calls.logout).toEqual([]);
    expect(currentPath()).toBe('/teacher-admin');
    expect(await queuedItems()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Profile menu, RK' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    ask = await screen.findByRole('dialog', { name: 'Sign out with unsent attendance?' });
    await user.click(within(ask).getByRole('button', { name: 'Sign out and delete them' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    await waitFor(() => expect(auth.calls.logout).toHaveLength(1));
    setOfflineUser(OWNER);
    await waitFor(async () => expect(await queuedItems()).toEqual([]));
    expect(localStorage.getItem('pathshala.offline-profile')).toBeNull();
  });

  it('asks nothing when nothing waits', async () => {
    const auth = fakeAuthServer(TEACHER);
    auth.savedSignIn();
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Profile menu, RK' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(screen.queryByRole('dialog', { name: 'Sign out with unsent attendance?' })).not.toBeInTheDocument();
  });
});
