/**
 * /teacherattendance against a mock API: the keyboard-only taking (with the keys the page
 * received counted), the posted payload, the results with absentees first, the absence messages
 * previewed and confirmed, a lost or refused submit that keeps the marks (only the lost one offers
 * "Try again", under the same idempotency key), the unsaved-marks guard, re-taking, the date in
 * the address, an empty day, and the palette's next-period action.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type {
  AbsentMessagePreview,
  AbsentMessageResponse,
  AttendanceStudentRow,
  TakeAttendanceBody,
} from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
// Not importing '@/screens/attendance/commands' here: the palette test below proves the app registers it.
import { NETWORK_ERROR_MESSAGE } from '@/api/client';
import { hasUnsavedChanges } from '@/ui/unsaved';
import { setLanguage } from '@/i18n/i18n';
import { attendanceCommands } from '@/screens/attendance/commands';
import { scoreCommand } from '@/ui/commands';
import { currentPath, fakeAuthServer, renderApp, routineRow, server, TEACHER } from './helpers';

const TODAY = '2026-11-22'; // Sunday; 10:00 in Dhaka
const NOW = new Date('2026-11-22T04:00:00Z');

function period(over: Partial<RoutineTodayRow>): RoutineTodayRow {
  return { ...routineRow({}), date: TODAY, attendance_taken: false, ...over };
}
const P1 = period({
  id: 11,
  period_code: 'P1',
  subject_name: 'Mathematics',
  start_time: '08:00:00',
  end_time: '08:45:00',
});
const P3 = period({
  id: 13,
  period_code: 'P3',
  subject_name: 'English',
  start_time: '10:20:00',
  end_time: '11:05:00',
  class_name: 'Seven',
  section_default_name: 'B',
});

const NAMES = ['Arif', 'Babul', 'Chandra', 'Dipa', 'Emon', 'Farzana', 'Gazi', 'Habib', 'Ismat', 'Jamal'];
function students(count: number, status: (roll: number) => 0 | 1 | null = () => null): AttendanceStudentRow[] {
  // Served out of roll order: the screen lists them by roll.
  return Array.from({ length: count }, (_, i) => count - i).map((roll) => ({
    student_id: 500 + roll,
    student_code: `S-${roll}`,
    full_name: `${NAMES[roll % 10]} ${roll}`,
    class_roll_no: roll,
    enrolment_id: 900 + roll,
    attendance_status: status(roll),
  }));
}

interface Api {
  periods: RoutineTodayRow[];
  students: AttendanceStudentRow[];
  posts: TakeAttendanceBody[];
  /** The Idempotency-Key header of each post. */
  postKeys: Array<string | null>;
  periodQueries: Array<Record<string, string>>;
  studentQueries: Array<Record<string, string>>;
  messages: Array<{ routine_id: number; date: string }>;
  messageKeys: Array<string | null>;
  previews: Array<Record<string, string>>;
  preview: AbsentMessagePreview;
  /** status 0: the network drops the request. */
  failNextPost?: { status: number; message: string; code?: string };
  messageGate?: Promise<void>;
  messageReply?: AbsentMessageResponse;
}

function fakeAttendanceApi(over: Partial<Api> = {}): Api {
  const api: Api = {
    periods: [P1, P3],
    students: students(30),
    posts: [],
    postKeys: [],
    periodQueries: [],
    studentQueries: [],
    messages: [],
    messageKeys: [],
    previews: [],
    preview: {
      absent: 1,
      guardians: 1,
      already: 0,
      no_phone: 0,
      sample:
        'Dear guardian, Chandra 3 (Class Six, Section A, Roll 3) was absent in the P1 period (Mathematics) on 22-11-2026. - Green Valley School',
      sample_parts: 1,
    },
    ...over,
  };
  const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
  server.use(
    http.get('/api/routine/teacher/today', ({ request }) => {
      const q = query(request);
      api.periodQueries.push(q);
      return HttpResponse.json(q.today === '2026-11-20' ? [] : api.periods.map((p) => ({ ...p, date: q.today })));
    }),
    http.get('/api/attendance/student', ({ request }) => {
      api.studentQueries.push(query(request));
      return HttpResponse.json(api.students);
    }),
    http.post('/api/attendance/student', async ({ request }) => {
      const body = (await request.json()) as TakeAttendanceBody;
      api.posts.push(body);
      api.postKeys.push(request.headers.get('idempotency-key'));
      if (api.failNextPost) {
        const { status, message, code = 'refused' } = api.failNextPost;
        api.failNextPost = undefined;
        if (status === 0) return HttpResponse.error();
        return HttpResponse.json({ error: { code, message } }, { status });
      }
      const byId = new Map(api.students.map((s) => [s.student_id, s]));
      const present = body.attendance.filter((e) => e.attendance_status === 1).length;
      return HttpResponse.json({
        ok: true,
        message: 'Attendance saved',
        code: 'attendance.saved',
        routine_id: body.routine_id,
        date: body.date,
        time: body.time,
        corrected: false,
        total: body.attendance.length,
        present,
        absent: body.attendance.length - present,
        students: body.attendance.map((e) => ({
          student_id: e.student_id,
          full_name: byId.get(e.student_id)!.full_name,
          class_roll_no: byId.get(e.student_id)!.class_roll_no,
          attendance_status: e.attendance_status,
        })),
      });
    }),
    http.get('/api/attendance/absent-message', ({ request }) => {
      api.previews.push(query(request));
      return HttpResponse.json(api.preview);
    }),
    http.post('/api/attendance/absent-message', async ({ request }) => {
      api.messages.push((await request.json()) as { routine_id: number; date: string });
      api.messageKeys.push(request.headers.get('idempotency-key'));
      await api.messageGate;
      return HttpResponse.json(
        api.messageReply ?? {
          ok: true,
          message: '3 messages queued.',
          code: 'attendance.messages_queued',
          queued: 3,
          retried: 0,
          already: 0,
          failed: 0,
          cancelled: 0,
          no_phone: 0,
        },
      );
    }),
  );
  return api;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Distinct requests: StrictMode starts the screen's machine twice in development, as main.tsx does. */
function distinct<T>(list: T[]): T[] {
  return [...new Set(list.map((x) => JSON.stringify(x)))].map((x) => JSON.parse(x) as T);
}

/** The first screen of a file waits for lazy chunks (the shell, the screen) to load. */
const SLOW = { timeout: 5000 };

function options() {
  return within(screen.getByRole('listbox', { name: /Students/ })).getAllByRole('option');
}
function absentRolls() {
  return options()
    .filter((o) => o.getAttribute('aria-selected') === 'false')
    .map((o) => Number(o.textContent?.match(/^Roll (\d+)/)?.[1]));
}

/** Every key the page receives from here on (what a teacher actually pressed). */
function countKeys() {
  const pressed: string[] = [];
  const listener = (e: KeyboardEvent) => pressed.push(e.key);
  document.addEventListener('keydown', listener, true);
  return { pressed, stop: () => document.removeEventListener('keydown', listener, true) };
}

describe('taking attendance (/teacherattendance)', () => {
  it('marks all present and three absentees by roll with the keyboard only, in 11 keys', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeAttendanceApi();
    const { user } = renderApp('/teacherattendance');

    expect(await screen.findByRole('heading', { name: 'Take Attendance' }, SLOW)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your classes' }, SLOW);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(distinct(api.periodQueries)).toEqual([{ teacher_id: '41', today: TODAY }]);

    // Keyboard: focus the first period's button and press Enter.
    const take = screen.getByRole('button', { name: 'Take Attendance for P1 Mathematics, Six A' });
    act(() => take.focus());
    await user.keyboard('{Enter}');

    const listbox = await screen.findByRole('listbox', { name: /Students/ });
    await waitFor(() => expect(listbox).toHaveFocus());
    expect(api.studentQueries).toEqual([{ routine_id: '11', date: TODAY }]);
    // In roll order, everyone absent to begin with (spec: status starts at 0), and each row's
    // name says so.
    expect(options().map((o) => Number(o.textContent?.match(/^Roll (\d+)/)?.[1]))).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(absentRolls()).toHaveLength(30);
    expect(options()[0]).toHaveAccessibleName('Roll 1, Babul 1, Absent');
    expect(screen.getByTestId('present-count')).toHaveTextContent('Present 0 of 30 · Absent 30');
    expect(screen.getByText('Space')).toBeInTheDocument(); // the keyboard legend

    // All present (a), then roll 3, 12 and 27 absent (digits and Space), then Enter, Enter:
    // 1 + (1 + 1) + (2 + 1) + (2 + 1) + 2 = 11 keys.
    const keys = countKeys();
    await user.keyboard('a');
    expect(screen.getByTestId('present-count')).toHaveTextContent('Present 30 of 30 · Absent 0');
    expect(options()[0]).toHaveAccessibleName('Roll 1, Babul 1, Present');
    await user.keyboard('3[Space]12[Space]27[Space]{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Submit attendance?' });
    expect(within(dialog).getByText('Present').nextSibling).toHaveTextContent('27');
    expect(within(dialog).getByText('Absent').nextSibling).toHaveTextContent('3');
    expect(within(dialog).getByText('Total').nextSibling).toHaveTextContent('30');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Attendance saved' })).toBeInTheDocument();
    keys.stop();
    expect(keys.pressed).toEqual(['a', '3', ' ', '1', '2', ' ', '2', '7', ' ', 'Enter', 'Enter']);

    expect(api.posts).toHaveLength(1);
    const [body] = api.posts;
    expect(body.date).toBe(TODAY);
    expect(body.time).toBe('10:00:00');
    expect(body.routine_id).toBe(11);
    expect(body.attendance).toHaveLength(30);
    expect(body.attendance.filter((e) => e.attendance_status === 0).map((e) => e.student_id - 500)).toEqual([
      3, 12, 27,
    ]);
    expect(body.attendance.map((e) => e.student_id)).toEqual(Array.from({ length: 30 }, (_, i) => 501 + i));
    expect(api.postKeys[0]).toMatch(/\S{8,}/);

    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(
      within(totals)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Total Attendance Taken', 'Present', 'Absent']);
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['30', '27', '3']);
    const result = screen.getByRole('table', { name: 'Students' });
    expect(
      within(result)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Roll', 'Status']);
    const rows = within(result).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    // The absent students first, highlighted; then everyone else by roll.
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(rows.slice(0, 4).map(cells)).toEqual([
      ['Dipa 3', '3', 'A'],
      ['Chandra 12', '12', 'A'],
      ['Habib 27', '27', 'A'],
      ['Babul 1', '1', 'P'],
    ]);
    expect(rows.slice(0, 3).every((r) => r.className.includes('bg-red-50'))).toBe(true);
    expect(rows[3].className).not.toContain('bg-red-50');
  });

  it('“today” and the attendance time are the school’s time zone from the profile, not Dhaka’s', async () => {
    // 04:00 UTC on the 22nd is 20:00 on Saturday the 21st in Los Angeles.
    fakeAuthServer({ ...TEACHER, time_zone: 'America/Los_Angeles' }).savedSignIn();
    const api = fakeAttendanceApi({ students: students(3) });
    const { user } = renderApp('/teacherattendance');
    await user.click(await screen.findByRole('button', { name: /Take Attendance for P1/ }, SLOW));
    await screen.findByRole('listbox', { name: /Students/ });
    expect(distinct(api.periodQueries)).toEqual([{ teacher_id: '41', today: '2026-11-21' }]);
    expect(api.studentQueries).toEqual([{ routine_id: '11', date: '2026-11-21' }]);
    await user.keyboard('a{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Attendance saved' });
    expect(api.posts.map((p) => [p.date, p.time])).toEqual([['2026-11-21', '20:00:00']]);
  });

  /** Take P1: everyone present but roll 3, confirm, submit, and wait for the server's answer. */
  async function saveP1WithRoll3Absent(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: /Take Attendance for P1/ }, SLOW));
    await screen.findByRole('listbox', { name: /Students/ });
    await user.keyboard('a3[Space]{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Attendance saved' });
  }

  it('offers the absence messages on any period of today already taken, not only right after Submit', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    // P1 was taken earlier (another visit); P3 is not.
    const api = fakeAttendanceApi({
      periods: [{ ...P1, attendance_taken: true }, P3],
      preview: {
        absent: 2,
        guardians: 2,
        already: 0,
        no_phone: 0,
        sample: 'অভিভাবক, Chandra 3 (ষষ্ঠ A, রোল ৩) ২২ নভেম্বর P1 পিরিয়ডে গণিত ক্লাসে অনুপস্থিত ছিল। -GVS',
        sample_parts: 2,
      },
    });
    const { user } = renderApp('/teacherattendance');
    await screen.findByRole('list', { name: 'Your classes' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Send Absent Message for P3 English, Seven B' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send Absent Message for P1 Mathematics, Six A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send absence messages?' });
    expect(within(dialog).getByText(/অভিভাবক, Chandra 3/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('sms-parts')).toHaveTextContent('2');
    expect(api.messages).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 messages' }));
    expect(await screen.findByText('Queued 3 · Already sent 0 · No phone number 0')).toBeInTheDocument();
    expect(api.messages).toEqual([{ routine_id: 11, date: TODAY }]);
    expect(api.messageKeys[0]).toMatch(/\S+/);
    expect(distinct(api.previews)).toEqual([{ routine_id: '11', date: TODAY }]);
  });

  it('shows the absence message as guardians read it and how many get it; nothing leaves before Send', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    let open!: () => void;
    const api = fakeAttendanceApi({
      messageGate: new Promise<void>((r) => (open = r)),
      preview: {
        absent: 4,
        guardians: 3,
        already: 0,
        no_phone: 1,
        sample:
          'Dear guardian, Chandra 3 (Class Six, Section A, Roll 3) was absent in the P1 period (Mathematics) on 22-11-2026. - Green Valley School',
        sample_parts: 1,
      },
    });
    const { user } = renderApp('/teacherattendance');
    await saveP1WithRoll3Absent(user);

    // Cancel first: no message goes.
    await user.click(screen.getByRole('button', { name: 'Send Absent Message' }));
    let dialog = await screen.findByRole('dialog', { name: 'Send absence messages?' });
    expect(api.previews).toEqual([{ routine_id: '11', date: TODAY }]);
    expect(within(dialog).getByTestId('guardian-count')).toHaveTextContent(
      'An SMS goes to the guardians of 3 absent students.',
    );
    expect(within(dialog).getByText(api.preview.sample!)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1 absent student without a guardian phone number get no message.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.messages).toEqual([]);

    // Then send.
    await user.click(screen.getByRole('button', { name: 'Send Absent Message' }));
    dialog = await screen.findByRole('dialog', { name: 'Send absence messages?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send 3 messages' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(screen.queryByText(/Queued/)).not.toBeInTheDocument();
    expect(api.messages).toEqual([{ routine_id: 11, date: TODAY }]);
    expect(api.messageKeys[0]).toMatch(/\S{8,}/);

    open();
    expect(await screen.findByText('3 messages queued.')).toBeInTheDocument();
    expect(screen.getByText('Queued 3 · Already sent 0 · No phone number 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Absent Message' })).toBeDisabled();
  });

  it('a lost send is tried again under the same key; the server’s refusal offers no “Try again”', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeAttendanceApi();
    let answer: 'drop' | 'ok' = 'drop';
    server.use(
      http.post('/api/attendance/absent-message', async ({ request }) => {
        api.messages.push((await request.json()) as { routine_id: number; date: string });
        api.messageKeys.push(request.headers.get('idempotency-key'));
        if (answer === 'drop') return HttpResponse.error();
        return HttpResponse.json({
          ok: true,
          message: '1 message queued.',
          code: 'attendance.messages_queued',
          queued: 1,
          retried: 0,
          already: 0,
          failed: 0,
          cancelled: 0,
          no_phone: 0,
        });
      }),
    );
    const { user } = renderApp('/teacherattendance');
    await saveP1WithRoll3Absent(user);
    await user.click(screen.getByRole('button', { name: 'Send Absent Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send absence messages?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send 1 message' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`The absence messages were not sent: ${NETWORK_ERROR_MESSAGE}`);
    answer = 'ok';
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 message queued.')).toBeInTheDocument();
    expect(api.messageKeys).toHaveLength(2);
    expect(api.messageKeys[1]).toBe(api.messageKeys[0]);
  });

  it('says what a second press did: re-sent, cancelled, already sent (not “already sent” for all)', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    fakeAttendanceApi({
      students: students(5),
      messageReply: {
        ok: true,
        message: '1 message not sent earlier, sending again; 1 message cancelled (student now present).',
        code: 'attendance.messages_queued',
        queued: 0,
        retried: 1,
        already: 2,
        failed: 1,
        cancelled: 1,
        no_phone: 0,
      },
    });
    const { user } = renderApp('/teacherattendance');
    await saveP1WithRoll3Absent(user);
    await user.click(screen.getByRole('button', { name: 'Send Absent Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send absence messages?' });
    await user.click(within(dialog).getByRole('button', { name: /^Send/ }));

    const status = (await screen.findByText('Queued 0', { exact: false })).closest('[role="status"]')!;
    expect(status).toHaveTextContent(
      '1 message not sent earlier, sending again; 1 message cancelled (student now present).',
    );
    expect(status).toHaveTextContent(
      'Queued 0 · Sending again 1 · Already sent 2 · Failed 1 · Cancelled (now present) 1 · No phone number 0',
    );
    expect(status).not.toHaveTextContent(/already sent for this class/i);
  });

  it('a lost submit keeps the marks and “Try again” sends the same list under the same key', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeAttendanceApi({ students: students(5), failNextPost: { status: 0, message: '' } });
    const { user } = renderApp('/teacherattendance');
    await user.click(await screen.findByRole('button', { name: /Take Attendance for P1/ }, SLOW));
    await screen.findByRole('listbox', { name: /Students/ });
    // Mouse works too: click two students present.
    await user.click(options()[0]);
    await user.click(options()[3]);
    expect(absentRolls()).toEqual([2, 3, 5]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit attendance?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Attendance was not saved: ${NETWORK_ERROR_MESSAGE} Your marks are kept.`);
    expect(absentRolls()).toEqual([2, 3, 5]);
    expect(screen.getByTestId('present-count')).toHaveTextContent('Present 2 of 5 · Absent 3');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Attendance saved' })).toBeInTheDocument();
    expect(api.posts).toHaveLength(2);
    expect(api.posts[1].attendance).toEqual(api.posts[0].attendance);
    expect(api.posts[1].attendance.map((e) => e.attendance_status)).toEqual([1, 0, 0, 1, 0]);
    expect(api.postKeys[1]).toBe(api.postKeys[0]);
  });

  it('a refused submit says why, offers no “Try again”, and goes back to change the marks; Escape cancels', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const refusal =
      'Attendance of 20-11-2026 can no longer be changed by a teacher (teachers may take or correct it only on the same school day). Ask the school admin to correct it.';
    const api = fakeAttendanceApi({ students: students(3), failNextPost: { status: 403, message: refusal } });
    const { user } = renderApp('/teacherattendance');
    await user.click(await screen.findByRole('button', { name: /Take Attendance for P1/ }, SLOW));
    const listbox = await screen.findByRole('listbox', { name: /Students/ });
    await waitFor(() => expect(listbox).toHaveFocus());
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Submit attendance?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.posts).toHaveLength(0);

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Submit attendance?' });
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Attendance was not saved: ${refusal}`);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Change marks' }));
    await waitFor(() => expect(screen.getByRole('listbox', { name: /Students/ })).toHaveFocus());
    await user.keyboard('[ArrowDown][Space]');
    expect(absentRolls()).toEqual([1, 3]);
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Attendance saved' });
    expect(api.posts.map((p) => p.attendance.map((e) => e.attendance_status))).toEqual([
      [0, 0, 0],
      [0, 1, 0],
    ]);
    // A new submission after a change: a new key.
    expect(api.postKeys[1]).not.toBe(api.postKeys[0]);
  });

  it('asks before leaving with marks not saved: Stay keeps them, Leave goes', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    fakeAttendanceApi({ students: students(3) });
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' }, SLOW);
    act(() => window.history.pushState(null, '', '/teacherattendance'));
    await user.click(await screen.findByRole('button', { name: /Take Attendance for P1/ }, SLOW));
    await screen.findByRole('listbox', { name: /Students/ });
    await user.click(options()[1]);

    act(() => window.history.back());
    let ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(ask).toHaveTextContent('Your attendance marks are not saved yet.');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/teacherattendance');
    expect(absentRolls()).toEqual([1, 3]);

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…', {}, SLOW), 'Teacher Dashboard');
    await user.keyboard('{Enter}');
    ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(ask).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Teacher Dashboard' }, SLOW)).toBeInTheDocument();
  });

  it('re-taking a period loads its saved marks, the select-all switch toggles everyone, and only changes are unsaved', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    fakeAttendanceApi({
      periods: [{ ...P1, attendance_taken: true }],
      students: students(4, (roll) => (roll === 2 ? 0 : 1)),
    });
    const { user } = renderApp('/teacherattendance');
    expect(await screen.findByText('✓ Taken', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take Attendance for P1 Mathematics, Six A (taken)' }));
    await screen.findByRole('listbox', { name: /Students/ });
    expect(screen.getByText(/Attendance was taken before/)).toBeInTheDocument();
    expect(absentRolls()).toEqual([2]);
    expect(hasUnsavedChanges()).toBe(false);

    const all = screen.getByRole('switch', { name: 'All present' });
    expect(all).toHaveAttribute('aria-checked', 'false');
    await user.click(all);
    expect(absentRolls()).toEqual([]);
    expect(all).toHaveAttribute('aria-checked', 'true');
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(all);
    expect(absentRolls()).toEqual([1, 2, 3, 4]);
  });

  it('keeps the date in the address, says so plainly on a day without classes, and never goes to a future date', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeAttendanceApi();
    const { user } = renderApp('/teacherattendance');
    await screen.findByRole('list', { name: 'Your classes' }, SLOW);
    const date = screen.getByRole('textbox', { name: 'Date' });
    expect(date).toHaveValue('22-11-2026');

    await user.clear(date);
    await user.type(date, '23-11-2026{Enter}');
    expect(await screen.findByText(/on or before 22-11-2026/)).toBeInTheDocument();
    expect(currentPath()).toBe('/teacherattendance');

    await user.clear(date);
    await user.type(date, '20-11-2026');
    expect(await screen.findByText(/You have no classes on Friday, 20-Nov-2026\./)).toBeInTheDocument();
    expect(currentPath()).toBe('/teacherattendance?date=2026-11-20');
    expect(screen.queryByRole('button', { name: /Take Attendance for/ })).not.toBeInTheDocument();
    expect(distinct(api.periodQueries.map((q) => q.today))).toEqual([TODAY, '2026-11-20']);

    // Back returns to today's list.
    act(() => window.history.back());
    expect(await screen.findByRole('list', { name: 'Your classes' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('22-11-2026');
  });

  it('opens on the date a link names, and offers no absence messages for an earlier date', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeAttendanceApi({ students: students(3) });
    const { user } = renderApp('/teacherattendance?date=2026-11-19');
    expect(await screen.findByRole('heading', { name: /Your classes on/ }, SLOW)).toHaveTextContent(
      'Thursday, 19-Nov-2026',
    );
    await user.click(await screen.findByRole('button', { name: /Take Attendance for P1/ }));
    await screen.findByRole('listbox', { name: /Students/ });
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Attendance saved' });
    expect(api.posts[0].date).toBe('2026-11-19');
    expect(screen.getByRole('button', { name: 'Send Absent Message' })).toBeDisabled();
    expect(screen.getByText('Absence messages go only for today’s attendance.')).toBeInTheDocument();
  });

  it('shows the server’s message when today’s classes cannot be loaded, and retries', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    let calls = 0;
    server.use(
      http.get('/api/routine/teacher/today', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Something went wrong on our side.' } },
              { status: 500 },
            )
          : HttpResponse.json([P1]);
      }),
    );
    const { user } = renderApp('/teacherattendance');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Could not load your classes. Something went wrong on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Take Attendance for P1/ })).toBeInTheDocument();
  });

  it('the palette’s “Take attendance for the next period” opens the next period not yet taken', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(http.get('/api/routine/teacher', () => HttpResponse.json([])));
    const api = fakeAttendanceApi({ students: students(2) });
    const { user } = renderApp('/teacher-admin');
    await screen.findByRole('heading', { name: 'Teacher Dashboard' }, SLOW);
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…', {}, SLOW), 'next period');
    await waitFor(() =>
      expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Take attendance for the next period'),
    );
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('listbox', { name: /Students/ }, SLOW)).toBeInTheDocument();
    expect(currentPath()).toBe('/teacherattendance?next=1');
    // 10:00 now: P1 (8:00–8:45) is over, P3 (10:20) is next.
    expect(api.studentQueries).toEqual([{ routine_id: '13', date: TODAY }]);
    expect(screen.getByRole('heading', { name: 'P3 · English' })).toBeInTheDocument();
  });
});

describe('taking attendance in Bangla', () => {
  afterEach(() => setLanguage('en'));

  it('the roster, the count, the confirmation and the summary speak Bangla with Bangla digits; ৩ types roll 3', async () => {
    await setLanguage('bn');
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeAttendanceApi({
      preview: {
        absent: 1,
        guardians: 1,
        already: 0,
        no_phone: 0,
        sample:
          'সম্মানিত অভিভাবক, আপনার সন্তান Chandra 3 (শ্রেণি Six, শাখা A, রোল ৩) ২২ নভেম্বর ২০২৬ তারিখে P1 পিরিয়ডে (Mathematics) অনুপস্থিত ছিল। - Green Valley School',
        sample_parts: 3,
      },
    });
    const { user } = renderApp('/teacherattendance');

    expect(await screen.findByRole('heading', { name: 'হাজিরা নিন' }, SLOW)).toBeInTheDocument();
    await screen.findByRole('list', { name: 'আপনার ক্লাস' }, SLOW);
    // The weekday and month of the day's heading in Bangla, its digits Bangla.
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('রবিবার, ২২-নভেম্বর-২০২৬');
    // The class and subject by the school's Bangla names (GET /api/names/bn), not as typed in English.
    const classes = screen.getByRole('list', { name: 'আপনার ক্লাস' });
    await waitFor(() => expect(classes).toHaveTextContent('P1 · গণিত'));
    expect(classes).toHaveTextContent('শ্রেণি ষষ্ঠ, শাখা A');
    expect(classes.textContent).not.toMatch(/Mathematics|Six/);
    await user.click(screen.getByRole('button', { name: 'হাজিরা নিন: P১ গণিত, ষষ্ঠ A' }));

    const listbox = await screen.findByRole('listbox', { name: 'শিক্ষার্থী: বাছাই করা মানে উপস্থিত' });
    await waitFor(() => expect(listbox).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'P1 · গণিত' })).toBeInTheDocument();
    expect(screen.getByText(/^শ্রেণি ষষ্ঠ, শাখা A · /)).toBeInTheDocument();
    const rows = within(listbox).getAllByRole('option');
    expect(rows[0]).toHaveAccessibleName('রোল ১, Babul 1, অনুপস্থিত');
    expect(rows[11]).toHaveAccessibleName(/^রোল ১২, \S+ 12, অনুপস্থিত$/);
    expect(screen.getByTestId('present-count')).toHaveTextContent('উপস্থিত ৩০ জনের মধ্যে ০ জন · অনুপস্থিত ৩০ জন');

    // All present, then roll 3 typed on a Bangla keyboard, toggled absent.
    await user.keyboard('a');
    await user.keyboard('৩');
    expect(screen.getByText('রোল ৩…')).toBeInTheDocument();
    await user.keyboard('[Space]');
    expect(rows[2]).toHaveAccessibleName(/^রোল ৩, \S+ 3, অনুপস্থিত$/);
    expect(screen.getByTestId('present-count')).toHaveTextContent('উপস্থিত ৩০ জনের মধ্যে ২৯ জন · অনুপস্থিত ১ জন');

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'হাজিরা জমা দেবেন?' });
    expect(within(dialog).getByText('উপস্থিত').nextSibling).toHaveTextContent('২৯');
    expect(within(dialog).getByText('অনুপস্থিত').nextSibling).toHaveTextContent('১');
    expect(within(dialog).getByText('মোট').nextSibling).toHaveTextContent('৩০');
    await user.click(within(dialog).getByRole('button', { name: 'জমা দিন' }));

    // The server's "Attendance saved" (code attendance.saved), in Bangla, after it confirmed.
    expect(await screen.findByRole('heading', { name: 'হাজিরা সংরক্ষণ করা হয়েছে' })).toBeInTheDocument();
    expect(api.posts).toHaveLength(1);
    expect(api.posts[0].attendance.filter((e) => e.attendance_status === 0).map((e) => e.student_id)).toEqual([503]);
    const totals = screen.getByRole('table', { name: 'মোট হিসাব' });
    expect(
      within(totals)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['মোট হাজিরা নেওয়া হয়েছে', 'উপস্থিত', 'অনুপস্থিত']);
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/^.*?(?=[০-৯])/, '')),
    ).toEqual(['৩০', '২৯', '১']);
    const students = screen.getByRole('table', { name: 'শিক্ষার্থী' });
    expect(within(students).getAllByRole('row')[1]).toHaveTextContent(/^\S+ 3৩অ$/);
    expect(document.body.textContent).not.toMatch(/Present|Absent|Total Attendance|Mathematics|Six/);

    // The absence message as the guardian reads it, and what it costs.
    await user.click(screen.getByRole('button', { name: 'অনুপস্থিতির বার্তা পাঠান' }));
    const send = await screen.findByRole('dialog', { name: 'অনুপস্থিতির বার্তা পাঠাবেন?' });
    expect(within(send).getByTestId('guardian-count')).toHaveTextContent(
      '১ জন অনুপস্থিত শিক্ষার্থীর অভিভাবকের কাছে এসএমএস যাবে।',
    );
    expect(within(send).getByText(api.preview.sample!)).toBeInTheDocument();
    expect(within(send).getByTestId('sms-parts')).toHaveTextContent('প্রতিটি বার্তা ৩টি এসএমএসের সমান।');
    expect(within(send).getByRole('button', { name: '১টি বার্তা পাঠান' })).toBeInTheDocument();
  });

  it('on the school’s weekly off day says so and offers no roll, even when the routine has periods that day', async () => {
    // Saturday 21 November: the routine (made before off days were checked) still has periods.
    fakeAuthServer({ ...TEACHER, weekly_off_days: [6, 7] }).savedSignIn();
    const api = fakeAttendanceApi();
    renderApp('/teacherattendance?date=2026-11-21');
    expect(await screen.findByTestId('weekly-off', {}, SLOW)).toHaveTextContent(
      'Saturday is the school’s weekly off day: no classes are held and no attendance is taken.',
    );
    await waitFor(() => expect(distinct(api.periodQueries.map((q) => q.today))).toEqual(['2026-11-21']));
    expect(screen.queryByRole('list', { name: 'Your classes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take Attendance for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: /Students/ })).not.toBeInTheDocument();
    expect(api.studentQueries).toEqual([]);
  });

  it('a school open on Saturdays is offered Saturday’s periods and takes its roll', async () => {
    fakeAuthServer({ ...TEACHER, weekly_off_days: [6] }).savedSignIn();
    fakeAttendanceApi();
    const { user } = renderApp('/teacherattendance?date=2026-11-21');
    const list = await screen.findByRole('list', { name: 'Your classes' }, SLOW);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByTestId('weekly-off')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take Attendance for P1 Mathematics, Six A' }));
    expect(await screen.findByRole('listbox', { name: /Students/ })).toBeInTheDocument();
  });

  it('the weekly off day in Bangla', async () => {
    await setLanguage('bn');
    fakeAuthServer({ ...TEACHER, weekly_off_days: [6, 7] }).savedSignIn();
    fakeAttendanceApi();
    renderApp('/teacherattendance?date=2026-11-20');
    expect(await screen.findByTestId('weekly-off', {}, SLOW)).toHaveTextContent(
      'শুক্রবার স্কুলের সাপ্তাহিক ছুটির দিন: এদিন কোনো ক্লাস হয় না, হাজিরাও নেওয়া হয় না।',
    );
    expect(screen.queryByRole('button', { name: /হাজিরা নিন$/ })).not.toBeInTheDocument();
  });

  it('a refused submit is brought into view and takes focus, so the teacher at the roster’s end sees why', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      fakeAuthServer(TEACHER).savedSignIn();
      fakeAttendanceApi({
        failNextPost: { status: 400, code: 'attendance.weekly_off', message: 'date: Friday is a weekly off day.' },
      });
      const { user } = renderApp('/teacherattendance');
      await user.click(await screen.findByRole('button', { name: /Take Attendance for P1/ }, SLOW));
      const listbox = await screen.findByRole('listbox', { name: /Students/ });
      await waitFor(() => expect(listbox).toHaveFocus());
      await user.keyboard('a{Enter}');
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
      const problem = await screen.findByTestId('submit-problem');
      // The server's "date: " prefix is not shown: the sentence names the day itself.
      expect(problem).toHaveTextContent('Attendance was not saved: Friday is a weekly off day.');
      await waitFor(() => expect(problem).toHaveFocus());
      expect(scrolled).toContain(problem);
      // The marks are kept, and Tab reaches "Change marks" next.
      await user.tab();
      expect(screen.getByRole('button', { name: 'Change marks' })).toHaveFocus();
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it('a refusal the server sends with a code is shown in Bangla', async () => {
    await setLanguage('bn');
    fakeAuthServer(TEACHER).savedSignIn();
    const api = fakeAttendanceApi();
    api.failNextPost = {
      status: 403,
      code: 'attendance.window_closed',
      message: 'Attendance of 21-11-2026 can no longer be changed by a teacher.',
    };
    const { user } = renderApp('/teacherattendance');
    await user.click(await screen.findByRole('button', { name: 'হাজিরা নিন: P১ গণিত, ষষ্ঠ A' }, SLOW));
    await screen.findByRole('listbox', { name: 'শিক্ষার্থী: বাছাই করা মানে উপস্থিত' });
    await user.keyboard('a{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'জমা দিন' }));
    expect(
      await screen.findByText(
        'হাজিরা সংরক্ষণ হয়নি: এই তারিখের হাজিরা শিক্ষক আর বদলাতে পারবেন না। সংশোধনের জন্য স্কুল অ্যাডমিনকে বলুন।',
      ),
    ).toBeInTheDocument();
  });
});

describe('the palette command', () => {
  afterEach(() => setLanguage('en'));

  it('is found by Bangla words in either language, and is labelled in the language in use', async () => {
    const [english] = attendanceCommands();
    expect(english.label).toBe('Take attendance for the next period');
    for (const typed of ['উপস্থিতি', 'হাজিরা', 'attendance']) {
      expect(scoreCommand(english.label, english.keywords ?? [], typed), typed).toBeGreaterThan(0);
    }
    await setLanguage('bn');
    const [bangla] = attendanceCommands();
    expect(bangla.label).toBe('পরের পিরিয়ডের হাজিরা নিন');
    expect(scoreCommand(bangla.label, bangla.keywords ?? [], 'উপস্থিতি')).toBeGreaterThan(0);
    expect(scoreCommand(bangla.label, bangla.keywords ?? [], 'notices')).toBe(0);
  });
});
