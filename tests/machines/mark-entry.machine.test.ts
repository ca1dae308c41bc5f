/**
 * Model-based tests for the mark entry machine. The model (tests/helpers/as-model.ts) is the
 * machine's own config with each invocation's outcomes (xstate.done.actor.* / xstate.error.actor.*)
 * turned into explicit events. Every generated path is replayed against a real actor whose actors
 * are deferred fakes; each state on the way is checked against literal expectations (what the
 * screen shows from it, which calls went out, and with what), never against the model. Which marks
 * a save must send is worked out here from a literal table of the texts typed, not with the
 * machine's own helpers.
 *
 * Two students (one with no mark, one with 12 of 20) and a small alphabet of texts keep the number
 * of paths bounded; the traversal tells states apart by their shape (counts, flags, the mark
 * values), and every state and every transition of the machine is still taken.
 */
import { createTestModel } from '@xstate/graph';
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import type { ExamMarkSaved, MarkValue } from '@/api/schemas/exams';
import { asModel } from '../helpers/as-model';
import {
  hasUnsavedMarks,
  markEntryMachine,
  type MarkEntryContext,
  type MarkEntryEvent,
} from '@/machines/mark-entry.machine';
import {
  LOCKED,
  LOCKED_SHEET,
  NOT_YOURS,
  OFFLINE,
  QUERY,
  REFUSED,
  ROWS,
  SHEET,
  startMarkEntry,
  stateName,
  type ActorName,
  type Run,
} from './mark-entry-fixtures';

// ---- fixtures ---------------------------------------------------------------------------------
/** What each typed text means, written out: the test's own truth, not the machine's parser. */
const MEANS: Record<string, MarkValue | 'invalid'> = { '': null, '15': 15, '25': 'invalid', '12': 12, '0': 0 };
/** The text a saved mark shows in its field. */
const TEXT_OF = (v: MarkValue) => (v === null ? '' : v === 'absent' ? 'AB' : String(v));

/** What the server answers a save: the sent marks applied to the sheet. */
function savedFor(ctx: MarkEntryContext): ExamMarkSaved {
  const sent = ctx.sent ?? [];
  const rows = (ctx.sheet?.rows ?? ROWS).map((r) => {
    const change = sent.find((c) => c.student_id === r.student_id);
    if (!change) return r;
    const v = change.mark_obtained;
    return { ...r, marks_obtained: v, mark_id: v === null ? null : 900 + r.student_id };
  });
  return {
    ok: true,
    message: `${sent.length} students Mark entry successful!!`,
    code: 'exams.marks_saved',
    count: sent.length,
    rows,
  };
}

// ---- the model --------------------------------------------------------------------------------

type Snap = SnapshotFrom<typeof markEntryMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

const USER_EVENTS: MarkEntryEvent[] = [
  { type: 'marks.search', query: QUERY },
  { type: 'marks.clear' },
  { type: 'marks.type', studentId: 1, text: '15' },
  { type: 'marks.type', studentId: 1, text: '25' },
  { type: 'marks.type', studentId: 2, text: '' },
  { type: 'marks.type', studentId: 999, text: '1' },
  { type: 'marks.next' },
  { type: 'marks.prev' },
  { type: 'marks.undo' },
  { type: 'marks.review' },
  { type: 'marks.confirm' },
  { type: 'marks.cancel' },
  { type: 'marks.retry' },
  { type: 'marks.back' },
  { type: 'marks.edit' },
];

function eventsFor(state: Snap): ModelEvent[] {
  return [
    ...(USER_EVENTS as ModelEvent[]),
    { type: 'xstate.done.actor.loadSheet', output: SHEET },
    { type: 'xstate.done.actor.loadSheet', output: LOCKED_SHEET },
    { type: 'xstate.error.actor.loadSheet', error: NOT_YOURS },
    { type: 'xstate.done.actor.saveMarks', output: savedFor(state.context) },
    { type: 'xstate.error.actor.saveMarks', error: OFFLINE },
    { type: 'xstate.error.actor.saveMarks', error: REFUSED },
    { type: 'xstate.error.actor.saveMarks', error: LOCKED },
  ];
}

/** A state as the traversal tells it apart: its value and the shape of its context. */
function shape(s: Snap): string {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.sheet ? [c.sheet.locked, c.sheet.rows.map((r) => r.marks_obtained)] : null,
    c.sheet ? c.sheet.rows.map((r) => c.drafts[r.student_id]) : null,
    c.cursor,
    c.showProblems,
    c.resumeAt,
    Object.keys(c.serverErrors),
    c.sent?.length ?? null,
    c.result?.count ?? null,
    c.errorCode,
  ]);
}

function serializeState(state: Snap, event: ModelEvent | undefined, prev?: Snap): string {
  const moved = event && prev && stateName(prev.value) !== stateName(state.value);
  return shape(state) + (moved ? ` via ${event.type} from ${stateName(prev.value)}` : '');
}

function replay(run: Run) {
  const { actor, calls, pending, settle } = run;
  const real = () => actor.getSnapshot();
  let lastEvent = 'xstate.init';
  let savesSeen = 0;
  // How many saves had gone out when the review opened: nothing leaves before "Save".
  let savesAtReview = 0;
  const notInvalidated = () => expect(calls.savedChanges).toBe(savesSeen);
  const isIn = (state: string) => expect(real().matches(state as never), `in ${state}`).toBe(true);
  const notBusy = () => expect(real().hasTag('busy')).toBe(false);
  const send = ({ event }: { event: ModelEvent }) => {
    lastEvent = event.type;
    actor.send(event as MarkEntryEvent);
  };
  const outcome =
    (name: ActorName, kind: 'resolve' | 'reject') =>
    async ({ event }: { event: ModelEvent }) => {
      lastEvent = event.type;
      await settle(name, kind, kind === 'resolve' ? event.output : event.error);
    };
  /** The changes a save must carry, from the literal table: each student whose typed text means another mark. */
  const expectedChanges = () => {
    const c = real().context;
    return c
      .sheet!.rows.filter((r) => MEANS[c.drafts[r.student_id]] !== r.marks_obtained)
      .map((r) => ({ student_id: r.student_id, mark_obtained: MEANS[c.drafts[r.student_id]] }));
  };
  const invalidCount = () => {
    const c = real().context;
    return c.sheet!.rows.filter((r) => MEANS[c.drafts[r.student_id]] === 'invalid').length;
  };
  const cannotWrite = () => {
    expect(real().can({ type: 'marks.type', studentId: 1, text: '1' })).toBe(false);
    expect(real().can({ type: 'marks.review' })).toBe(false);
    expect(real().can({ type: 'marks.confirm' })).toBe(false);
  };
  return {
    events: {
      ...Object.fromEntries(USER_EVENTS.map((e) => [e.type, send])),
      // Moves the keyboard like marks.next (left to the named variants, to keep the paths few).
      'marks.focus': send,
      // Enter: the traversal takes it as the machine offers it (its own event descriptor).
      'marks.enter': send,
      'xstate.done.actor.loadSheet': outcome('loadSheet', 'resolve'),
      'xstate.error.actor.loadSheet': outcome('loadSheet', 'reject'),
      'xstate.done.actor.saveMarks': outcome('saveMarks', 'resolve'),
      'xstate.error.actor.saveMarks': outcome('saveMarks', 'reject'),
    },
    states: {
      filtering: () => {
        isIn('filtering');
        notBusy();
        const c = real().context;
        expect(c.sheet).toBeNull();
        expect(c.result).toBeNull();
        expect(hasUnsavedMarks(real())).toBe(false);
        expect(real().can({ type: 'marks.search', query: QUERY })).toBe(true);
        cannotWrite();
      },
      loading: () => {
        isIn('loading');
        expect(real().hasTag('busy')).toBe(true);
        expect(calls.loadSheet.at(-1)).toEqual(QUERY);
        expect(pending.loadSheet).toBeDefined();
        expect(real().context.sheet).toBeNull();
        expect(real().context.drafts).toEqual({});
        cannotWrite();
      },
      loadFailed: () => {
        isIn('loadFailed');
        notBusy();
        expect(real().context.error).toBe(NOT_YOURS.message);
        expect(real().context.errorCode).toBe('exams.not_yours');
        expect(real().can({ type: 'marks.retry' })).toBe(true);
        cannotWrite();
      },
      locked: () => {
        isIn('locked');
        notBusy();
        const c = real().context;
        expect(c.sheet!.locked).toBe(true);
        expect(hasUnsavedMarks(real())).toBe(false);
        cannotWrite();
        expect(pending.saveMarks).toBeUndefined();
        if (lastEvent === 'xstate.error.actor.saveMarks') {
          expect(c.errorCode).toBe('exams.locked');
          notInvalidated();
        } else {
          // Opened locked: the saved marks, read-only.
          expect(c.drafts).toEqual({ 1: '', 2: '12' });
        }
      },
      entering: () => {
        isIn('entering');
        notBusy();
        notInvalidated();
        const c = real().context;
        expect(Object.keys(c.drafts).map(Number).sort()).toEqual([1, 2]);
        expect(c.cursor === 0 || c.cursor === 1).toBe(true);
        expect(real().can({ type: 'marks.type', studentId: 1, text: '3' })).toBe(true);
        expect(real().can({ type: 'marks.type', studentId: 999, text: '3' })).toBe(false);
        expect(real().can({ type: 'marks.confirm' })).toBe(false);
        const changes = expectedChanges();
        const invalid = invalidCount();
        // The guard follows the marks on screen: changed or not-a-mark fields are unsaved work.
        expect(hasUnsavedMarks(real())).toBe(changes.length > 0 || invalid > 0);
        if (lastEvent === 'xstate.done.actor.loadSheet') {
          expect(c.drafts).toEqual({ 1: '', 2: '12' });
          expect(c.cursor).toBe(0);
        }
        if (lastEvent === 'marks.edit') {
          expect(c.drafts).toEqual(
            Object.fromEntries(c.sheet!.rows.map((r) => [r.student_id, TEXT_OF(r.marks_obtained)])),
          );
        }
        if (lastEvent === 'marks.review' && invalid > 0) {
          // Not reviewed: every problem shown, the keyboard on the first.
          expect(c.showProblems).toBe(true);
          expect(c.drafts[c.sheet!.rows[c.cursor].student_id]).toBe('25');
        }
        if (lastEvent === 'xstate.error.actor.saveMarks') {
          // Refused: back to the sheet, the refused field named, the marks as they were sent.
          expect(c.error).toBe(REFUSED.message);
          expect(c.serverErrors).toEqual({
            [calls.saveMarks.at(-1)!.mark_update[0].student_id]: REFUSED.fields['mark_update.0.mark_obtained'],
          });
          expect(changes).toEqual(calls.saveMarks.at(-1)!.mark_update);
        }
        if (lastEvent === 'marks.undo') expect(changes).toEqual([]);
      },
      reviewing: () => {
        isIn('reviewing');
        notBusy();
        savesAtReview = calls.saveMarks.length;
        expect(expectedChanges().length).toBeGreaterThan(0);
        expect(invalidCount()).toBe(0);
        expect(real().can({ type: 'marks.confirm' })).toBe(true);
        expect(real().can({ type: 'marks.type', studentId: 1, text: '3' })).toBe(false);
        expect(hasUnsavedMarks(real())).toBe(true);
      },
      saving: () => {
        isIn('saving');
        expect(real().hasTag('busy')).toBe(true);
        notInvalidated();
        const sent = calls.saveMarks.at(-1)!;
        // Only the changed marks, in roll order, for this exam and its subject.
        expect(sent).toEqual({
          exam_info_id: 501,
          subject_id: 21,
          mark_update: expectedChanges(),
          idempotencyKey: expect.stringMatching(/\S/),
        });
        const before = calls.saveMarks.at(-2);
        if (lastEvent === 'marks.retry') expect(sent).toEqual(before);
        else {
          expect(calls.saveMarks).toHaveLength(savesAtReview + 1);
          if (before) expect(sent.idempotencyKey).not.toBe(before.idempotencyKey);
        }
        cannotWrite();
      },
      failed: () => {
        isIn('failed');
        notBusy();
        notInvalidated();
        const c = real().context;
        expect(c.error).toBe(OFFLINE.message);
        expect(c.result).toBeNull();
        // The marks are kept: still exactly what was sent.
        expect(expectedChanges()).toEqual(calls.saveMarks.at(-1)!.mark_update);
        expect(hasUnsavedMarks(real())).toBe(true);
        expect(real().can({ type: 'marks.retry' })).toBe(true);
        expect(real().can({ type: 'marks.back' })).toBe(true);
        cannotWrite();
      },
      saved: () => {
        isIn('saved');
        notBusy();
        const c = real().context;
        const sent = calls.saveMarks.at(-1)!;
        expect(c.result!.count).toBe(sent.mark_update.length);
        // The sheet now holds the saved marks, and nothing is unsaved.
        for (const m of sent.mark_update)
          expect(c.sheet!.rows.find((r) => r.student_id === m.student_id)!.marks_obtained).toBe(m.mark_obtained);
        expect(expectedChanges()).toEqual([]);
        expect(hasUnsavedMarks(real())).toBe(false);
        expect(real().can({ type: 'marks.edit' })).toBe(true);
        if (lastEvent === 'xstate.done.actor.saveMarks') {
          expect(calls.savedChanges).toBe(savesSeen + 1);
          savesSeen = calls.savedChanges;
        } else notInvalidated();
      },
    },
  };
}

// ---- generated path tests ---------------------------------------------------------------------

const model = asModel(markEntryMachine);
const LEAF_STATES = [
  'filtering',
  'loading',
  'loadFailed',
  'locked',
  'entering',
  'reviewing',
  'saving',
  'failed',
  'saved',
];

function nameOf(path: { steps: Array<{ event: ModelEvent }>; state: Snap }): string {
  const short = (e: ModelEvent) => {
    const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
    if (outcome) {
      const detail = e.type.includes('error') ? `:${String((e.error as { code?: string }).code)}` : '';
      return `${outcome[2]}${outcome[1] === 'done' ? '✓' : '✗'}${detail}`;
    }
    const { type, ...rest } = e;
    const args = Object.values(rest).filter((v) => typeof v !== 'object');
    return `${type.replace('marks.', '')}${args.length ? `(${args.join(',')})` : ''}`;
  };
  const events = path.steps.map((step) => short(step.event)).filter((e) => e !== 'xstate.init');
  return `${stateName(path.state.value)} via ${events.join(' → ') || 'start'}`;
}

const OFFLINE_STATES = ['queueing', 'queued', 'syncing', 'synced', 'kept', 'conflict', 'syncRefused'];

function definedTransitions(machine: AnyStateMachine): Set<string> {
  const out = new Set<string>();
  for (const node of Object.values(machine.root.states))
    for (const e of Object.keys(node.on)) out.add(`${node.key}|${e}`);
  return out;
}

describe('mark entry machine: shortest paths to every state and transition', () => {
  const testModel = createTestModel(model, { events: eventsFor as never, serializeState: serializeState as never });
  const paths = testModel.getShortestPaths();

  it('visits every state of the machine', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => stateName(s.value)),
    );
    expect([...reached].sort()).toEqual([...LEAF_STATES].sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set<string>();
    for (const p of paths)
      p.steps.forEach((step, i) => {
        if (i > 0) taken.add(`${stateName((p.steps[i - 1].state as Snap).value)}|${step.event.type}`);
      });
    // The offline states are off in this machine: tests/machines/mark-entry-offline.machine.test.ts.
    const defined = [...definedTransitions(model)].filter((t) => !OFFLINE_STATES.includes(t.split('|')[0]));
    expect(defined.length).toBe(28);
    // marks.focus moves the keyboard as marks.next does; a named variant below takes it.
    expect(defined.filter((t) => !taken.has(t))).toEqual(['entering|marks.focus']);
  });

  it('stays a bounded number of paths', () => {
    expect(paths.length).toBeLessThan(400);
  });

  for (const path of paths) {
    it(nameOf(path as never), async () => {
      const run = startMarkEntry();
      await path.test(replay(run) as never);
      run.actor.stop();
    });
  }
});

// ---- the variants, spelled out --------------------------------------------------------------------

describe('mark entry machine: named variants', () => {
  const testModel = createTestModel(model, { events: eventsFor as never, serializeState: serializeState as never });
  const variants: Array<[string, ModelEvent[]]> = [
    [
      'a new mark and a cleared one, reviewed and saved: only those two go out',
      [
        { type: 'marks.search', query: QUERY },
        { type: 'xstate.done.actor.loadSheet', output: SHEET },
        { type: 'marks.type', studentId: 1, text: '15' },
        { type: 'marks.next' },
        { type: 'marks.type', studentId: 2, text: '' },
        { type: 'marks.review' },
        { type: 'marks.confirm' },
        { type: 'xstate.done.actor.saveMarks', output: 'computed' },
      ],
    ],
    [
      'a mark above full marks blocks the review until it is corrected',
      [
        { type: 'marks.search', query: QUERY },
        { type: 'xstate.done.actor.loadSheet', output: SHEET },
        { type: 'marks.focus', studentId: 2 },
        { type: 'marks.type', studentId: 1, text: '25' },
        { type: 'marks.review' },
        { type: 'marks.type', studentId: 1, text: '15' },
        { type: 'marks.review' },
      ],
    ],
    [
      'a lost save keeps the marks and is retried with the same list and key',
      [
        { type: 'marks.search', query: QUERY },
        { type: 'xstate.done.actor.loadSheet', output: SHEET },
        { type: 'marks.type', studentId: 1, text: '15' },
        { type: 'marks.review' },
        { type: 'marks.confirm' },
        { type: 'xstate.error.actor.saveMarks', error: OFFLINE },
        { type: 'marks.retry' },
        { type: 'xstate.done.actor.saveMarks', output: 'computed' },
      ],
    ],
    [
      'marks published while entering: the save is refused and the sheet turns read-only',
      [
        { type: 'marks.search', query: QUERY },
        { type: 'xstate.done.actor.loadSheet', output: SHEET },
        { type: 'marks.type', studentId: 1, text: '15' },
        { type: 'marks.review' },
        { type: 'marks.confirm' },
        { type: 'xstate.error.actor.saveMarks', error: LOCKED },
      ],
    ],
  ];

  for (const [name, script] of variants) {
    it(name, async () => {
      let snap = getInitialSnapshot(model) as Snap;
      const steps: Array<{ state: Snap; event: ModelEvent }> = [{ state: snap, event: { type: 'xstate.init' } }];
      for (const e of script) {
        const event = e.output === 'computed' ? eventsFor(snap).find((c) => c.type === e.type)! : e;
        const next = getNextSnapshot(model, snap, event as never) as Snap;
        expect(next, `${event.type} changes nothing in ${stateName(snap.value)}`).not.toBe(snap);
        steps.push({ state: next, event });
        snap = next;
      }
      const run = startMarkEntry();
      await testModel.testPath({ state: snap, steps, weight: steps.length } as never, replay(run) as never);
      run.actor.stop();
    });
  }
});
