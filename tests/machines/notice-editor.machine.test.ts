/**
 * Model-based tests for the notice editor machine, against the machine and against the screen.
 *
 * The model is the machine itself with each invocation's outcomes (xstate.done.actor.* /
 * xstate.error.actor.*) turned into explicit events, because @xstate/graph traverses pure
 * transitions only. States are told apart by their value and the few context facts that decide
 * which transitions are open (is a notice in the form, are the students settled and non-empty,
 * which class, which notice is up for deletion); what was typed does not multiply the graph.
 *
 * Against the machine: the shortest path to every state, then every transition out of every
 * state, replayed on a real actor whose actors are deferred fakes that the test resolves or
 * rejects exactly as the path says; every state on the way is checked against the model and
 * against literal expectations, including which events `can` accept (the screen enables its
 * buttons with it).
 *
 * Against the screen: a few long paths that together take every transition the machine declares
 * (each branch of a guarded choice apart, the server's answers included), planned greedily over
 * what the screen's controls can send, and replayed on the rendered /teachernotice as a user
 * would (typing, choosing, ticking, collapsing, Try again, Cancel), with msw handlers that hold
 * each request until the path says how the server answers. A shadow actor (the machine-side
 * replay) runs alongside to know how many requests each step must have caused.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { http, HttpResponse } from 'msw';
import {
  createActor,
  createMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  fromPromise,
  getNextSnapshot,
  initialTransition,
  type AnyStateMachine,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import type { ClassRow, SectionRow, SessionRow } from '@/api/schemas/lookups';
import type {
  SchoolNoticeRow,
  NoticeDeleteResponse,
  NoticeWriteBody,
  NoticeWriteResponse,
} from '@/api/schemas/notices';
import type { SectionStudentRow } from '@/api/schemas/people';
import type { SectionStudentsQuery } from '@/api/lookups';
import {
  emptyForm,
  noticeBody,
  noticeEditorMachine,
  studentsQuery,
  type NoticeEditorContext,
  type NoticeEditorEvent,
  type NoticeEditorInput,
  type NoticeLookups,
} from '@/machines/notice-editor.machine';
import { schoolToday } from '@/screens/notices/dates';
import { droppedMessage } from '@/screens/notices/notice-manager';
import { fakeAuthServer, renderApp, server, TEACHER } from '../screens/helpers';

// ---- fixtures ---------------------------------------------------------------------------------

const TODAY = schoolToday();
const INPUT: NoticeEditorInput = {
  scope: 'creator',
  type: 1,
  schoolInfoId: 10,
  schoolTypeId: 1,
  uid: 41,
  today: TODAY,
};

const CLASSES: ClassRow[] = [
  { id: 6, class_name: 'Six', class_code: '06', school_type_id: 1 },
  { id: 7, class_name: 'Seven', class_code: '07', school_type_id: 1 },
];
const SECTIONS: SectionRow[] = [
  { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 4, section_default_name: 'B', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 5, section_default_name: 'A', class_id: 7, class_name: 'Seven', shift_id: 1, school_info_id: 10 },
];
const SESSIONS: SessionRow[] = [
  { id: 1, session_year: '2025', current: false },
  { id: 2, session_year: '2026', current: true },
];
const LOOKUPS: NoticeLookups = { classes: CLASSES, sections: SECTIONS, sessions: SESSIONS };

function student(id: number, full_name: string, class_id: number, section_id: number, roll: number): SectionStudentRow {
  return {
    id,
    student_id: id,
    student_code: `S-1-${String(id).padStart(4, '0')}`,
    full_name,
    mobile_no: `0171100${id}`,
    class_roll_no: roll,
    enrolment_id: id + 1000,
    class_id,
    section_id,
  };
}
const STUDENTS = [
  student(101, 'Arif Hossain', 6, 3, 1),
  student(102, 'Nusrat Jahan', 6, 3, 2),
  student(103, 'Rafi Ahmed', 6, 4, 1),
  student(104, 'Mim Akter', 7, 5, 1),
];
function studentsFor(q: SectionStudentsQuery): SectionStudentRow[] {
  return STUDENTS.filter(
    (s) => (!q.class_id || s.class_id === q.class_id) && (!q.section_id || s.section_id === q.section_id),
  );
}

function notice(over: Partial<SchoolNoticeRow>): SchoolNoticeRow {
  return {
    id: 5,
    notice_headline: 'Sports day',
    notice_description: 'Bring your kit on Thursday.',
    type: 1,
    school_info_id: 10,
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    session_id: 2,
    session_year: '2026',
    publishing_date: '2026-03-01',
    notice_users: '101',
    students: [101],
    student_id: 101,
    creator_name: 'Rahima Khatun',
    edited_by_name: null,
    edited_at: null,
    read_count: 0,
    recipient_count: 1,
    ...over,
  };
}
const NOTICE_5 = notice({});
const NOTICE_9 = notice({
  id: 9,
  notice_headline: 'Holiday',
  notice_description: 'School closed on Monday.',
  class_id: 0,
  class_name: 'ALL',
  section_id: 0,
  section_default_name: 'ALL',
  notice_users: '',
  students: [],
  student_id: null,
  publishing_date: '2026-02-20',
  recipient_count: 300,
});
const LIST = [NOTICE_5, NOTICE_9];

const CREATED: NoticeWriteResponse = { ok: true, id: 12, message: 'new note added successfully!' };
const UPDATED: NoticeWriteResponse = { ok: true, id: 5, message: 'Note updated successfully!' };
const DELETED: NoticeDeleteResponse = { ok: true, message: "Note's deleted successfully" };

interface FakeError {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
}
const LOOKUPS_ERROR: FakeError = { status: 500, code: 'internal', message: 'The classes could not be loaded.' };
const STUDENTS_ERROR: FakeError = { status: 500, code: 'internal', message: 'The student list is unavailable.' };
const NOTICE_GONE: FakeError = { status: 404, code: 'not_found', message: 'Notice not found.' };
const SAVE_ERROR: FakeError = {
  status: 400,
  code: 'invalid_input',
  message: 'Enter a headline',
  fields: { headline: 'Enter a headline' },
};
const DELETE_ERROR: FakeError = { status: 403, code: 'forbidden', message: 'That is another teacher’s notice.' };
const LIST_ERROR: FakeError = { status: 500, code: 'internal', message: 'The notices are unavailable right now.' };

// ---- the model --------------------------------------------------------------------------------

type Config = Record<string, unknown> & {
  on?: Record<string, unknown>;
  states?: Record<string, Config>;
  invoke?:
    { id: string; onDone?: unknown; onError?: unknown } | Array<{ id: string; onDone?: unknown; onError?: unknown }>;
};

/** The machine's own config with each invocation replaced by explicit done/error transitions. */
function asModel(machine: AnyStateMachine): AnyStateMachine {
  const strip = (node: Config): Config => {
    const { invoke, states, on, ...rest } = node;
    const out: Config = { ...rest, on: { ...(on ?? {}) } };
    for (const inv of invoke ? [invoke].flat() : []) {
      if (inv.onDone) out.on![`xstate.done.actor.${inv.id}`] = inv.onDone;
      if (inv.onError) out.on![`xstate.error.actor.${inv.id}`] = inv.onError;
    }
    if (states) out.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, strip(v)]));
    return out;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return createMachine(strip(machine.config as Config) as any, machine.implementations as any);
}

type Snap = SnapshotFrom<typeof noticeEditorMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

/** Everything the user can do on the screen, with fixed values. */
const USER_EVENTS: NoticeEditorEvent[] = [
  { type: 'notice.field', field: 'headline', value: 'Exam routine' },
  { type: 'notice.field', field: 'description', value: 'Half-yearly exams start on the 20th.' },
  { type: 'notice.field', field: 'date', value: '2026-03-20' },
  { type: 'notice.field', field: 'session_id', value: '1' },
  { type: 'notice.class', class_id: 6 },
  { type: 'notice.section', section_id: 3 },
  { type: 'notice.toggleStudent', student_id: 101 },
  { type: 'notice.toggleAll' },
  { type: 'notice.submit' },
  { type: 'notice.edit', id: 5 },
  { type: 'notice.delete', id: 5 },
  { type: 'notice.delete', id: 9 },
  { type: 'notice.confirm' },
  { type: 'notice.cancel' },
  { type: 'notice.retry' },
  { type: 'notice.reset' },
  { type: 'notice.reloadList' },
];

/** User events plus every server answer we model, for this state. */
function allEvents(state: Snap): ModelEvent[] {
  const c = state.context;
  return [
    ...(USER_EVENTS as ModelEvent[]),
    { type: 'xstate.done.actor.loadLookups', output: LOOKUPS },
    { type: 'xstate.error.actor.loadLookups', error: LOOKUPS_ERROR },
    { type: 'xstate.done.actor.loadStudents', output: studentsFor(studentsQuery(c)) },
    { type: 'xstate.error.actor.loadStudents', error: STUDENTS_ERROR },
    { type: 'xstate.done.actor.loadNotice', output: NOTICE_5 },
    { type: 'xstate.error.actor.loadNotice', error: NOTICE_GONE },
    { type: 'xstate.done.actor.saveNotice', output: c.form.id === null ? CREATED : UPDATED },
    { type: 'xstate.error.actor.saveNotice', error: SAVE_ERROR },
    { type: 'xstate.done.actor.deleteNotice', output: DELETED },
    { type: 'xstate.error.actor.deleteNotice', error: DELETE_ERROR },
    { type: 'xstate.done.actor.loadList', output: LIST },
    { type: 'xstate.error.actor.loadList', error: LIST_ERROR },
  ];
}

/**
 * Only what the state accepts: ignored events would only add copies of the same state. A student
 * list answers once: `saved` keeps its state when the list arrives, so the model must not let it
 * arrive twice.
 */
function eventsFor(state: Snap): ModelEvent[] {
  return allEvents(state).filter(
    (e) =>
      state.can(e as never) &&
      !(/^xstate\.(done|error)\.actor\.loadStudents$/.test(e.type) && state.context.studentsSettled),
  );
}

/** A state, as far as it decides what can happen next. */
function abstractState(s: Snap): string {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    editing: c.form.id,
    settled: c.studentsSettled,
    students: c.students.length > 0,
    classSix: c.form.class_id === 6,
    deleting: c.pendingDelete,
  });
}

const model = asModel(noticeEditorMachine);
const testModel = createTestModel(model, { input: INPUT, serializeState: abstractState as never });
// Exactly these events: createTestModel would add a bare `{ type }` for every other event a state
// handles (e.g. the internal notice.listChanged, or guarded events with no valid payload).
testModel.options.events = eventsFor as never;

function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => (typeof v === 'string' ? `${k}.${v}` : `${k}.${stateName(v)}`))
    .join(' + ');
}

function shortEvent(e: ModelEvent): string {
  const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
  if (outcome) return `${outcome[2]}${outcome[1] === 'done' ? '✓' : `✗${(e.error as FakeError).status}`}`;
  const t = e.type.replace('notice.', '');
  if (e.type === 'notice.field') return `${t}(${String(e.field)})`;
  if (e.type === 'notice.edit' || e.type === 'notice.delete') return `${t}(${String(e.id)})`;
  return t;
}

function nameOf(path: { steps: Array<{ event: ModelEvent }>; state: Snap }): string {
  const events = path.steps
    .map((s) => s.event)
    .filter((e) => e.type !== 'xstate.init')
    .map(shortEvent);
  const c = path.state.context;
  const facts = [
    c.form.id !== null && 'editing 5',
    c.pendingDelete !== null && `delete ${c.pendingDelete}`,
    !c.studentsSettled && 'students on the way',
  ]
    .filter(Boolean)
    .join(', ');
  return `${stateName(path.state.value)}${facts ? ` (${facts})` : ''} via ${events.join(' → ') || 'start'}`;
}

// ---- the machine under test: a real actor with deferred fakes ---------------------------------

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
type ActorName = 'loadLookups' | 'loadStudents' | 'loadNotice' | 'saveNotice' | 'deleteNotice' | 'loadList';
const ACTOR_NAMES: ActorName[] = [
  'loadLookups',
  'loadStudents',
  'loadNotice',
  'saveNotice',
  'deleteNotice',
  'loadList',
];

function startEditor(input: NoticeEditorInput = INPUT) {
  const pending: Partial<Record<ActorName, Deferred>> = {};
  const calls = {
    loadLookups: [] as Array<{ schoolTypeId: number | null }>,
    loadStudents: [] as SectionStudentsQuery[],
    loadNotice: [] as Array<{ id: number }>,
    saveNotice: [] as NoticeWriteBody[],
    deleteNotice: [] as Array<{ id: number }>,
    loadList: [] as Array<{ scope: string }>,
  };
  const fake = <I, O>(name: ActorName) =>
    fromPromise<O, I>(({ input: i }) => {
      (calls[name] as unknown[]).push(i);
      return new Promise<O>((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject };
      });
    });
  const machine = noticeEditorMachine.provide({
    actors: {
      loadLookups: fake<{ schoolTypeId: number | null }, NoticeLookups>('loadLookups'),
      loadStudents: fake<SectionStudentsQuery, SectionStudentRow[]>('loadStudents'),
      loadNotice: fake<{ id: number }, SchoolNoticeRow>('loadNotice'),
      saveNotice: fake<NoticeWriteBody, NoticeWriteResponse>('saveNotice'),
      deleteNotice: fake<{ id: number }, NoticeDeleteResponse>('deleteNotice'),
      loadList: fake<{ scope: 'creator' | 'school' }, SchoolNoticeRow[]>('loadList'),
    },
  });
  const actor = createActor(machine, { input }).start();

  async function settle(name: ActorName, outcome: 'resolve' | 'reject', value: unknown) {
    const call = pending[name];
    if (!call) throw new Error(`the machine never called ${name}`);
    delete pending[name];
    call[outcome](value);
    await new Promise((r) => setTimeout(r, 0));
  }
  return { actor, calls, pending, settle };
}

type Editor = ReturnType<typeof startEditor>;

function outcomeOf(type: string): { name: ActorName; outcome: 'resolve' | 'reject' } | null {
  const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type);
  return m ? { name: m[2] as ActorName, outcome: m[1] === 'done' ? 'resolve' : 'reject' } : null;
}

/** The deterministic fakes' answers: what the server would say to this input. */
function answerOf(name: ActorName, input: unknown): unknown {
  switch (name) {
    case 'loadLookups':
      return LOOKUPS;
    case 'loadStudents':
      return studentsFor(input as SectionStudentsQuery);
    case 'loadNotice':
      return LIST.find((n) => n.id === (input as { id: number }).id);
    case 'saveNotice':
      return (input as NoticeWriteBody).id ? UPDATED : CREATED;
    case 'deleteNotice':
      return DELETED;
    case 'loadList':
      return LIST;
  }
}

/**
 * A system under test: `exec` performs a step's event (a user action, or the server answering
 * as the step says) and returns the event with the concrete answer given; `check` compares the
 * system with the state the model reached.
 */
interface Sut {
  exec(event: ModelEvent): Promise<ModelEvent>;
  check(expected: Snap): Promise<void> | void;
}

/**
 * Replays a generated path. The graph tells states apart only by their abstract facts, so the
 * expected state is computed here, step by step, from the model and the concrete answers; each
 * must still be the abstract state the path promised.
 */
async function runPath(
  steps: ReadonlyArray<{ event: EventObject; state: unknown }>,
  sut: Sut,
  serialize = abstractState,
) {
  let expected = initialTransition(model, INPUT)[0] as Snap;
  await sut.check(expected);
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue;
    const concrete = await sut.exec(step.event as ModelEvent);
    expected = getNextSnapshot(model, expected, concrete as never) as Snap;
    expect(serialize(expected)).toBe(serialize(step.state as Snap));
    await sut.check(expected);
  }
}

function sameAsModel(editor: Editor, expected: Snap) {
  const real = editor.actor.getSnapshot();
  expect(real.value).toEqual(expected.value);
  expect(real.context).toEqual(expected.context);
  // What the screen enables (state.can) is what the model allows.
  for (const event of USER_EVENTS)
    expect([event.type, real.can(event)]).toEqual([event.type, expected.can(event as never)]);
}

/** Settles the actor as the step says, with the fake's concrete answer; returns the concrete event. */
async function settleStep(editor: Editor, event: ModelEvent): Promise<ModelEvent> {
  const o = outcomeOf(event.type)!;
  const value = o.outcome === 'resolve' ? answerOf(o.name, editor.calls[o.name].at(-1)) : event.error;
  await editor.settle(o.name, o.outcome, value);
  return o.outcome === 'resolve' ? { type: event.type, output: value } : { type: event.type, error: value };
}

function machineSut(editor: Editor): Sut {
  const { calls, pending } = editor;
  const formState = (busy: boolean, check: (s: Snap) => void) => (s: Snap) => {
    expect(s.hasTag('busy')).toBe(busy);
    check(s);
  };
  const formIntact = (s: Snap) => {
    expect(s.context.form.session_id).not.toBeNull();
    if (s.context.form.class_id === 0) expect(s.context.form.section_id).toBe(0);
    // Chosen students are always among the loaded ones (unless the list failed: then they stay
    // chosen, so that an edited notice is not widened to the whole class).
    const loaded = new Set(s.context.students.map((st) => st.id));
    if (s.context.studentsSettled && !s.context.studentsError)
      expect(s.context.form.students.filter((id) => !loaded.has(id))).toEqual([]);
  };
  const checks: Record<string, (s: Snap) => void> = {
    'form.loadingLookups': formState(true, (s) => {
      expect(calls.loadLookups.at(-1)).toEqual({ schoolTypeId: 1 });
      expect(pending.loadLookups).toBeDefined();
      expect(s.context.lookupsError).toBeNull();
    }),
    'form.lookupsFailed': formState(false, (s) => {
      expect(s.context.lookupsError).toBe(LOOKUPS_ERROR.message);
      expect(s.can({ type: 'notice.retry' })).toBe(true);
      expect(s.can({ type: 'notice.submit' })).toBe(false);
    }),
    'form.editing.loadingStudents': formState(false, (s) => {
      formIntact(s);
      expect(s.context.studentsSettled).toBe(false);
      expect(calls.loadStudents.at(-1)).toEqual(studentsQuery(s.context));
      expect(pending.loadStudents).toBeDefined();
      expect(s.can({ type: 'notice.submit' })).toBe(false);
      expect(s.context.classes).toEqual(CLASSES);
    }),
    'form.editing.ready': formState(false, (s) => {
      formIntact(s);
      expect(s.context.studentsSettled).toBe(true);
      if (s.context.studentsError) {
        expect(s.context.studentsError).toBe(STUDENTS_ERROR.message);
        expect(s.context.students).toEqual([]);
      } else {
        expect(s.context.students).toEqual(studentsFor(studentsQuery(s.context)));
      }
      expect(s.can({ type: 'notice.submit' })).toBe(true);
    }),
    'form.loadingNotice': formState(true, () => {
      expect(calls.loadNotice.at(-1)).toEqual({ id: 5 });
      expect(pending.loadNotice).toBeDefined();
    }),
    'form.submitting': formState(true, (s) => {
      const sent = calls.saveNotice.at(-1);
      expect(sent).toEqual(noticeBody(s.context));
      expect(sent).toMatchObject({ school_info_id: 10, uid: 41, type: 1, id: s.context.form.id ?? '' });
      expect(s.context.error).toBeNull();
    }),
    'form.saved': formState(false, (s) => {
      // The success text is the server's, and the form is new again.
      expect([CREATED.message, UPDATED.message]).toContain(s.context.feedback?.text);
      expect(s.context.feedback?.tone).toBe('success');
      expect(s.context.form).toEqual(emptyForm(TODAY, 2));
      expect(s.context.error).toBeNull();
      expect(calls.loadList.length).toBeGreaterThanOrEqual(2);
      if (!s.context.studentsSettled)
        expect(calls.loadStudents.at(-1)).toEqual({ class_id: 0, section_id: 0, session_id: 2 });
    }),
    'form.failed': formState(false, (s) => {
      expect(s.context.error).toEqual({ message: SAVE_ERROR.message, fields: SAVE_ERROR.fields });
      expect(s.can({ type: 'notice.retry' })).toBe(true);
      expect(s.context.studentsSettled).toBe(true);
    }),
    'form.confirmingDelete': formState(false, (s) => {
      expect([5, 9]).toContain(s.context.pendingDelete);
      expect(s.can({ type: 'notice.confirm' })).toBe(true);
      expect(s.can({ type: 'notice.cancel' })).toBe(true);
    }),
    'form.deleting': formState(true, (s) => {
      expect(calls.deleteNotice.at(-1)).toEqual({ id: s.context.pendingDelete });
      expect(s.can({ type: 'notice.cancel' })).toBe(false);
    }),
    'list.loading': () => {
      expect(pending.loadList).toBeDefined();
      expect(calls.loadList.at(-1)).toEqual({ scope: 'creator' });
    },
    'list.ready': (s) => {
      expect(s.context.notices).toEqual(LIST);
      expect(s.context.listError).toBeNull();
    },
    'list.failed': (s) => {
      expect(s.context.listError).toBe(LIST_ERROR.message);
      expect(s.can({ type: 'notice.reloadList' })).toBe(true);
      expect(s.can({ type: 'notice.edit', id: 5 })).toBe(false);
    },
  };
  return {
    async exec(event) {
      if (outcomeOf(event.type)) return settleStep(editor, event);
      editor.actor.send(event as NoticeEditorEvent);
      return event;
    },
    check(expected) {
      sameAsModel(editor, expected);
      const real = editor.actor.getSnapshot();
      for (const leaf of leafNames(expected.value)) checks[leaf](real);
      // Every feedback is the server's own text.
      if (real.context.feedback) {
        expect([
          CREATED.message,
          UPDATED.message,
          DELETED.message,
          NOTICE_GONE.message,
          DELETE_ERROR.message,
        ]).toContain(real.context.feedback.text);
      }
    },
  };
}

const FORM_STATES = [
  'loadingLookups',
  'lookupsFailed',
  'editing.loadingStudents',
  'editing.ready',
  'loadingNotice',
  'submitting',
  'saved',
  'failed',
  'confirmingDelete',
  'deleting',
];
const LIST_STATES = ['loading', 'ready', 'failed'];

function leafNames(value: unknown): string[] {
  const v = value as { form: string | Record<string, string>; list: string };
  const form = typeof v.form === 'string' ? v.form : Object.entries(v.form).map(([k, w]) => `${k}.${w}`)[0];
  return [`form.${form}`, `list.${v.list}`];
}

const shortestPaths = testModel.getShortestPaths();

describe('notice editor: the shortest path to every state', () => {
  it('visits every state of both regions', () => {
    const reached = new Set(
      shortestPaths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).flatMap((s) => leafNames(s.value)),
    );
    expect([...reached].sort()).toEqual(
      [...FORM_STATES.map((s) => `form.${s}`), ...LIST_STATES.map((s) => `list.${s}`)].sort(),
    );
  });

  for (const path of shortestPaths) {
    it(nameOf(path as never), async () => {
      const editor = startEditor();
      await runPath(path.steps, machineSut(editor));
      editor.actor.stop();
    });
  }
});

describe('notice editor: every transition out of every state', () => {
  const adjacency = testModel.getAdjacencyMap() as unknown as Record<
    string,
    { state: Snap; transitions: Record<string, { event: ModelEvent; state: Snap }> }
  >;
  const byState = new Map(shortestPaths.map((p) => [abstractState(p.state as Snap), p]));
  // Every state also reached as an intermediate step of a longer shortest path.
  for (const p of shortestPaths) {
    p.steps.forEach((step, i) => {
      const key = abstractState(step.state as Snap);
      if (!byState.has(key)) byState.set(key, { ...p, state: step.state, steps: p.steps.slice(0, i + 1) });
    });
  }

  it('knows a path to every state the traversal found', () => {
    expect([...byState.keys()].sort()).toEqual(Object.keys(adjacency).sort());
  });

  const outcomes = new Set<string>();
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    const base = byState.get(key);
    if (!base) continue;
    for (const t of Object.values(transitions)) outcomes.add(t.event.type);
    it(`from ${nameOf(base as never)}: ${
      Object.values(transitions)
        .map((t) => shortEvent(t.event))
        .join(', ') || 'nothing'
    }`, async () => {
      for (const t of Object.values(transitions)) {
        const editor = startEditor();
        await runPath([...base.steps, { event: t.event, state: t.state }], machineSut(editor));
        editor.actor.stop();
      }
    });
  }

  it('exercises every kind of event, and each actor’s success and failure', () => {
    expect([...outcomes].sort()).toEqual(
      [
        ...new Set(USER_EVENTS.map((e) => e.type)),
        ...ACTOR_NAMES.flatMap((n) => [`xstate.done.actor.${n}`, `xstate.error.actor.${n}`]),
      ].sort(),
    );
  });
});

// ---- ordinary examples --------------------------------------------------------------------------

describe('notice editor examples', () => {
  async function ready(editor = startEditor()) {
    await editor.settle('loadLookups', 'resolve', LOOKUPS);
    await editor.settle('loadList', 'resolve', LIST);
    await editor.settle('loadStudents', 'resolve', studentsFor({ class_id: 0, section_id: 0 }));
    return editor;
  }

  it('starts with today and the current session, class and section ALL and every student listed', async () => {
    const editor = await ready();
    const s = editor.actor.getSnapshot();
    expect(s.context.form).toEqual({
      id: null,
      headline: '',
      description: '',
      session_id: 2,
      class_id: 0,
      section_id: 0,
      date: TODAY,
      students: [],
    });
    expect(editor.calls.loadStudents).toEqual([{ class_id: 0, section_id: 0, session_id: 2 }]);
    expect(s.context.students.map((st) => st.id)).toEqual([101, 102, 103, 104]);
  });

  it('select-all chooses every listed student, a second press none; single toggles keep list order', async () => {
    const editor = await ready();
    const { actor } = editor;
    actor.send({ type: 'notice.toggleAll' });
    expect(actor.getSnapshot().context.form.students).toEqual([101, 102, 103, 104]);
    actor.send({ type: 'notice.toggleStudent', student_id: 102 });
    expect(actor.getSnapshot().context.form.students).toEqual([101, 103, 104]);
    actor.send({ type: 'notice.toggleAll' });
    expect(actor.getSnapshot().context.form.students).toEqual([101, 102, 103, 104]);
    actor.send({ type: 'notice.toggleAll' });
    expect(actor.getSnapshot().context.form.students).toEqual([]);
    actor.send({ type: 'notice.toggleStudent', student_id: 104 });
    actor.send({ type: 'notice.toggleStudent', student_id: 101 });
    expect(actor.getSnapshot().context.form.students).toEqual([101, 104]);
    // A student who is not listed cannot be chosen.
    expect(actor.getSnapshot().can({ type: 'notice.toggleStudent', student_id: 999 })).toBe(false);
  });

  it('a class change clears the chosen students and the section, and reloads the list; a section must be of the class', async () => {
    const editor = await ready();
    const { actor } = editor;
    actor.send({ type: 'notice.toggleAll' });
    expect(actor.getSnapshot().can({ type: 'notice.section', section_id: 3 })).toBe(false);
    actor.send({ type: 'notice.class', class_id: 6 });
    expect(actor.getSnapshot().context.form).toMatchObject({ class_id: 6, section_id: 0, students: [] });
    expect(actor.getSnapshot().matches({ form: { editing: 'loadingStudents' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'notice.section', section_id: 5 })).toBe(false);
    actor.send({ type: 'notice.section', section_id: 3 });
    expect(editor.calls.loadStudents.at(-1)).toEqual({ class_id: 6, section_id: 3, session_id: 2 });
    await editor.settle('loadStudents', 'resolve', studentsFor({ class_id: 6, section_id: 3 }));
    expect(actor.getSnapshot().context.students.map((s) => s.id)).toEqual([101, 102]);
  });

  it('a late student list for an old choice is ignored', async () => {
    const editor = await ready();
    const { actor } = editor;
    actor.send({ type: 'notice.class', class_id: 6 });
    const first = editor.pending.loadStudents!;
    actor.send({ type: 'notice.class', class_id: 7 });
    first.resolve(studentsFor({ class_id: 6, section_id: 0 }));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ form: { editing: 'loadingStudents' } })).toBe(true);
    await editor.settle('loadStudents', 'resolve', studentsFor({ class_id: 7, section_id: 0 }));
    expect(actor.getSnapshot().context.students.map((s) => s.id)).toEqual([104]);
  });

  it('edit fills the form (recipients kept once their list loads) and submit sends the id', async () => {
    const editor = await ready();
    const { actor } = editor;
    actor.send({ type: 'notice.edit', id: 5 });
    await editor.settle('loadNotice', 'resolve', NOTICE_5);
    expect(actor.getSnapshot().context.form).toEqual({
      id: 5,
      headline: 'Sports day',
      description: 'Bring your kit on Thursday.',
      session_id: 2,
      class_id: 6,
      section_id: 3,
      date: '2026-03-01',
      students: [101],
    });
    await editor.settle('loadStudents', 'resolve', studentsFor({ class_id: 6, section_id: 3 }));
    expect(actor.getSnapshot().context.form.students).toEqual([101]);
    actor.send({ type: 'notice.field', field: 'headline', value: 'Sports day moved' });
    actor.send({ type: 'notice.submit' });
    expect(editor.calls.saveNotice.at(-1)).toEqual({
      id: 5,
      school_info_id: 10,
      class_id: 6,
      section_id: 3,
      students: [101],
      session_id: 2,
      headline: 'Sports day moved',
      description: 'Bring your kit on Thursday.',
      date: '2026-03-01',
      uid: 41,
      type: 1,
    });
    await editor.settle('saveNotice', 'resolve', UPDATED);
    const s = editor.actor.getSnapshot();
    expect(s.matches({ form: 'saved', list: 'loading' })).toBe(true);
    expect(s.context.feedback).toEqual({ tone: 'success', text: 'Note updated successfully!', seq: 1 });
    expect(s.context.form.id).toBeNull();
  });

  it('no success message before the server answers; a failure keeps the form and retry sends it again', async () => {
    const editor = await ready();
    const { actor } = editor;
    actor.send({ type: 'notice.field', field: 'description', value: 'No headline' });
    actor.send({ type: 'notice.submit' });
    expect(actor.getSnapshot().context.feedback).toBeNull();
    await editor.settle('saveNotice', 'reject', SAVE_ERROR);
    let s = actor.getSnapshot();
    expect(s.matches({ form: 'failed' })).toBe(true);
    expect(s.context.feedback).toBeNull();
    expect(s.context.form.description).toBe('No headline');
    actor.send({ type: 'notice.retry' });
    expect(editor.calls.saveNotice).toHaveLength(2);
    expect(editor.calls.saveNotice[1]).toEqual(editor.calls.saveNotice[0]);
    await editor.settle('saveNotice', 'resolve', CREATED);
    s = actor.getSnapshot();
    expect(s.context.feedback?.text).toBe('new note added successfully!');
  });

  it('deleting the notice in the form starts a new one; deleting another keeps the form', async () => {
    const editor = await ready();
    const { actor } = editor;
    actor.send({ type: 'notice.edit', id: 5 });
    await editor.settle('loadNotice', 'resolve', NOTICE_5);
    await editor.settle('loadStudents', 'resolve', studentsFor({ class_id: 6, section_id: 3 }));

    actor.send({ type: 'notice.delete', id: 9 });
    actor.send({ type: 'notice.confirm' });
    expect(editor.calls.deleteNotice.at(-1)).toEqual({ id: 9 });
    await editor.settle('deleteNotice', 'resolve', DELETED);
    expect(actor.getSnapshot().context.form.id).toBe(5);
    expect(actor.getSnapshot().matches({ form: { editing: 'ready' }, list: 'loading' })).toBe(true);
    await editor.settle('loadList', 'resolve', [NOTICE_5]);

    actor.send({ type: 'notice.delete', id: 5 });
    actor.send({ type: 'notice.confirm' });
    await editor.settle('deleteNotice', 'resolve', DELETED);
    const s = actor.getSnapshot();
    expect(s.context.form).toEqual(emptyForm(TODAY, 2));
    expect(s.context.feedback).toEqual({ tone: 'success', text: "Note's deleted successfully", seq: 2 });
    expect(s.matches({ form: { editing: 'loadingStudents' } })).toBe(true);
  });

  it('recipients a reloaded list no longer has are unticked and reported, not dropped silently', async () => {
    const moved = notice({ students: [101, 103], notice_users: '101,103' });
    const editor = startEditor();
    await editor.settle('loadLookups', 'resolve', LOOKUPS);
    await editor.settle('loadList', 'resolve', [moved, NOTICE_9]);
    await editor.settle('loadStudents', 'resolve', studentsFor({ class_id: 0, section_id: 0 }));
    const { actor } = editor;
    actor.send({ type: 'notice.edit', id: 5 });
    await editor.settle('loadNotice', 'resolve', moved);
    expect(actor.getSnapshot().context.droppedStudents).toEqual([]);
    await editor.settle('loadStudents', 'resolve', studentsFor({ class_id: 6, section_id: 3 }));
    let c = actor.getSnapshot().context;
    expect(c.form.students).toEqual([101]);
    expect(c.droppedStudents).toEqual([103]);
    // Another session's list: still reported (once each), until a new audience is chosen.
    actor.send({ type: 'notice.field', field: 'session_id', value: '1' });
    await editor.settle('loadStudents', 'resolve', []);
    c = actor.getSnapshot().context;
    expect(c.form.students).toEqual([]);
    expect(c.droppedStudents).toEqual([103, 101]);
    actor.send({ type: 'notice.section', section_id: 4 });
    expect(actor.getSnapshot().context.droppedStudents).toEqual([]);
    actor.send({ type: 'notice.reset' });
    expect(actor.getSnapshot().context.droppedStudents).toEqual([]);
  });

  it('a student list that fails keeps the chosen students (the notice is not widened)', async () => {
    const editor = await ready();
    const { actor } = editor;
    actor.send({ type: 'notice.edit', id: 5 });
    await editor.settle('loadNotice', 'resolve', NOTICE_5);
    await editor.settle('loadStudents', 'reject', STUDENTS_ERROR);
    expect(actor.getSnapshot().context.form.students).toEqual([101]);
    actor.send({ type: 'notice.submit' });
    expect(editor.calls.saveNotice.at(-1)).toMatchObject({ id: 5, students: [101] });
  });

  it('Edit and Delete only act on notices of the loaded list', async () => {
    const editor = startEditor();
    await editor.settle('loadLookups', 'resolve', LOOKUPS);
    expect(editor.actor.getSnapshot().can({ type: 'notice.edit', id: 5 })).toBe(false);
    await editor.settle('loadList', 'resolve', LIST);
    expect(editor.actor.getSnapshot().can({ type: 'notice.edit', id: 5 })).toBe(true);
    expect(editor.actor.getSnapshot().can({ type: 'notice.delete', id: 77 })).toBe(false);
  });

  it('a school admin’s editor lists the school’s notices and sends type 2', async () => {
    const editor = await ready(startEditor({ ...INPUT, scope: 'school', type: 2, uid: 5 }));
    expect(editor.calls.loadList).toEqual([{ scope: 'school' }]);
    editor.actor.send({ type: 'notice.submit' });
    expect(editor.calls.saveNotice.at(-1)).toMatchObject({ type: 2, uid: 5, id: '' });
  });
});

// ---- the machine's transitions, and paths through the screen that take each of them --------------

/**
 * A transition of the machine as the config declares it: its state node, its event and, for a
 * guarded choice, which branch. `#1`, `#2`… number the branches in the order they are tried.
 */
function transitionKey(t: AnyTransitionDefinition): string {
  const branches = t.source.transitions.get(t.eventType) ?? [];
  const branch = branches.length > 1 ? ` #${branches.indexOf(t) + 1}` : '';
  return `${t.source.id.replace(/^noticeEditor\./, '')}: ${t.eventType}${branch}`;
}

/** Every transition the machine declares (the model has the same ones, invocations included). */
function allTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const branches of node.transitions.values()) for (const t of branches) keys.push(transitionKey(t));
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return keys.sort();
}

const raisesListChanged = (t: AnyTransitionDefinition) =>
  t.actions.some((a) => a === 'listChanged' || (a as { type?: unknown } | null)?.type === 'listChanged');

/** The transitions a step takes: the event's, and the list's answer to a raised notice.listChanged. */
function transitionsTaken(state: Snap, event: ModelEvent): string[] {
  const taken = model.getTransitionData(state as never, event as never);
  const raised = taken.some(raisesListChanged)
    ? model.getTransitionData(state as never, { type: 'notice.listChanged' } as never)
    : [];
  return [...taken, ...raised].map(transitionKey);
}

/**
 * What the user can do on the screen: the model's events as its controls send them. A select
 * sends a change only when its value changes, so choosing the chosen class or section again is
 * no event; the session is switched to the other one.
 */
function screenEventsFor(state: Snap): ModelEvent[] {
  const f = state.context.form;
  return eventsFor(state).flatMap((e): ModelEvent[] => {
    if (e.type === 'notice.class' && e.class_id === f.class_id) return [];
    if (e.type === 'notice.section' && e.section_id === f.section_id) return [];
    if (e.type === 'notice.field' && e.field === 'session_id') return [{ ...e, value: f.session_id === 1 ? '2' : '1' }];
    return [e];
  });
}

/** The abstract state, plus what decides which of the screen's controls can send a change. */
function screenState(s: Snap): string {
  return `${abstractState(s)}|section ${s.context.form.section_id}`;
}

interface PlannedStep {
  event: ModelEvent;
  state: Snap;
  taken: string[];
}

/**
 * The shortest way from `from` to a step that takes a transition not yet covered (breadth-first
 * over screen states), or null if there is none within `budget` steps.
 */
function nearestUncovered(from: Snap, covered: ReadonlySet<string>, budget: number): PlannedStep[] | null {
  const seen = new Set([screenState(from)]);
  let frontier: Array<{ state: Snap; steps: PlannedStep[] }> = [{ state: from, steps: [] }];
  for (let depth = 0; depth < budget && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const { state, steps } of frontier) {
      for (const event of screenEventsFor(state)) {
        const taken = transitionsTaken(state, event);
        const after = getNextSnapshot(model, state as never, event as never) as Snap;
        const path = [...steps, { event, state: after, taken }];
        if (taken.some((k) => !covered.has(k))) return path;
        const key = screenState(after);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push({ state: after, steps: path });
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * Paths from the start that together take every transition of the machine: each path keeps
 * going to the nearest transition not yet taken (greedy), up to `maxSteps`; a new path starts
 * when none is in reach (e.g. the lookups' failure, which only the start offers).
 */
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

// ---- the same paths against the screen -----------------------------------------------------------

type Endpoint = 'class' | 'section' | 'session' | 'students' | 'edit' | 'save' | 'delete' | 'list';
const ENDPOINTS: Record<ActorName, Endpoint[]> = {
  loadLookups: ['class', 'section', 'session'],
  loadStudents: ['students'],
  loadNotice: ['edit'],
  saveNotice: ['save'],
  deleteNotice: ['delete'],
  loadList: ['list'],
};

function errorResponse(e: FakeError) {
  return HttpResponse.json({ error: { code: e.code, message: e.message, fields: e.fields } }, { status: e.status });
}

/** The notice API whose every request waits until the test answers it. */
function heldNoticeApi() {
  const seen = Object.fromEntries(
    Object.values(ENDPOINTS)
      .flat()
      .map((e) => [e, 0]),
  ) as Record<Endpoint, number>;
  const waiting = Object.fromEntries(
    Object.values(ENDPOINTS)
      .flat()
      .map((e) => [e, []]),
  ) as unknown as Record<Endpoint, Array<(r: Response) => void>>;
  const hold = (endpoint: Endpoint) =>
    new Promise<Response>((resolve) => {
      seen[endpoint] += 1;
      waiting[endpoint].push(resolve);
    });
  server.use(
    http.get('/api/class', () => hold('class')),
    http.get('/api/section/all', () => hold('section')),
    http.get('/api/session', () => hold('session')),
    http.get('/api/student/section', () => hold('students')),
    http.get('/api/notice/edit', () => hold('edit')),
    http.post('/api/notice', () => hold('save')),
    http.post('/api/notice/delete', () => hold('delete')),
    http.get('/api/notice/creator', () => hold('list')),
  );
  return {
    seen,
    /** Answers every waiting request of the endpoint, once at least `atLeast` have arrived. */
    async answer(endpoint: Endpoint, atLeast: number, response: () => Response) {
      await waitFor(() => expect(seen[endpoint]).toBeGreaterThanOrEqual(atLeast));
      for (const resolve of waiting[endpoint].splice(0)) resolve(response());
    },
  };
}

function responseFor(name: ActorName, endpoint: Endpoint, event: ModelEvent): Response {
  if (event.type.startsWith('xstate.error.')) {
    // A failed lookup: the sessions call fails, the other two answer.
    if (name === 'loadLookups' && endpoint !== 'session')
      return HttpResponse.json(endpoint === 'class' ? CLASSES : SECTIONS);
    return errorResponse(event.error as FakeError);
  }
  if (name === 'loadLookups')
    return HttpResponse.json(endpoint === 'class' ? CLASSES : endpoint === 'section' ? SECTIONS : SESSIONS);
  // GET /api/notice/edit answers a list (as the old API did).
  if (name === 'loadNotice') return HttpResponse.json([event.output] as never);
  return HttpResponse.json(event.output as never);
}

const card = () => screen.getByRole('region', { name: "Create Note's" });
const formEl = () => within(card()).getByRole('form', { name: "Create Note's" });
const control = (label: string) =>
  within(formEl()).getByLabelText(label) as HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement;
// hidden: the delete dialog makes the page behind it aria-hidden, and the list is still checked.
const listCard = () => screen.getByRole('region', { name: 'My notices', hidden: true });
const H = { hidden: true } as const;
const submitButton = () => within(formEl()).getByRole('button', { name: /^(Submit|Update|Saving…|Try again)$/ });

function screenSut(
  ui: ReturnType<typeof renderApp>,
  api: ReturnType<typeof heldNoticeApi>,
  shadow: Editor,
  offsets: Record<Endpoint, number>,
): Sut {
  const { user } = ui;
  let typed = 0;
  /**
   * The event as the screen sends it: what one keystroke or one picked date makes of the field
   * (always a change, so the screen always sends it), or the model's event as it is.
   */
  const concreteOf = (event: NoticeEditorEvent): NoticeEditorEvent => {
    if (event.type !== 'notice.field' || event.field === 'session_id') return event;
    const form = shadow.actor.getSnapshot().context.form;
    if (event.field === 'date') return { ...event, value: `2026-04-${String((typed++ % 28) + 1).padStart(2, '0')}` };
    return { ...event, value: `${form[event.field]}x` };
  };

  const userAction = async (event: NoticeEditorEvent) => {
    switch (event.type) {
      case 'notice.field':
        if (event.field === 'session_id') await user.selectOptions(control('Academic Session'), event.value);
        else if (event.field === 'date')
          fireEvent.change(control('Publishing date'), { target: { value: event.value } });
        else await user.type(control(event.field === 'headline' ? 'Headline' : 'Description'), 'x');
        return;
      case 'notice.class':
        await user.selectOptions(control('Class'), String(event.class_id));
        return;
      case 'notice.section':
        await user.selectOptions(control('Section'), String(event.section_id));
        return;
      case 'notice.toggleStudent':
        await user.click(within(formEl()).getByRole('checkbox', { name: /Arif Hossain/ }));
        return;
      case 'notice.toggleAll':
        await user.click(within(formEl()).getByRole('checkbox', { name: /Select all/ }));
        return;
      case 'notice.submit':
        await user.click(submitButton());
        return;
      case 'notice.retry':
        if (within(card()).queryByRole('form')) await user.click(submitButton());
        else await user.click(within(card()).getByRole('button', { name: 'Try again' }));
        return;
      case 'notice.edit':
        await user.click(screen.getByRole('button', { name: 'Edit Sports day' }));
        return;
      case 'notice.delete':
        await user.click(screen.getByRole('button', { name: event.id === 5 ? 'Delete Sports day' : 'Delete Holiday' }));
        return;
      case 'notice.confirm':
        await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
        return;
      case 'notice.cancel':
        await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
        return;
      case 'notice.reset': {
        // A notice in the form: 'Cancel edit'. Otherwise collapse the card (which clears it), then
        // open it again for the rest of the path.
        const cancelEdit = within(formEl()).queryByRole('button', { name: 'Cancel edit' });
        if (cancelEdit) {
          await user.click(cancelEdit);
          return;
        }
        const toggle = screen.getByRole('button', { name: /Create Note's/ });
        await user.click(toggle);
        expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await user.click(toggle);
        return;
      }
      case 'notice.reloadList':
        await user.click(within(listCard()).getByRole('button', { name: 'Try again' }));
        return;
      default:
        throw new Error(`no control for ${event.type}`);
    }
  };

  const exec = async (event: ModelEvent): Promise<ModelEvent> => {
    const o = outcomeOf(event.type);
    if (!o) {
      const concrete = concreteOf(event as NoticeEditorEvent);
      shadow.actor.send(concrete);
      await userAction(concrete);
      return concrete as ModelEvent;
    }
    // The shadow says how many requests the screen must have made by now, and what they asked.
    const invocations = shadow.calls[o.name].length;
    const concrete = await settleStep(shadow, event);
    for (const endpoint of ENDPOINTS[o.name]) {
      await api.answer(endpoint, offsets[endpoint] + invocations, () => responseFor(o.name, endpoint, concrete));
    }
    return concrete;
  };

  const formMatches = (c: NoticeEditorContext) => {
    expect(control('Headline').value).toBe(c.form.headline);
    expect(control('Description').value).toBe(c.form.description);
    expect(control('Publishing date').value).toBe(c.form.date);
    expect(control('Academic Session').value).toBe(String(c.form.session_id ?? ''));
    expect(control('Class').value).toBe(String(c.form.class_id));
    expect(control('Section').value).toBe(String(c.form.section_id));
  };
  const alertsSay = (text: string) =>
    expect(
      within(formEl())
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toContainEqual(expect.stringContaining(text));
  const studentsMatch = (c: NoticeEditorContext) => {
    const picker = within(formEl()).getByRole('group', { name: 'Students' });
    expect(picker).toHaveTextContent(
      c.form.students.length ? `${c.form.students.length} chosen: only they receive the notice.` : 'No student chosen',
    );
    if (c.droppedStudents.length)
      expect(picker).toHaveTextContent(droppedMessage(c.droppedStudents.length, c.form.id !== null));
    else expect(picker).not.toHaveTextContent(/will be removed on save|were unticked|was unticked/);
    if (c.studentsError) {
      alertsSay(c.studentsError);
      return;
    }
    const boxes = within(formEl()).getAllByRole('checkbox');
    expect(boxes).toHaveLength(c.students.length + 1);
    const checked = boxes
      .slice(1)
      .filter((b) => (b as HTMLInputElement).checked)
      .map((b) => b.closest('label')?.textContent ?? '');
    expect(checked).toEqual(
      c.students.filter((s) => c.form.students.includes(s.id)).map((s) => expect.stringContaining(s.full_name)),
    );
  };
  const toastShows = (c: NoticeEditorContext) => {
    if (c.feedback) expect(screen.getByText(c.feedback.text)).toBeInTheDocument();
  };
  const eventually = (check: (c: NoticeEditorContext) => void) => (expected: Snap) =>
    waitFor(() => check(expected.context), { timeout: 3000 });

  const checks: Record<string, (expected: Snap) => Promise<void>> = {
    'form.loadingLookups': eventually(() => {
      expect(within(card()).getByRole('status')).toHaveTextContent('Loading the form…');
    }),
    'form.lookupsFailed': eventually(() => {
      expect(within(card()).getByRole('alert')).toHaveTextContent(LOOKUPS_ERROR.message);
      expect(within(card()).getByRole('button', { name: 'Try again' })).toBeEnabled();
    }),
    'form.editing.loadingStudents': eventually((c) => {
      formMatches(c);
      expect(within(formEl()).getByText('Loading students…')).toBeInTheDocument();
      expect(submitButton()).toBeDisabled();
      toastShows(c);
    }),
    'form.editing.ready': eventually((c) => {
      formMatches(c);
      studentsMatch(c);
      expect(submitButton()).toBeEnabled();
      expect(submitButton()).toHaveTextContent(c.form.id === null ? 'Submit' : 'Update');
      if (c.error) alertsSay(c.error.message);
      toastShows(c);
    }),
    'form.loadingNotice': eventually(() => {
      expect(within(formEl()).getByText('Loading the notice…')).toBeInTheDocument();
      expect(submitButton()).toBeDisabled();
    }),
    'form.submitting': eventually(() => {
      expect(submitButton()).toHaveTextContent('Saving…');
      expect(submitButton()).toBeDisabled();
    }),
    'form.saved': eventually((c) => {
      formMatches(c);
      expect(screen.getByText(c.feedback!.text)).toBeInTheDocument();
      if (c.studentsSettled) studentsMatch(c);
      else expect(within(formEl()).getByText('Loading students…')).toBeInTheDocument();
    }),
    'form.failed': eventually((c) => {
      formMatches(c);
      alertsSay(SAVE_ERROR.message);
      expect(control('Headline')).toHaveAttribute('aria-invalid', 'true');
      expect(submitButton()).toHaveTextContent('Try again');
      expect(submitButton()).toBeEnabled();
    }),
    'form.confirmingDelete': eventually(() => {
      const dialog = screen.getByRole('dialog');
      expect(dialog).toHaveTextContent('Are you sure to delete?');
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    }),
    'form.deleting': eventually(() => {
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    }),
    'list.loading': eventually((c) => {
      expect(within(listCard()).getByRole('status', H)).toHaveTextContent(
        c.notices.length ? 'Refreshing notices…' : 'Loading notices…',
      );
    }),
    'list.ready': eventually(() => {
      const rows = within(within(listCard()).getByRole('table', H)).getAllByRole('row', H).slice(1);
      expect(rows.map((r) => within(r).getAllByRole('cell', H)[1].textContent)).toEqual(['Sports day', 'Holiday']);
      expect(rows[0]).toHaveTextContent('read by 0 of 1');
      expect(within(listCard()).queryByRole('status', H)).not.toBeInTheDocument();
    }),
    'list.failed': eventually(() => {
      expect(within(listCard()).getByRole('alert', H)).toHaveTextContent(LIST_ERROR.message);
    }),
  };
  return {
    exec,
    async check(expected) {
      sameAsModel(shadow, expected);
      for (const leaf of leafNames(expected.value)) await checks[leaf](expected);
    },
  };
}

describe('notice editor against the screen (/teachernotice, msw): paths that take every transition', () => {
  // Each path is replayed as a user would: typing, choosing class, section and session, ticking
  // students and select-all, collapsing the card or 'Cancel edit', Try again, Cancel and Delete in
  // the dialog; and the server answering each request as the path says.
  const { paths, covered } = planTransitionCover(30);

  it('the paths take every transition of the machine, each branch of a guarded choice included', () => {
    const everyTransition = allTransitions(noticeEditorMachine);
    expect(allTransitions(model)).toEqual(everyTransition);
    expect(everyTransition.filter((k) => !covered.has(k))).toEqual([]);
    expect([...covered].sort()).toEqual(everyTransition);
  });

  it('they also visit every state of both regions', () => {
    const reached = new Set(paths.flat().flatMap((s) => leafNames(s.state.value)));
    expect(reached.size).toBe(FORM_STATES.length + LIST_STATES.length);
  });

  paths.forEach((steps, n) => {
    const events = steps.map((s) => shortEvent(s.event));
    it(`path ${n + 1} (${steps.length} steps): ${events.join(' → ')}`, async () => {
      fakeAuthServer(TEACHER).savedSignIn();
      const api = heldNoticeApi();
      const ui = renderApp('/teachernotice');
      await screen.findByRole('region', { name: "Create Note's" });
      // The screen's first requests (StrictMode may start the editor twice): count them once.
      await waitFor(() => expect(api.seen.list).toBeGreaterThan(0));
      await waitFor(() => expect(api.seen.session).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 30));
      const offsets = Object.fromEntries(
        (Object.keys(api.seen) as Endpoint[]).map((e) => [
          e,
          ['class', 'section', 'session', 'list'].includes(e) ? api.seen[e] - 1 : 0,
        ]),
      ) as Record<Endpoint, number>;
      const shadow = startEditor();
      await runPath(steps, screenSut(ui, api, shadow, offsets), screenState);
      shadow.actor.stop();
    }, 45_000);
  });
});
