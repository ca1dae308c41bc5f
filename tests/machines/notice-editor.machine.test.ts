/**
 * Path tests for the notice editor machine, against the screen.
 *
 * The model is the machine's own config (`asModel`: each invocation's outcome is an explicit
 * event), so @xstate/graph can plan paths through it. The paths are planned greedily until they
 * take every transition the machine declares (each branch of a guarded choice apart, every
 * server answer included), over what the screen's controls can send. Each path is then replayed
 * on the rendered /teachernotice as a user would (typing, choosing, picking students, collapsing,
 * Cancel edit, the dialogs), with msw holding each request until the path says how the server
 * answers. The model only plans: what is asserted at every step is what the user sees (fields,
 * buttons and their labels, dialogs and their texts, messages) and which requests went out with
 * what (the body carries what the fields show, a retry carries the same idempotency key, a new
 * submission a new one, a success reloads the list).
 *
 * A shadow actor (the real machine, its I/O replaced by deferred fakes settled as the path says)
 * runs beside the screen to know how many requests each step must have caused and what the form
 * holds; it is never compared with the model.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { http, HttpResponse } from 'msw';
import {
  createActor,
  fromPromise,
  getNextSnapshot,
  initialTransition,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import {
  NOTICE_FIELD_MESSAGES,
  type NoticeAudienceQuery,
  type NoticeDeleteResponse,
  type NoticeWriteResponse,
  type SchoolNoticeRow,
} from '@/api/schemas/notices';
import type { SectionStudentRow } from '@/api/schemas/people';
import type { SectionStudentsQuery } from '@/api/lookups';
import {
  classChoices,
  emptyForm,
  formErrors,
  isDirty,
  noticeEditorMachine,
  sectionChoices,
  type NoticeEditorContext,
  type NoticeEditorEvent,
  type NoticeEditorInput,
  type NoticeLookups,
  type SaveInput,
} from '@/machines/notice-editor.machine';
import { schoolToday } from '@/screens/notices/dates';
import { droppedMessage } from '@/screens/notices/student-picker';
import { asModel } from '../helpers/as-model';
import { fakeAuthServer, renderApp, server, TEACHER } from '../screens/helpers';
import {
  CLASSES,
  CREATED_MESSAGE,
  DELETED_MESSAGE,
  notice,
  SECTIONS,
  SESSIONS,
  studentsOf,
  SIX_A_SEVEN_A,
  UPDATED_MESSAGE,
  WHOLE_SCHOOL,
} from '../screens/notices-fixtures';

// ---- fixtures ---------------------------------------------------------------------------------

const TODAY = schoolToday();
const INPUT: NoticeEditorInput = { type: 1, schoolInfoId: 10, schoolTypeId: 1, uid: 41, today: TODAY };
// An author whose reach is the whole school (the teacher's reach has its own tests below).
const LOOKUPS: NoticeLookups = { classes: CLASSES, sections: SECTIONS, sessions: SESSIONS, reach: WHOLE_SCHOOL };
const NOTICE_5 = notice({});
const NOTICE_9 = notice({
  id: 9,
  notice_headline: 'Holiday',
  notice_description: 'No school on Friday.',
  class_id: 0,
  class_name: 'ALL',
  section_id: 0,
  section_default_name: 'ALL',
  students: [],
  notice_users: '',
  student_id: null,
});
const LIST = [NOTICE_5, NOTICE_9];
const CREATED: NoticeWriteResponse = { ok: true, id: 12, message: CREATED_MESSAGE };
const UPDATED: NoticeWriteResponse = { ok: true, id: 5, message: UPDATED_MESSAGE };
const DELETED: NoticeDeleteResponse = { ok: true, message: DELETED_MESSAGE };

interface FakeError {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
}
const LOOKUPS_ERROR: FakeError = { status: 500, code: 'internal', message: 'The sessions could not be loaded.' };
const STUDENTS_ERROR: FakeError = { status: 500, code: 'internal', message: 'The student list is unavailable.' };
const NOTICE_GONE: FakeError = { status: 404, code: 'not_found', message: 'Notice not found.' };
const COUNT_ERROR: FakeError = { status: 503, code: 'internal', message: 'Could not count the students just now.' };
const SAVE_INVALID: FakeError = {
  status: 400,
  code: 'invalid_input',
  message: 'date: The publishing date is not allowed.',
  fields: { date: 'The publishing date is not allowed.' },
};
const SAVE_LOST: FakeError = { status: 503, code: 'internal', message: 'Something went wrong on our side.' };
const DELETE_ERROR: FakeError = { status: 403, code: 'forbidden', message: 'That is another teacher’s notice.' };

// ---- the model ----------------------------------------------------------------------------------

type Snap = SnapshotFrom<typeof noticeEditorMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

const model = asModel(noticeEditorMachine);

/** A date other than the form's (the date field always sends a change). */
const otherDate = (d: string) => (d === '2026-04-01' ? '2026-04-02' : '2026-04-01');

/** What the user can do on the screen in this state, with the values the controls would send. */
function userEvents(state: Snap): NoticeEditorEvent[] {
  const f = state.context.form;
  const toggled = f.students.includes(101)
    ? f.students.filter((id) => id !== 101)
    : state.context.students.map((s) => s.id).filter((id) => id === 101 || f.students.includes(id));
  const events: NoticeEditorEvent[] = [
    { type: 'notice.field', field: 'headline', value: `${f.headline}x` },
    { type: 'notice.field', field: 'description', value: `${f.description}x` },
    { type: 'notice.field', field: 'date', value: otherDate(f.date) },
    { type: 'notice.field', field: 'session_id', value: f.session_id === 1 ? '2' : '1' },
    { type: 'notice.chooseStudents', student_ids: toggled },
    { type: 'notice.toggleSection', section_id: 3 },
    { type: 'notice.submit' },
    { type: 'notice.confirm' },
    { type: 'notice.cancel' },
    { type: 'notice.retry' },
    { type: 'notice.reset' },
    { type: 'notice.edit', id: 5 },
    { type: 'notice.delete', id: 5, headline: 'Sports day' },
    { type: 'notice.delete', id: 9, headline: 'Holiday' },
  ];
  // A select sends a change only when its value changes.
  if (f.class_id !== 6) events.push({ type: 'notice.class', class_id: 6 });
  if (f.class_id === 6 && f.section_id !== 3) events.push({ type: 'notice.section', section_id: 3 });
  return events;
}

/** The server's answers we model, for this state. */
function answers(state: Snap): ModelEvent[] {
  const c = state.context;
  const f = c.form;
  return [
    { type: 'xstate.done.actor.loadLookups', output: LOOKUPS },
    { type: 'xstate.error.actor.loadLookups', error: LOOKUPS_ERROR },
    { type: 'xstate.done.actor.loadStudents', output: studentsOf(f.class_id, f.section_id) },
    { type: 'xstate.error.actor.loadStudents', error: STUDENTS_ERROR },
    { type: 'xstate.done.actor.loadNotice', output: NOTICE_5 },
    { type: 'xstate.error.actor.loadNotice', error: NOTICE_GONE },
    { type: 'xstate.done.actor.countAudience', output: studentsOf(f.class_id, f.section_id).length },
    { type: 'xstate.error.actor.countAudience', error: COUNT_ERROR },
    { type: 'xstate.done.actor.saveNotice', output: f.id === null ? CREATED : UPDATED },
    { type: 'xstate.error.actor.saveNotice', error: SAVE_INVALID },
    { type: 'xstate.error.actor.saveNotice', error: SAVE_LOST },
    { type: 'xstate.done.actor.deleteNotice', output: DELETED },
    { type: 'xstate.error.actor.deleteNotice', error: DELETE_ERROR },
  ];
}

/** Only what the state accepts: ignored events would only add copies of the same state. */
function eventsFor(state: Snap): ModelEvent[] {
  return [...(userEvents(state) as ModelEvent[]), ...answers(state)].filter((e) => state.can(e as never));
}

/** A state, as far as it decides what can happen next (what was typed does not multiply it). */
function abstractState(s: Snap): string {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    editing: c.form.id,
    settled: c.studentsSettled,
    listed: c.students.length > 0,
    classSix: c.form.class_id === 6,
    sectionA: c.form.section_id === 3,
    chosen: c.form.students.length > 0,
    typed: !!c.form.headline && !!c.form.description,
    error: c.error ? (c.error.retryable ? 'retry' : 'fields') : null,
    deleting: c.pendingDelete?.id ?? null,
  });
}

const testModel = createTestModel(model, { input: INPUT, serializeState: abstractState as never });
testModel.options.events = eventsFor as never;

/** A transition as the config declares it: state node, event and, for a guarded choice, which branch. */
function transitionKey(t: AnyTransitionDefinition): string {
  const branches = t.source.transitions.get(t.eventType) ?? [];
  const branch = branches.length > 1 ? ` #${branches.indexOf(t) + 1}` : '';
  return `${t.source.id.replace(/^noticeEditor\.?/, '') || '(root)'}: ${t.eventType}${branch}`;
}

function allTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const branches of node.transitions.values()) for (const t of branches) keys.push(transitionKey(t));
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return keys.sort();
}

/**
 * Besides the transitions, what the paths must also do: every modelled server answer (both kinds
 * of failed save apart), and a submission sent again after its answer was lost.
 */
function extraKeys(state: Snap, event: ModelEvent): string[] {
  if (/^xstate\.(done|error)\.actor\./.test(event.type))
    return [`answer: ${event.type} ${(event.error as FakeError | undefined)?.status ?? 'ok'}`];
  if (event.type === 'notice.submit' && state.context.error?.retryable && state.context.idempotencyKey)
    return ['submit again after a lost answer'];
  return [];
}

function requiredKeys(): string[] {
  const start = initialTransition(model, INPUT)[0] as Snap;
  const answerKeys = answers(start).flatMap((e) => extraKeys(start, e));
  return [...allTransitions(noticeEditorMachine), ...answerKeys, 'submit again after a lost answer'].sort();
}

interface PlannedStep {
  event: ModelEvent;
  state: Snap;
  taken: string[];
}

/** The shortest way from `from` to a step taking a transition not yet covered (breadth-first). */
function nearestUncovered(from: Snap, covered: ReadonlySet<string>, budget: number): PlannedStep[] | null {
  const seen = new Set([abstractState(from)]);
  let frontier: Array<{ state: Snap; steps: PlannedStep[] }> = [{ state: from, steps: [] }];
  for (let depth = 0; depth < budget && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const { state, steps } of frontier) {
      for (const event of eventsFor(state)) {
        const taken = [
          ...model.getTransitionData(state as never, event as never).map(transitionKey),
          ...extraKeys(state, event),
        ];
        const after = getNextSnapshot(model, state as never, event as never) as Snap;
        const path = [...steps, { event, state: after, taken }];
        if (taken.some((k) => !covered.has(k))) return path;
        const key = abstractState(after);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push({ state: after, steps: path });
      }
    }
    frontier = next;
  }
  return null;
}

/** Paths from the start that together take every transition: each goes on to the nearest one not taken yet. */
function planTransitionCover(maxSteps: number): { paths: PlannedStep[][]; covered: Set<string> } {
  const covered = new Set<string>();
  const paths: PlannedStep[][] = [];
  const start = initialTransition(model, INPUT)[0] as Snap;
  for (;;) {
    const path: PlannedStep[] = [];
    let state = start;
    for (;;) {
      const hop = nearestUncovered(state, covered, maxSteps - path.length);
      if (!hop) break;
      for (const step of hop) for (const k of step.taken) covered.add(k);
      path.push(...hop);
      state = hop[hop.length - 1].state;
    }
    if (!path.length) return { paths, covered };
    paths.push(path);
  }
}

function leafName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [k, v] = Object.entries(value as Record<string, unknown>)[0];
  return `${k}.${leafName(v)}`;
}

function shortEvent(e: ModelEvent): string {
  const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
  if (outcome) return `${outcome[2]}${outcome[1] === 'done' ? '✓' : `✗${(e.error as FakeError).status}`}`;
  const t = e.type.replace('notice.', '');
  if (e.type === 'notice.field') return `${t}(${String(e.field)})`;
  if (e.type === 'notice.edit' || e.type === 'notice.delete') return `${t}(${String(e.id)})`;
  return t;
}

// ---- the shadow: the real machine with deferred fakes --------------------------------------------

type ActorName = 'loadLookups' | 'loadStudents' | 'loadNotice' | 'countAudience' | 'saveNotice' | 'deleteNotice';
type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

function startShadow() {
  const pending: Partial<Record<ActorName, Deferred>> = {};
  const calls: Record<ActorName, unknown[]> = {
    loadLookups: [],
    loadStudents: [],
    loadNotice: [],
    countAudience: [],
    saveNotice: [],
    deleteNotice: [],
  };
  const fake = <I, O>(name: ActorName) =>
    fromPromise<O, I>(({ input }) => {
      calls[name].push(input);
      return new Promise<O>((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject };
      });
    });
  const machine = noticeEditorMachine.provide({
    actors: {
      loadLookups: fake<{ schoolTypeId: number | null }, NoticeLookups>('loadLookups'),
      loadStudents: fake<SectionStudentsQuery, SectionStudentRow[]>('loadStudents'),
      loadNotice: fake<{ id: number }, SchoolNoticeRow>('loadNotice'),
      countAudience: fake<NoticeAudienceQuery, number>('countAudience'),
      saveNotice: fake<SaveInput, NoticeWriteResponse>('saveNotice'),
      deleteNotice: fake<{ id: number }, NoticeDeleteResponse>('deleteNotice'),
    },
  });
  const actor = createActor(machine, { input: INPUT }).start();
  return {
    actor,
    calls,
    async settle(name: ActorName, outcome: 'resolve' | 'reject', value: unknown) {
      const call = pending[name];
      if (!call) throw new Error(`the machine never called ${name}`);
      delete pending[name];
      call[outcome](value);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}
type Shadow = ReturnType<typeof startShadow>;

// ---- the screen ------------------------------------------------------------------------------------

type Endpoint = 'class' | 'section' | 'session' | 'reach' | 'students' | 'edit' | 'audience' | 'save' | 'delete';
const ENDPOINTS: Record<ActorName, Endpoint[]> = {
  loadLookups: ['class', 'section', 'session', 'reach'],
  loadStudents: ['students'],
  loadNotice: ['edit'],
  countAudience: ['audience'],
  saveNotice: ['save'],
  deleteNotice: ['delete'],
};

interface Request {
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  key: string | null;
  resolve: (r: Response) => void;
}

/** The notice API whose every request (but the list) waits until the test answers it. */
function heldApi() {
  const requests = Object.fromEntries(
    Object.values(ENDPOINTS)
      .flat()
      .map((e) => [e, [] as Request[]]),
  ) as Record<Endpoint, Request[]>;
  const waiting = new Set<Request>();
  let listReads = 0;
  const hold =
    (endpoint: Endpoint) =>
    async ({ request }: { request: globalThis.Request }) => {
      const body =
        request.method === 'POST' && request.headers.get('content-type')?.includes('json')
          ? ((await request.json()) as Record<string, unknown>)
          : null;
      return new Promise<Response>((resolve) => {
        const r: Request = {
          query: Object.fromEntries(new URL(request.url).searchParams),
          body,
          key: request.headers.get('idempotency-key'),
          resolve,
        };
        requests[endpoint].push(r);
        waiting.add(r);
      });
    };
  server.use(
    http.get('/api/class', hold('class')),
    http.get('/api/section/all', hold('section')),
    http.get('/api/session', hold('session')),
    http.get('/api/notice/reach', hold('reach')),
    http.get('/api/student/section', hold('students')),
    http.get('/api/notice/edit', hold('edit')),
    http.get('/api/notice/audience', hold('audience')),
    http.post('/api/notice', hold('save')),
    http.post('/api/notice/delete', hold('delete')),
    // The list is a plain read beside the flow: always the same two notices.
    http.get('/api/notice/creator', () => {
      listReads += 1;
      return HttpResponse.json({ rows: LIST, total: LIST.length, limit: 20, offset: 0 });
    }),
  );
  return {
    requests,
    listReads: () => listReads,
    /** Answers every waiting request of the endpoint, once at least `atLeast` have arrived. */
    async answer(endpoint: Endpoint, atLeast: number, response: () => Response) {
      await waitFor(() => expect(requests[endpoint].length).toBeGreaterThanOrEqual(atLeast));
      for (const r of requests[endpoint]) {
        if (!waiting.has(r)) continue;
        waiting.delete(r);
        r.resolve(response());
      }
    },
  };
}
type HeldApi = ReturnType<typeof heldApi>;

function errorResponse(e: FakeError) {
  return HttpResponse.json({ error: { code: e.code, message: e.message, fields: e.fields } }, { status: e.status });
}

function lookupAnswer(endpoint: Endpoint) {
  return { class: CLASSES, section: SECTIONS, session: SESSIONS, reach: WHOLE_SCHOOL }[endpoint as 'class'];
}

function responseFor(name: ActorName, endpoint: Endpoint, event: ModelEvent): Response {
  if (event.type.startsWith('xstate.error.')) {
    // A failed lookup: the sessions call fails, the others answer.
    if (name === 'loadLookups' && endpoint !== 'session') return HttpResponse.json(lookupAnswer(endpoint));
    return errorResponse(event.error as FakeError);
  }
  if (name === 'loadLookups') return HttpResponse.json(lookupAnswer(endpoint));
  if (name === 'loadNotice') return HttpResponse.json([event.output] as never); // a list, as the old API answered
  if (name === 'countAudience') return HttpResponse.json({ students: event.output as number });
  return HttpResponse.json(event.output as never);
}

const card = () => screen.getByRole('region', { name: 'Create notice' });
// hidden: a dialog makes the page behind it aria-hidden, and the form is still checked.
const H = { hidden: true } as const;
const formEl = () => within(card()).getByRole('form', { name: 'Create notice', hidden: true });
const control = (label: string) =>
  within(formEl()).getByLabelText(label) as HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement;
const submitButton = () =>
  within(formEl()).getByRole('button', { name: /^(Submit|Update|Saving…|Checking…|Try again)$/, hidden: true });
const dialog = (name: string | RegExp) => screen.getByRole('dialog', { name });
const dmy = (iso: string) => iso.split('-').reverse().join('-');

const AUDIENCE = (c: NoticeEditorContext) =>
  c.form.class_id === 6 && c.form.section_id === 3
    ? 'everyone in Six A'
    : c.form.class_id === 6
      ? 'everyone in class Six'
      : 'everyone in the school';

function screenSut(ui: ReturnType<typeof renderApp>, api: HeldApi, shadow: Shadow, offsets: Record<Endpoint, number>) {
  const { user } = ui;
  /** Keys of submissions whose answer was lost: the next attempt must carry the same one. */
  let openKey: string | null = null;
  const usedKeys = new Set<string>();

  async function discardIfAsked() {
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
  }

  async function userAction(event: NoticeEditorEvent, before: NoticeEditorContext) {
    const dirty = isDirty(before);
    switch (event.type) {
      case 'notice.field':
        if (event.field === 'session_id') await user.selectOptions(control('Academic Session'), event.value);
        else if (event.field === 'date') {
          await user.clear(control('Publishing date'));
          await user.type(control('Publishing date'), dmy(event.value));
        } else await user.type(control(event.field === 'headline' ? 'Headline' : 'Description'), 'x');
        return;
      case 'notice.class':
        await user.selectOptions(control('Class'), String(event.class_id));
        return;
      case 'notice.section':
        await user.selectOptions(control('Section'), String(event.section_id));
        return;
      case 'notice.chooseStudents':
        if (before.form.students.includes(101)) {
          await user.click(within(formEl()).getByRole('button', { name: 'Remove Arif Hossain' }));
        } else {
          await user.type(within(formEl()).getByRole('combobox', { name: 'Find students' }), 'Arif');
          await user.click(await screen.findByRole('option', { name: /Arif Hossain/ }));
          await user.keyboard('{Escape}');
        }
        return;
      case 'notice.toggleSection':
        await user.click(within(formEl()).getByRole('checkbox', { name: 'All of Six A (2)' }));
        return;
      case 'notice.submit':
        await user.click(submitButton());
        return;
      case 'notice.confirm': {
        const d = screen.getByRole('dialog');
        await user.click(within(d).getByRole('button', { name: /^(Publish|Save changes|Delete)$/ }));
        return;
      }
      case 'notice.cancel':
        await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
        return;
      case 'notice.retry':
        await user.click(within(card()).getByRole('button', { name: 'Try again' }));
        return;
      case 'notice.reset': {
        // A notice in the form: 'Cancel edit'. Otherwise collapse the card (which clears it) and
        // open it again for the rest of the path. Either asks first when something was typed.
        const cancelEdit = within(formEl()).queryByRole('button', { name: 'Cancel edit' });
        if (cancelEdit) {
          await user.click(cancelEdit);
          if (dirty) await discardIfAsked();
          return;
        }
        const toggle = screen.getByRole('button', { name: /Create notice/ });
        await user.click(toggle);
        if (dirty) await discardIfAsked();
        await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
        await user.click(toggle);
        return;
      }
      case 'notice.edit':
        await user.click(screen.getByRole('button', { name: 'Edit Sports day' }));
        if (dirty) await discardIfAsked();
        return;
      case 'notice.delete':
        await user.click(screen.getByRole('button', { name: `Delete ${event.headline}` }));
        return;
      default:
        throw new Error(`no control for ${(event as EventObject).type}`);
    }
  }

  async function exec(event: ModelEvent): Promise<void> {
    const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!outcome) {
      const before = shadow.actor.getSnapshot().context;
      shadow.actor.send(event as NoticeEditorEvent);
      await userAction(event as NoticeEditorEvent, before);
      return;
    }
    const name = outcome[2] as ActorName;
    const done = outcome[1] === 'done';
    const invocations = shadow.calls[name].length;
    const listBefore = api.listReads();
    for (const endpoint of ENDPOINTS[name]) {
      await api.answer(endpoint, offsets[endpoint] + invocations, () => responseFor(name, endpoint, event));
    }
    await shadow.settle(name, done ? 'resolve' : 'reject', done ? event.output : event.error);
    if (name === 'saveNotice') {
      const error = event.error as FakeError | undefined;
      openKey = error && (error.status === 0 || error.status >= 500) ? api.requests.save.at(-1)!.key : null;
    }
    // A confirmed save or delete makes the list read again.
    if (done && (name === 'saveNotice' || name === 'deleteNotice'))
      await waitFor(() => expect(api.listReads()).toBeGreaterThan(listBefore));
  }

  const formShows = (c: NoticeEditorContext) => {
    expect(control('Headline').value).toBe(c.form.headline);
    expect(control('Description').value).toBe(c.form.description);
    expect(control('Publishing date').value).toBe(dmy(c.form.date));
    expect(control('Academic Session').value).toBe(String(c.form.session_id ?? ''));
    expect(control('Class').value).toBe(String(c.form.class_id));
    expect(control('Section').value).toBe(String(c.form.section_id));
  };
  const studentsShow = (c: NoticeEditorContext) => {
    const picker = within(formEl()).getByRole('group', { name: 'Students', hidden: true });
    expect(picker).toHaveTextContent(
      c.form.students.length ? `${c.form.students.length} chosen: only they receive the notice.` : 'No student chosen',
    );
    if (c.droppedStudents.length)
      expect(picker).toHaveTextContent(droppedMessage(c.droppedStudents.length, c.form.id !== null));
    if (c.studentsError) {
      expect(picker).toHaveTextContent(c.studentsError);
      return;
    }
    const chips = within(picker).queryByRole('list', { name: 'Chosen students', hidden: true });
    const names = chips
      ? within(chips)
          .getAllByRole('button', H)
          .map((b) => b.textContent?.replace('×', ''))
      : [];
    expect(names).toEqual(c.students.filter((s) => c.form.students.includes(s.id)).map((s) => s.full_name));
  };
  const errorsShow = (c: NoticeEditorContext) => {
    if (!c.error) return;
    const alerts = within(formEl())
      .getAllByRole('alert', H)
      .map((a) => a.textContent ?? '');
    const fields = Object.keys(c.error.fields);
    if (fields.includes('headline'))
      expect(alerts).toContainEqual(expect.stringContaining('Headline: enter a headline'));
    if (fields.includes('date'))
      expect(alerts).toContainEqual(expect.stringContaining('Publishing date: the publishing date is not allowed.'));
    if (!fields.length) expect(alerts).toContainEqual(expect.stringContaining(c.error.message));
    // Never the wire's names.
    for (const a of alerts) expect(a).not.toMatch(/(?<!Publishing )\b(headline|description|date|session_id):/);
  };
  // Toasts close after 5 s: a message is checked in the step that made it.
  let toastSeen = 0;
  const toastShows = (c: NoticeEditorContext) => {
    if (!c.feedback || c.feedback.seq === toastSeen) return;
    expect(screen.getByText(c.feedback.text)).toBeInTheDocument();
    toastSeen = c.feedback.seq;
  };
  const noDialog = () => expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const eventually = (check: (c: NoticeEditorContext) => void) => (c: NoticeEditorContext) =>
    waitFor(() => check(c), { timeout: 3000 });

  const checks: Record<string, (c: NoticeEditorContext) => Promise<void>> = {
    loadingLookups: eventually(() => {
      expect(within(card()).getByRole('status')).toHaveTextContent('Loading the form…');
    }),
    lookupsFailed: eventually(() => {
      expect(within(card()).getByRole('alert')).toHaveTextContent(LOOKUPS_ERROR.message);
      expect(within(card()).getByRole('button', { name: 'Try again' })).toBeEnabled();
    }),
    'editing.loadingStudents': eventually((c) => {
      noDialog();
      formShows(c);
      expect(within(formEl()).getByText('Loading students…')).toBeInTheDocument();
      expect(submitButton()).toBeDisabled();
      // The list asked for is the one the selects show.
      expect(api.requests.students.at(-1)!.query).toMatchObject({
        class_id: control('Class').value,
        section_id: control('Section').value,
        session_id: control('Academic Session').value,
      });
      toastShows(c);
    }),
    'editing.ready': eventually((c) => {
      noDialog();
      formShows(c);
      studentsShow(c);
      errorsShow(c);
      expect(submitButton()).toBeEnabled();
      expect(submitButton()).toHaveTextContent(
        c.error?.retryable ? 'Try again' : c.form.id === null ? 'Submit' : 'Update',
      );
      toastShows(c);
    }),
    loadingNotice: eventually(() => {
      expect(within(formEl()).getByText('Loading the notice…')).toBeInTheDocument();
      expect(submitButton()).toBeDisabled();
      expect(api.requests.edit.at(-1)!.query).toEqual({ id: '5' });
    }),
    countingAudience: eventually((c) => {
      expect(submitButton()).toHaveTextContent('Checking…');
      expect(submitButton()).toBeDisabled();
      expect(api.requests.audience.at(-1)!.query).toEqual({
        school_info_id: '10',
        session_id: control('Academic Session').value,
        class_id: control('Class').value,
        section_id: control('Section').value,
      });
      expect(c.form.students).toEqual([]);
    }),
    confirmingPublish: eventually((c) => {
      const d = dialog(c.form.id === null ? 'Publish this notice?' : 'Save the changes to this notice?');
      const n = c.audience ?? -1;
      expect(d).toHaveTextContent(
        n === 0
          ? 'nobody will see this notice'
          : `This goes to ${n} ${n === 1 ? 'student' : 'students'}: ${AUDIENCE(c)}.`,
      );
      expect(within(d).getByRole('button', { name: c.form.id === null ? 'Publish' : 'Save changes' })).toBeEnabled();
    }),
    submitting: eventually(() => {
      noDialog();
      expect(submitButton()).toHaveTextContent('Saving…');
      expect(submitButton()).toBeDisabled();
    }),
    confirmingDelete: eventually((c) => {
      const d = dialog('Delete notice');
      expect(d).toHaveTextContent('Are you sure to delete?');
      expect(d).toHaveTextContent(c.pendingDelete!.headline);
      expect(within(d).getByRole('button', { name: 'Delete' })).toBeEnabled();
    }),
    deleting: eventually((c) => {
      const d = dialog('Delete notice');
      expect(within(d).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
      expect(within(d).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(api.requests.delete.at(-1)!.query).toEqual({ id: String(c.pendingDelete!.id) });
    }),
  };

  return {
    exec,
    async check(planned: Snap) {
      const real = shadow.actor.getSnapshot();
      // The replay follows the planned path.
      expect(abstractState(real)).toBe(abstractState(planned));
      await checks[leafName(real.value)](real.context);
      if (leafName(real.value) === 'submitting') {
        // What goes out is what the fields show, with one key per submission.
        const sent = api.requests.save.at(-1)!;
        await waitFor(() => expect(api.requests.save.length).toBe(offsets.save + shadow.calls.saveNotice.length));
        expect(sent.body).toMatchObject({
          headline: control('Headline').value,
          description: control('Description').value,
          date: real.context.form.date,
          class_id: Number(control('Class').value),
          section_id: Number(control('Section').value),
          session_id: Number(control('Academic Session').value),
          students: real.context.form.students,
          id: real.context.form.id ?? '',
        });
        expect(formErrors(real.context)).toEqual({});
        expect(sent.key).toBeTruthy();
        if (openKey) expect(sent.key).toBe(openKey);
        else expect(usedKeys.has(sent.key!)).toBe(false);
        usedKeys.add(sent.key!);
      }
    },
  };
}

describe('notice editor against the screen (/teachernotice, msw): paths that take every transition', () => {
  const { paths, covered } = planTransitionCover(40);

  it('the paths take every transition of the machine (each branch of a guarded choice), every answer and a retry', () => {
    expect(allTransitions(model)).toEqual(allTransitions(noticeEditorMachine));
    expect(requiredKeys().filter((k) => !covered.has(k))).toEqual([]);
  });

  it('they visit every state', () => {
    const reached = new Set(paths.flat().map((s) => leafName(s.state.value)));
    expect([...reached].sort()).toEqual(
      [
        'loadingLookups',
        'lookupsFailed',
        'editing.loadingStudents',
        'editing.ready',
        'loadingNotice',
        'countingAudience',
        'confirmingPublish',
        'submitting',
        'confirmingDelete',
        'deleting',
      ].sort(),
    );
  });

  paths.forEach((steps, n) => {
    it(`path ${n + 1} (${steps.length} steps): ${steps.map((s) => shortEvent(s.event)).join(' → ')}`, async () => {
      fakeAuthServer(TEACHER).savedSignIn();
      const api = heldApi();
      const ui = renderApp('/teachernotice');
      await screen.findByRole('region', { name: 'Create notice' });
      // The screen's first requests (StrictMode may start the editor twice): count them once.
      await waitFor(() => expect(api.requests.session.length).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 30));
      const offsets = Object.fromEntries(
        (Object.keys(api.requests) as Endpoint[]).map((e) => [
          e,
          ['class', 'section', 'session'].includes(e) ? api.requests[e].length - 1 : 0,
        ]),
      ) as Record<Endpoint, number>;
      const shadow = startShadow();
      const sut = screenSut(ui, api, shadow, offsets);
      await sut.check(initialTransition(model, INPUT)[0] as Snap);
      for (const step of steps) {
        await sut.exec(step.event);
        await sut.check(step.state);
      }
      shadow.actor.stop();
    }, 90_000);
  });
});

// ---- a few rules on the machine alone --------------------------------------------------------------

describe('notice editor rules', () => {
  async function ready() {
    const shadow = startShadow();
    await shadow.settle('loadLookups', 'resolve', LOOKUPS);
    await shadow.settle('loadStudents', 'resolve', studentsOf(0, 0));
    return shadow;
  }

  it('starts with today, the current session, class and section ALL, nothing to lose', async () => {
    const { actor } = await ready();
    const c = actor.getSnapshot().context;
    expect(c.form).toEqual(emptyForm(TODAY, 2));
    expect(isDirty(c)).toBe(false);
    actor.send({ type: 'notice.field', field: 'headline', value: 'x' });
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
  });

  it('a late student list for an old choice is ignored', async () => {
    const shadow = await ready();
    shadow.actor.send({ type: 'notice.class', class_id: 6 });
    shadow.actor.send({ type: 'notice.class', class_id: 7 });
    expect(shadow.calls.loadStudents.slice(-2)).toEqual([
      { class_id: 6, section_id: 0, session_id: 2 },
      { class_id: 7, section_id: 0, session_id: 2 },
    ]);
    await shadow.settle('loadStudents', 'resolve', studentsOf(7, 0));
    expect(shadow.actor.getSnapshot().context.students.map((s) => s.id)).toEqual([104]);
  });

  it('the form check uses the shared request schema: a description is required', () => {
    const form = { ...emptyForm(TODAY, 2), headline: 'Exams', description: '  ' };
    expect(formErrors({ form, schoolInfoId: 10, uid: 41, type: 1 })).toEqual({ description: 'Enter a description' });
    expect(
      formErrors({ form: { ...form, session_id: null, date: '' }, schoolInfoId: 10, uid: 41, type: 1 }),
    ).toMatchObject({ session_id: 'Choose an academic session', date: 'Choose a publishing date' });
  });

  it('a confirmed save or delete runs savedChanges (the screen refreshes its reads); a failed one does not', async () => {
    const savedChanges = vi.fn();
    const actor = createActor(
      noticeEditorMachine.provide({
        actors: {
          loadLookups: fromPromise(async () => LOOKUPS),
          loadStudents: fromPromise(async () => studentsOf(0, 0)),
          countAudience: fromPromise(async () => 4),
          saveNotice: fromPromise(async ({ input }: { input: SaveInput }) =>
            input.body.headline === 'fail' ? Promise.reject(SAVE_LOST) : CREATED,
          ),
          deleteNotice: fromPromise(async () => DELETED),
        },
        actions: { savedChanges },
      }),
      { input: INPUT },
    ).start();
    const settled = () => new Promise((r) => setTimeout(r, 0));
    await settled();
    await settled();
    const submit = async (headline: string) => {
      actor.send({ type: 'notice.field', field: 'headline', value: headline });
      actor.send({ type: 'notice.field', field: 'description', value: 'Words.' });
      actor.send({ type: 'notice.submit' });
      await settled();
      actor.send({ type: 'notice.confirm' });
      await settled();
      await settled();
    };
    await submit('fail');
    expect(savedChanges).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.error?.retryable).toBe(true);
    actor.send({ type: 'notice.reset' });
    await settled();
    await submit('works');
    expect(savedChanges).toHaveBeenCalledTimes(1);
    actor.send({ type: 'notice.delete', id: 9, headline: 'Holiday' });
    actor.send({ type: 'notice.confirm' });
    await settled();
    expect(savedChanges).toHaveBeenCalledTimes(2);
    actor.stop();
  });
});

// ---- a teacher's reach ----------------------------------------------------------------------------

describe('a teacher addresses only the sections they teach', () => {
  // SIX_A_SEVEN_A: Six A and Seven A in 2026 (session 2, the current one), not Six B; nothing in 2025.
  const teacherEditor = (loadNotice?: SchoolNoticeRow) => {
    const saved: SaveInput[] = [];
    const actor = createActor(
      noticeEditorMachine.provide({
        actors: {
          loadLookups: fromPromise(async () => ({ ...LOOKUPS, reach: SIX_A_SEVEN_A })),
          loadStudents: fromPromise(async ({ input }: { input: SectionStudentsQuery }) =>
            studentsOf(input.class_id ?? 0, input.section_id ?? 0),
          ),
          loadNotice: fromPromise(async () => loadNotice ?? NOTICE_5),
          countAudience: fromPromise(async () => 2),
          saveNotice: fromPromise(async ({ input }: { input: SaveInput }) => {
            saved.push(input);
            return CREATED;
          }),
        },
      }),
      { input: INPUT },
    ).start();
    return { actor, saved };
  };
  const settled = async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  };
  const context = (actor: ReturnType<typeof teacherEditor>['actor']) => actor.getSnapshot().context;

  it('starts on their first section, and offers only their classes and sections (ALL where all is theirs)', async () => {
    const { actor } = teacherEditor();
    await settled();
    const c = context(actor);
    expect(c.form).toMatchObject({ session_id: 2, class_id: 6, section_id: 3 });
    expect(classChoices(c)).toEqual({ all: false, classes: CLASSES });
    expect(sectionChoices(c)).toEqual({ all: false, sections: [SECTIONS[0]] });
    // Seven has one section, theirs: the whole class is within reach
    actor.send({ type: 'notice.class', class_id: 7 });
    expect(context(actor).form).toMatchObject({ class_id: 7, section_id: 0 });
    expect(sectionChoices(context(actor))).toEqual({ all: true, sections: [SECTIONS[2]] });
    // back to Six: its section they teach, not ALL of Six
    actor.send({ type: 'notice.class', class_id: 6 });
    expect(context(actor).form).toMatchObject({ class_id: 6, section_id: 3 });
    actor.stop();
  });

  it.each([
    { what: 'ALL classes', event: { type: 'notice.class', class_id: 0 } as const },
    { what: 'Six B, not theirs', event: { type: 'notice.section', section_id: 4 } as const },
    { what: 'ALL sections of Six', event: { type: 'notice.section', section_id: 0 } as const },
  ])('refuses $what: the form stays on Six A', async ({ event }) => {
    const { actor } = teacherEditor();
    await settled();
    actor.send(event);
    expect(context(actor).form).toMatchObject({ class_id: 6, section_id: 3 });
    actor.stop();
  });

  it('publishes to their section after the count question', async () => {
    const { actor, saved } = teacherEditor();
    await settled();
    actor.send({ type: 'notice.field', field: 'headline', value: 'Test on Sunday' });
    actor.send({ type: 'notice.field', field: 'description', value: 'Chapters 1 to 3.' });
    actor.send({ type: 'notice.submit' });
    await settled();
    expect(actor.getSnapshot().value).toBe('confirmingPublish');
    actor.send({ type: 'notice.confirm' });
    await settled();
    expect(saved.map((s) => [s.body.class_id, s.body.section_id, s.body.students])).toEqual([[6, 3, []]]);
    actor.stop();
  });

  it('a session they teach nothing in: the form says so and sends nothing', async () => {
    const { actor, saved } = teacherEditor();
    await settled();
    actor.send({ type: 'notice.field', field: 'session_id', value: '1' });
    await settled();
    actor.send({ type: 'notice.field', field: 'headline', value: 'Old news' });
    actor.send({ type: 'notice.field', field: 'description', value: 'Words.' });
    actor.send({ type: 'notice.submit' });
    await settled();
    expect(context(actor).error?.fields).toEqual({ class_id: NOTICE_FIELD_MESSAGES.noSectionTaught });
    expect(saved).toEqual([]);
    expect(classChoices(context(actor))).toEqual({ all: false, classes: [] });
    actor.stop();
  });

  it('an edited notice wider than their reach: shown as it was, and the form says why before sending', async () => {
    const wide = notice({ id: 7, class_id: 6, section_id: 0, students: [], notice_users: '', student_id: null });
    const { actor, saved } = teacherEditor(wide);
    await settled();
    actor.send({ type: 'notice.edit', id: 7 });
    await settled();
    expect(context(actor).form).toMatchObject({ id: 7, class_id: 6, section_id: 0 });
    actor.send({ type: 'notice.submit' });
    await settled();
    expect(context(actor).error?.fields).toEqual({ section_id: NOTICE_FIELD_MESSAGES.notAllSections });
    expect(saved).toEqual([]);
    // choosing their section fixes it
    actor.send({ type: 'notice.section', section_id: 3 });
    expect(context(actor).error).toBeNull();
    actor.stop();
  });

  it('the reach check names the field for each target beyond it', () => {
    const c = {
      classes: CLASSES,
      sections: SECTIONS,
      reach: SIX_A_SEVEN_A,
      schoolInfoId: 10,
      uid: 41,
      type: 1 as const,
    };
    const form = { ...emptyForm(TODAY, 2), headline: 'H', description: 'D' };
    const cases: [Partial<typeof form>, Record<string, string>][] = [
      [{ class_id: 6, section_id: 3 }, {}],
      [{ class_id: 7, section_id: 0 }, {}],
      [{ class_id: 6, section_id: 4 }, { section_id: NOTICE_FIELD_MESSAGES.notYourSection }],
      [{ class_id: 6, section_id: 0 }, { section_id: NOTICE_FIELD_MESSAGES.notAllSections }],
      [{ class_id: 0, section_id: 0 }, { class_id: NOTICE_FIELD_MESSAGES.notWholeSchool }],
      // chosen students come from their own list (the server scopes it): the targets are theirs
      [{ class_id: 0, section_id: 0, students: [101] }, {}],
    ];
    for (const [patch, fields] of cases) expect(formErrors({ ...c, form: { ...form, ...patch } })).toEqual(fields);
    // a school admin: the whole school
    expect(formErrors({ ...c, reach: WHOLE_SCHOOL, form })).toEqual({});
  });
});
