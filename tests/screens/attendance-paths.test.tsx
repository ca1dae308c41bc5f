/**
 * Model-based paths against the screen: the attendance machine is the model; the system under
 * test is the real /teacherattendance page on a mock API whose answers are held back until the
 * path says how the server answers (msw handlers wait on a gate). Each user event is done the way
 * a teacher does it (keys, clicks), and each state is checked in the DOM.
 *
 * Bounded: the shortest path to every state of the machine (states told apart by their value and
 * date), each replayed on a fresh page. The pure machine's paths cover every transition
 * (tests/machines/attendance.machine.test.ts); here every state is shown and reached by the UI.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestModel } from '@xstate/graph';
import { http, HttpResponse } from 'msw';
import { getInitialSnapshot, getNextSnapshot, type EventObject, type SnapshotFrom } from 'xstate';
import { NETWORK_ERROR_MESSAGE } from '@/api/client';
import type { AttendanceStudentRow, TakeAttendanceBody } from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { App } from '@/app';
import { hasUnsavedChanges } from '@/ui/unsaved';
import { attendanceList, attendanceMachine, presentCount, type AttendanceContext } from '@/machines/attendance.machine';
import { asModel } from '../helpers/as-model';
import { fakeAuthServer, routineRow, server, TEACHER } from './helpers';

const TODAY = '2026-11-22';
const FRIDAY = '2026-11-20';
const NOW = new Date('2026-11-22T04:00:00Z');

const P1: RoutineTodayRow = { ...routineRow({ id: 11, period_code: 'P1' }), date: TODAY, attendance_taken: false };
const P2: RoutineTodayRow = {
  ...routineRow({ id: 12, period_code: 'P2', subject_name: 'English' }),
  date: TODAY,
  attendance_taken: true,
};
const STUDENTS: AttendanceStudentRow[] = [1, 12].map((roll) => ({
  student_id: 100 + roll,
  student_code: `S-${roll}`,
  full_name: `Student ${roll}`,
  class_roll_no: roll,
  enrolment_id: 200 + roll,
  attendance_status: null,
}));

const REFUSED = { status: 403, message: 'Attendance of 22-11-2026 can no longer be changed by a teacher.' };
const OFFLINE = { status: 0, message: NETWORK_ERROR_MESSAGE };
const NOT_TODAY = { status: 409, message: 'Absence messages go only for today’s attendance.' };
const PREVIEW = {
  absent: 2,
  guardians: 2,
  already: 0,
  no_phone: 0,
  sample: 'Dear guardian, Student 1 (Class Six, Section A, Roll 1) was absent in the P1 period.',
  sample_parts: 1,
};

// ---- the model: the machine's config, the roll-digit pause left out (the screen paths do not wait)

type Snap = SnapshotFrom<typeof attendanceMachine>;
type ModelEvent = EventObject & Record<string, unknown>;
const model = asModel(attendanceMachine, { delays: 'drop' });
const INPUT = { teacherId: TEACHER.id, today: TODAY };

function resultFor(ctx: AttendanceContext) {
  const list = attendanceList(ctx);
  const present = list.filter((e) => e.attendance_status === 1).length;
  return {
    ok: true as const,
    message: 'Attendance saved',
    code: 'attendance.saved',
    routine_id: ctx.routine?.id ?? 0,
    date: ctx.date,
    time: '10:00:00',
    corrected: false,
    total: list.length,
    present,
    absent: list.length - present,
    students: list.map((e) => {
      const s = STUDENTS.find((x) => x.student_id === e.student_id)!;
      return {
        student_id: s.student_id,
        full_name: s.full_name,
        class_roll_no: s.class_roll_no,
        attendance_status: e.attendance_status,
      };
    }),
  };
}

function eventsFor(state: Snap): ModelEvent[] {
  const c = state.context;
  return [
    ...(c.date !== FRIDAY ? [{ type: 'attendance.date', date: FRIDAY }] : []),
    ...(c.date !== TODAY ? [{ type: 'attendance.date', date: TODAY }] : []),
    { type: 'attendance.choose', routineId: P1.id },
    { type: 'attendance.toggle', studentId: 101 },
    { type: 'attendance.allPresent' },
    { type: 'attendance.allAbsent' },
    { type: 'attendance.move', delta: 1 },
    { type: 'attendance.digit', digit: '1' },
    { type: 'attendance.submit' },
    { type: 'attendance.confirm' },
    { type: 'attendance.cancel' },
    { type: 'attendance.retry' },
    { type: 'attendance.sendAbsent' },
    { type: 'attendance.back' },
    {
      type: 'xstate.done.actor.loadPeriods',
      output: c.date === FRIDAY ? [] : [P1, P2].map((p) => ({ ...p, date: c.date })),
    },
    { type: 'xstate.error.actor.loadPeriods', error: OFFLINE },
    { type: 'xstate.done.actor.loadStudents', output: STUDENTS },
    { type: 'xstate.error.actor.loadStudents', error: OFFLINE },
    { type: 'xstate.done.actor.submitAttendance', output: resultFor(c) },
    { type: 'xstate.error.actor.submitAttendance', error: REFUSED },
    { type: 'xstate.error.actor.submitAttendance', error: OFFLINE },
    { type: 'xstate.done.actor.loadAbsentPreview', output: PREVIEW },
    { type: 'xstate.error.actor.loadAbsentPreview', error: OFFLINE },
    {
      type: 'xstate.done.actor.sendAbsentMessage',
      output: {
        ok: true,
        message: 'absence messages queued',
        code: 'attendance.messages_queued',
        queued: resultFor(c).absent,
        retried: 0,
        already: 0,
        failed: 0,
        cancelled: 0,
        no_phone: 0,
      },
    },
    { type: 'xstate.error.actor.sendAbsentMessage', error: { status: 500, message: 'The SMS gateway is down.' } },
    { type: 'xstate.error.actor.sendAbsentMessage', error: NOT_TODAY },
  ];
}

function stateName(value: unknown): string {
  return typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${stateName(v)}`)
        .join(',');
}

/** The path's events replayed through the model from the start, answers recomputed per state. */
function concretize(events: ModelEvent[]) {
  let snap = getInitialSnapshot(model, INPUT) as Snap;
  const steps: Array<{ state: Snap; event: ModelEvent }> = [{ state: snap, event: { type: 'xstate.init' } }];
  for (const e of events) {
    // Answers are recomputed for the state reached; an error keeps the one the path chose.
    const fresh = eventsFor(snap).find(
      (c) => c.type === e.type && ('output' in e || JSON.stringify(c) === JSON.stringify(e)),
    );
    const event = fresh ?? e;
    snap = getNextSnapshot(model, snap, event as never) as Snap;
    steps.push({ state: snap, event });
  }
  return { state: snap, steps, weight: steps.length };
}

// ---- the system under test: the page on a gated mock API ----------------------------------------

type Endpoint = 'loadPeriods' | 'loadStudents' | 'submitAttendance' | 'loadAbsentPreview' | 'sendAbsentMessage';

function gatedApi() {
  const waiting: Record<Endpoint, Array<(r: Response) => void>> = {
    loadPeriods: [],
    loadStudents: [],
    submitAttendance: [],
    loadAbsentPreview: [],
    sendAbsentMessage: [],
  };
  const posts: TakeAttendanceBody[] = [];
  /** The Idempotency-Key of each save and each send, in order. */
  const keys = { save: [] as Array<string | null>, send: [] as Array<string | null> };
  const previews: Array<Record<string, string>> = [];
  const hold = (name: Endpoint) => new Promise<Response>((resolve) => waiting[name].push(resolve));
  server.use(
    http.get('/api/routine/teacher/today', () => hold('loadPeriods')),
    http.get('/api/attendance/student', () => hold('loadStudents')),
    http.post('/api/attendance/student', async ({ request }) => {
      posts.push((await request.json()) as TakeAttendanceBody);
      keys.save.push(request.headers.get('idempotency-key'));
      return hold('submitAttendance');
    }),
    http.get('/api/attendance/absent-message', ({ request }) => {
      previews.push(Object.fromEntries(new URL(request.url).searchParams));
      return hold('loadAbsentPreview');
    }),
    http.post('/api/attendance/absent-message', ({ request }) => {
      keys.send.push(request.headers.get('idempotency-key'));
      return hold('sendAbsentMessage');
    }),
  );
  /**
   * Answers the page's request. Requests left behind by a state the page has left (a date
   * changed while loading) get the same answer, which the page ignores.
   */
  async function answer(name: Endpoint, event: ModelEvent) {
    await waitFor(() => expect(waiting[name].length).toBeGreaterThan(0));
    const error = event.error as { status: number; message: string } | undefined;
    const respond = () =>
      !error
        ? HttpResponse.json(event.output as never)
        : error.status === 0
          ? (HttpResponse.error() as Response)
          : HttpResponse.json({ error: { code: 'failed', message: error.message } }, { status: error.status });
    const all = waiting[name].splice(0);
    await act(async () => {
      for (const resolve of all) resolve(respond());
    });
  }
  return { answer, posts, keys, previews, waiting };
}

function openPage() {
  fakeAuthServer(TEACHER).savedSignIn();
  const api = gatedApi();
  window.history.replaceState(null, '', '/teacherattendance');
  const user = userEvent.setup();
  // Without StrictMode: one machine, so each request the path answers is the page's only one.
  render(<App />);
  return { api, user };
}

const listbox = () => screen.getByRole('listbox', { name: /Students/ });

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

function replay({ api, user }: ReturnType<typeof openPage>) {
  const keyOnList = (key: string) => async () => {
    act(() => listbox().focus());
    await user.keyboard(key);
  };
  const clickButton = (name: string | RegExp) => async () => user.click(await screen.findByRole('button', { name }));
  const answer =
    (name: Endpoint) =>
    ({ event }: { event: ModelEvent }) =>
      api.answer(name, event);
  // Saves and sends so far, when the path last entered a state that sends: "Try again" must reuse the key.
  const seen = { saves: 0, sends: 0, retry: false };
  const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return {
    events: {
      'attendance.date': async ({ event }: { event: ModelEvent }) => {
        const field = screen.getByRole('textbox', { name: 'Date' });
        await user.clear(field);
        await user.type(field, ddmmyyyy(event.date as string));
      },
      'attendance.choose': clickButton(/Take Attendance for P1/),
      'attendance.toggle': async () =>
        user.click(within(listbox()).getByRole('option', { name: /^Roll 1, Student 1,/ })),
      'attendance.allPresent': keyOnList('a'),
      'attendance.allAbsent': keyOnList('A'),
      'attendance.move': keyOnList('j'),
      'attendance.digit': keyOnList('1'),
      'attendance.submit': keyOnList('{Enter}'),
      'attendance.confirm': async () => {
        seen.retry = false;
        const dialog = await screen.findByRole('dialog');
        const confirm = within(dialog)
          .getAllByRole('button')
          .find((b) => b.textContent !== 'Cancel')!;
        await waitFor(() => expect(confirm).toHaveFocus());
        await user.keyboard('{Enter}');
      },
      'attendance.cancel': async () => {
        if (screen.queryByRole('dialog')) await user.keyboard('{Escape}');
        else await user.click(await screen.findByRole('button', { name: 'Not now' }));
      },
      'attendance.retry': async () => {
        seen.retry = true;
        await clickButton('Try again')();
      },
      'attendance.sendAbsent': clickButton('Send Absent Message'),
      'attendance.back': async () => {
        const buttons = await screen.findAllByRole('button', { name: /Back to classes|Change marks/ });
        await user.click(buttons.find((b) => !(b as HTMLButtonElement).disabled)!);
      },
      'xstate.done.actor.loadPeriods': answer('loadPeriods'),
      'xstate.error.actor.loadPeriods': answer('loadPeriods'),
      'xstate.done.actor.loadStudents': answer('loadStudents'),
      'xstate.error.actor.loadStudents': answer('loadStudents'),
      'xstate.done.actor.submitAttendance': answer('submitAttendance'),
      'xstate.error.actor.submitAttendance': answer('submitAttendance'),
      'xstate.done.actor.loadAbsentPreview': answer('loadAbsentPreview'),
      'xstate.error.actor.loadAbsentPreview': answer('loadAbsentPreview'),
      'xstate.done.actor.sendAbsentMessage': answer('sendAbsentMessage'),
      'xstate.error.actor.sendAbsentMessage': answer('sendAbsentMessage'),
    },
    states: {
      'choosingPeriod.loadingPeriods': async () => {
        expect(await screen.findByText('Loading your classes…', {}, { timeout: 5000 })).toBeInTheDocument();
      },
      'choosingPeriod.ready': async () => {
        const list = await screen.findByRole('list', { name: 'Your classes' });
        expect(within(list).getAllByRole('listitem')).toHaveLength(2);
        expect(within(list).getByText('✓ Taken')).toBeInTheDocument();
      },
      'choosingPeriod.empty': async () => {
        expect(await screen.findByText(/You have no classes on Friday, 20-Nov-2026\./)).toBeInTheDocument();
        expect(window.location.search).toBe(`?date=${FRIDAY}`);
      },
      'choosingPeriod.failed': async () => {
        expect(await screen.findByRole('alert')).toHaveTextContent(`Could not load your classes. ${OFFLINE.message}`);
      },
      loadingStudents: async () => {
        expect(await screen.findByText('Loading the students of Six A…')).toBeInTheDocument();
      },
      studentsFailed: async () => {
        expect(await screen.findByRole('alert')).toHaveTextContent(
          `Could not load the students of Six A. ${OFFLINE.message}`,
        );
      },
      'marking.idle': async (expected: Snap) => {
        await screen.findByRole('listbox', { name: /Students/ });
        await noDialog();
        const c = expected.context;
        expect(screen.getByTestId('present-count')).toHaveTextContent(`Present ${presentCount(c)} of 2`);
        // Each row's name says its mark.
        expect(
          within(listbox())
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(
          c.students.map(
            (s) => `Roll ${s.class_roll_no}, ${s.full_name}, ${c.marks[s.student_id] === 1 ? 'Present' : 'Absent'}`,
          ),
        );
        expect(screen.queryByText(/^Roll \d/)).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
        expect(hasUnsavedChanges()).toBe(true);
      },
      'marking.typing': async (expected: Snap) => {
        expect(await screen.findByText(`Roll ${expected.context.digits}…`)).toBeInTheDocument();
        const active = within(listbox()).getAllByRole('option')[expected.context.cursor];
        expect(listbox()).toHaveAttribute('aria-activedescendant', active.id);
      },
      confirming: async (expected: Snap) => {
        const dialog = await screen.findByRole('dialog', { name: 'Submit attendance?' });
        expect(within(dialog).getByText('Present').nextSibling).toHaveTextContent(
          String(presentCount(expected.context)),
        );
      },
      submitting: async (expected: Snap) => {
        expect(await screen.findByText('Saving attendance…')).toBeInTheDocument();
        await waitFor(() => expect(api.posts.length).toBeGreaterThan(seen.saves));
        const body = api.posts.at(-1)!;
        expect(body).toMatchObject({ date: TODAY, routine_id: P1.id, attendance: attendanceList(expected.context) });
        expect(body.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
        const key = api.keys.save.at(-1);
        expect(key).toMatch(/\S{8,}/);
        // "Try again" resends the same marks under the first attempt's key; a new submission has a new one.
        const before = api.keys.save.at(-2);
        if (seen.retry) {
          expect(key).toBe(before);
          expect(api.posts.at(-2)).toEqual(body);
        } else if (before !== undefined) expect(key).not.toBe(before);
        seen.saves = api.posts.length;
      },
      failed: async (expected: Snap) => {
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(`Attendance was not saved: ${OFFLINE.message} Your marks are kept.`);
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
        expect(screen.getByTestId('present-count')).toHaveTextContent(`Present ${presentCount(expected.context)} of 2`);
      },
      refused: async (expected: Snap) => {
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(`Attendance was not saved: ${REFUSED.message}`);
        expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
        expect(within(alert).getByRole('button', { name: 'Change marks' })).toBeInTheDocument();
        expect(screen.getByTestId('present-count')).toHaveTextContent(`Present ${presentCount(expected.context)} of 2`);
      },
      'submitted.idle': async (expected: Snap) => {
        await screen.findByRole('heading', { name: 'Attendance saved' });
        await noDialog();
        const r = expected.context.result!;
        expect(
          within(screen.getByRole('table', { name: 'Totals' }))
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ).toEqual([String(r.total), String(r.present), String(r.absent)]);
        expect(screen.getByRole('button', { name: 'Send Absent Message' })).toHaveProperty('disabled', r.absent === 0);
        expect(hasUnsavedChanges()).toBe(false);
      },
      'submitted.previewing': async () => {
        expect(await screen.findByRole('button', { name: 'Preparing…' })).toBeDisabled();
        await waitFor(() => expect(api.previews.at(-1)).toEqual({ routine_id: String(P1.id), date: TODAY }));
        seen.sends = api.keys.send.length;
      },
      'submitted.previewFailed': async () => {
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(`Could not prepare the absence messages: ${OFFLINE.message}`);
        expect(api.keys.send).toHaveLength(seen.sends);
      },
      'submitted.confirmingSend': async () => {
        const dialog = await screen.findByRole('dialog', { name: 'Send absence messages?' });
        expect(within(dialog).getByTestId('guardian-count')).toHaveTextContent(
          'An SMS goes to the guardians of 2 absent students.',
        );
        expect(within(dialog).getByText(PREVIEW.sample)).toBeInTheDocument();
        expect(within(dialog).getByRole('button', { name: 'Send 2 messages' })).toBeInTheDocument();
        // Nothing has gone out since the teacher pressed "Send Absent Message".
        expect(api.keys.send).toHaveLength(seen.sends);
      },
      'submitted.sending': async () => {
        expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
        await waitFor(() => expect(api.keys.send.length).toBeGreaterThan(seen.sends));
        const key = api.keys.send.at(-1);
        expect(key).toMatch(/\S{8,}/);
        const before = api.keys.send.at(-2);
        if (seen.retry) expect(key).toBe(before);
        else if (before !== undefined) expect(key).not.toBe(before);
        seen.sends = api.keys.send.length;
      },
      'submitted.sent': async (expected: Snap) => {
        expect(
          await screen.findByText(`Queued ${expected.context.result!.absent} · Already sent 0 · No phone number 0`),
        ).toBeInTheDocument();
      },
      'submitted.sendFailed': async () => {
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('The absence messages were not sent: The SMS gateway is down.');
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      },
      'submitted.sendRefused': async () => {
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(`The absence messages were not sent: ${NOT_TODAY.message}`);
        expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      },
    },
  };
}

// ---- the paths ----------------------------------------------------------------------------------------

const testModel = createTestModel(model, {
  events: eventsFor as never,
  input: INPUT,
  // A state (value and date) and the transition into it, when it changes the state: one path per
  // state-changing transition of the machine.
  serializeState: ((s: Snap, event?: ModelEvent, prev?: Snap) =>
    `${stateName(s.value)} ${s.context.date}` +
    (event && prev && stateName(prev.value) !== stateName(s.value)
      ? ` via ${event.type} from ${stateName(prev.value)}`
      : '')) as never,
});
const paths = testModel.getShortestPaths().map((p) => concretize(p.steps.slice(1).map((s) => s.event as ModelEvent)));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('the take-attendance screen follows the machine (shortest paths)', () => {
  it('reaches every state of the machine but the digit pause', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => stateName(s.state.value))));
    expect(reached.size).toBe(20);
    expect(paths.length).toBeLessThan(90);
  });

  for (const path of paths) {
    const events = path.steps
      .slice(1)
      .map((s) => s.event.type.replace(/^attendance\.|^xstate\./, ''))
      .join(' → ');
    it(`${stateName(path.state.value)} via ${events || 'start'}`, async () => {
      const page = openPage();
      await testModel.testPath(path as never, replay(page) as never);
    });
  }
});
