/**
 * Taking the roll with no network, on the open screen: the network going is said at
 * once (no reload), a period kept on the phone is listed as waiting to send (not "Not taken"), and
 * once the network is back and the queue sent it the list says it is taken and the "No network"
 * line goes. A sign-in opened from the phone's copy is confirmed when the network returns.
 * IndexedDB is fake-indexeddb, fresh for each test; the network is `navigator.onLine` with the
 * window's `online` / `offline` events, and requests fail as a browser's do while it is off.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AttendanceStudentRow, TakeAttendanceBody } from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { saveOfflineProfile } from '@/api/session';
import { queuedItems, resetOfflineStoreForTests } from '@/offline/store';
import { fakeAuthServer, renderApp, routineRow, server, TEACHER, TEACHER_CARD } from './helpers';

const TODAY = '2026-11-22'; // Sunday; 10:00 in Dhaka
const NOW = new Date('2026-11-22T04:00:00Z');
const P1: RoutineTodayRow = { ...routineRow({ id: 11 }), date: TODAY, attendance_taken: false };
const STUDENTS: AttendanceStudentRow[] = [
  {
    student_id: 501,
    student_code: 'S-1',
    full_name: 'Arif 1',
    class_roll_no: 1,
    enrolment_id: 901,
    attendance_status: null,
  },
  {
    student_id: 502,
    student_code: 'S-2',
    full_name: 'Babul 2',
    class_roll_no: 2,
    enrolment_id: 902,
    attendance_status: null,
  },
];

const NO_NETWORK = 'No network: what you save is kept on this phone and sent when the network returns.';
const OPENED_OFFLINE = 'No network: Pathshala opened with what this device keeps.';

let online = true;
function setNetwork(on: boolean) {
  online = on;
  act(() => {
    window.dispatchEvent(new Event(on ? 'online' : 'offline'));
  });
}

/** The school's side: what a browser with no network gets is a failed request. */
function fakeSchool() {
  const posts: TakeAttendanceBody[] = [];
  let taken = false;
  const off = () => (online ? null : HttpResponse.error());
  server.use(
    http.get('/api/teacher/profile', () => off() ?? HttpResponse.json(TEACHER_CARD)),
    http.get('/api/routine/teacher', () => off() ?? HttpResponse.json([])),
    http.get('/api/routine/teacher/today', () => off() ?? HttpResponse.json([{ ...P1, attendance_taken: taken }])),
    http.get('/api/attendance/student', () => off() ?? HttpResponse.json(STUDENTS)),
    http.post('/api/attendance/student', async ({ request }) => {
      if (!online) return HttpResponse.error();
      const body = (await request.json()) as TakeAttendanceBody;
      posts.push(body);
      taken = true;
      return HttpResponse.json({
        ok: true,
        message: 'Attendance saved',
        code: 'attendance.saved',
        routine_id: body.routine_id,
        date: body.date,
        time: body.time,
        corrected: false,
        total: 2,
        present: 1,
        absent: 1,
        students: [],
        outcome: 'saved',
      });
    }),
  );
  return { posts };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOfflineStoreForTests();
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  // Back to jsdom's own (on the prototype).
  delete (window.navigator as { onLine?: boolean }).onLine;
});

const SLOW = { timeout: 15000 };

it(
  'a period taken with no network is listed as waiting to send, then as taken once the queue sent it',
  { timeout: 40_000 },
  async () => {
    const auth = fakeAuthServer(TEACHER);
    auth.savedSignIn();
    const school = fakeSchool();
    const { user } = renderApp('/teacherattendance');
    const classes = await screen.findByRole('list', { name: 'Your classes' }, SLOW);
    const row = () => within(screen.getByRole('list', { name: 'Your classes' })).getByRole('listitem');
    expect(within(classes).getByText('Not taken')).toBeInTheDocument();
    // The roster is read online (and kept on the phone), then the network goes, page still open.
    await user.click(screen.getByRole('button', { name: 'Take Attendance for P1 Mathematics, Six A' }));
    await screen.findByRole('listbox', { name: /Students/ });
    await user.click(screen.getByRole('button', { name: 'Back to classes' }));
    await screen.findByRole('list', { name: 'Your classes' });
    expect(screen.queryByText(NO_NETWORK)).not.toBeInTheDocument();
    setNetwork(false);
    expect(await screen.findByText(NO_NETWORK)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Take Attendance for P1 Mathematics, Six A' }));
    await screen.findByRole('listbox', { name: /Students/ });
    await user.click(screen.getByRole('switch', { name: 'All present' }));
    await user.click(screen.getByRole('option', { name: /Roll 2, Babul 2/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Submit attendance?' })).getByRole('button', { name: 'Submit' }),
    );
    expect(await screen.findByTestId('queued-state')).toHaveTextContent('Saved on this phone, will send when online.');
    expect(await queuedItems()).toHaveLength(1);

    // Back to the list (read from the phone's copy): the period waits to be sent, it is not "Not taken".
    await user.click(screen.getByRole('button', { name: 'Back to classes' }));
    await waitFor(() => expect(row()).toHaveTextContent('Saved on this phone, waiting to send'));
    expect(row()).not.toHaveTextContent('Not taken');
    expect(
      screen.getByRole('button', {
        name: 'Take Attendance for P1 Mathematics, Six A (saved on this phone, waiting to send)',
      }),
    ).toBeInTheDocument();
    // Opening it again says it is already kept, before the teacher takes it a second time.
    await user.click(screen.getByRole('button', { name: /^Take Attendance for P1 Mathematics, Six A/ }));
    expect(await screen.findByTestId('already-queued')).toHaveTextContent(
      'This period’s attendance is already saved on this phone and will be sent when online. Submit only to change it: the later taking counts.',
    );
    await user.click(screen.getByRole('button', { name: 'Back to classes' }));
    await screen.findByRole('list', { name: 'Your classes' });
    expect(school.posts).toEqual([]);

    // The network returns: the queue sends itself; the list says taken, the "No network" line goes.
    setNetwork(true);
    await waitFor(() => expect(row()).toHaveTextContent('✓ Taken'));
    expect(row()).not.toHaveTextContent('waiting to send');
    expect(row()).not.toHaveTextContent('Not taken');
    expect(
      screen.getByRole('button', { name: 'Take Attendance for P1 Mathematics, Six A (taken)' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(NO_NETWORK)).not.toBeInTheDocument();
    expect(await screen.findByText(/^P1 · Mathematics · Six A, 2026-11-22: sent to the school\.$/)).toBeInTheDocument();
    expect(school.posts).toHaveLength(1);
    expect(school.posts[0]).toMatchObject({
      routine_id: 11,
      date: TODAY,
      attendance: [
        { student_id: 501, attendance_status: 1 },
        { student_id: 502, attendance_status: 0 },
      ],
    });
    expect(await queuedItems()).toEqual([]);
  },
);

it('opened from the phone’s copy with no network, the app is confirmed when the network returns', async () => {
  const auth = fakeAuthServer(TEACHER);
  auth.savedSignIn();
  saveOfflineProfile(TEACHER);
  fakeSchool();
  // The check of the saved sign-in fails as a browser's does with no network.
  server.use(http.get('/api/users/user_id', () => (online ? undefined : HttpResponse.error())));
  online = false;
  renderApp('/teacher-admin');
  expect(await screen.findByText(OPENED_OFFLINE, undefined, SLOW)).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Teacher Dashboard' });
  expect(auth.calls.me).toEqual([]);

  setNetwork(true);
  await waitFor(() => expect(screen.queryByText(OPENED_OFFLINE)).not.toBeInTheDocument());
  expect(screen.queryByText(NO_NETWORK)).not.toBeInTheDocument();
  expect(auth.calls.me.length).toBeGreaterThanOrEqual(1);
  expect(screen.getByRole('heading', { name: 'Teacher Dashboard' })).toBeInTheDocument();
});
