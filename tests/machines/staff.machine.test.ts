/**
 * The leave and substitution flows (docs/DOMAIN.md, "Staff attendance, leave and substitutes"):
 * every path of the decision and substitution machines (@xstate/graph), replayed against a real
 * actor with a deferred fake actor; nothing is sent before the confirmation; and the request's
 * literal scenarios (an incomplete form is not sent, a failure keeps what was typed).
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { asModel } from '../helpers/as-model';
import { leaveDecisionMachine, leaveRequestMachine } from '@/machines/leave.machine';
import { substitutionMachine } from '@/machines/substitution.machine';

type ModelEvent = EventObject & Record<string, unknown>;

const REFUSED = { status: 409, code: 'leave.over_allowance', message: 'Only 2 day(s) left.' };

function deferred() {
  const calls: unknown[] = [];
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actor = fromPromise<never, unknown>(({ input }) => {
    calls.push(input);
    return new Promise((resolve, reject) => {
      pending = { resolve: resolve as (v: unknown) => void, reject };
    });
  });
  return {
    actor,
    calls,
    async settle(kind: 'resolve' | 'reject', value: unknown) {
      const p = pending!;
      pending = null;
      p[kind](value);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

function pathsOf(
  machine: AnyStateMachine,
  actorName: string,
  userEvents: ModelEvent[],
  done: unknown,
  expectedStates: string[],
  checkSent: (calls: unknown[], confirmedAt: number) => void,
) {
  const events: ModelEvent[] = [
    ...userEvents,
    { type: `xstate.done.actor.${actorName}`, output: done },
    { type: `xstate.error.actor.${actorName}`, error: REFUSED },
  ];
  const model = createTestModel(asModel(machine), {
    events: events as never,
    serializeState: ((s: { value: unknown; context: Record<string, unknown> }, e: ModelEvent | undefined) =>
      JSON.stringify([s.value, !!s.context.pending, !!s.context.feedback, !!s.context.error]) +
      (e ? ` via ${e.type}` : '')) as never,
  });
  const paths = model.getShortestPaths();
  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(expectedStates);
  });
  for (const path of paths.slice(0, 40)) {
    it(`${String(path.state.value)} via ${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      const fake = deferred();
      let saved = 0;
      const run = createActor(
        machine.provide({ actors: { [actorName]: fake.actor }, actions: { saved: () => void (saved += 1) } } as never),
      ).start();
      let confirmedAt = -1;
      await path.test({
        events: {
          ...Object.fromEntries(
            userEvents.map((e) => [
              e.type,
              ({ event }: { event: ModelEvent }) => {
                if (event.type.endsWith('.confirm')) confirmedAt = fake.calls.length;
                run.send(event as never);
              },
            ]),
          ),
          [`xstate.done.actor.${actorName}`]: async ({ event }: { event: ModelEvent }) =>
            fake.settle('resolve', event.output),
          [`xstate.error.actor.${actorName}`]: async ({ event }: { event: ModelEvent }) =>
            fake.settle('reject', event.error),
        },
        states: Object.fromEntries(
          expectedStates.map((name) => [
            name,
            () => {
              const snap = run.getSnapshot();
              expect(snap.matches(name)).toBe(true);
              checkSent(fake.calls, confirmedAt);
              if (snap.context.feedback) expect(saved).toBe((snap.context.feedback as { seq: number }).seq);
            },
          ]),
        ),
      });
    });
  }
}

describe('leave decision machine: every path', () => {
  pathsOf(
    leaveDecisionMachine,
    'decide',
    [
      { type: 'leave.approve', id: 41, name: 'Rahima Begum', days: 3 },
      { type: 'leave.refuse', id: 41, name: 'Rahima Begum', days: 3 },
      { type: 'leave.note', note: 'Enjoy' },
      { type: 'leave.confirm' },
      { type: 'leave.cancel' },
    ],
    { ok: true, code: 'leave.approved', message: 'Leave approved.', leave: {} },
    ['confirming', 'deciding', 'idle'],
    (calls) => {
      for (const c of calls) expect((c as { id: number }).id).toBe(41);
    },
  );
});

describe('substitution machine: every path', () => {
  pathsOf(
    substitutionMachine,
    'assign',
    [
      { type: 'substitution.choose', routineId: 12, teacherId: 7 },
      {
        type: 'substitution.assign',
        routineId: 12,
        date: '2026-12-06',
        teacherId: 7,
        teacherName: 'Karim',
        periodName: '1st',
      },
      { type: 'substitution.confirm' },
      { type: 'substitution.cancel' },
    ],
    {
      ok: true,
      code: 'substitution.assigned',
      message: 'Substitute assigned.',
      id: 1,
      routine_id: 12,
      date: '2026-12-06',
      teacher_id: 7,
    },
    ['assigning', 'confirming', 'idle'],
    (calls) => {
      for (const c of calls) expect(c).toEqual({ routine_id: 12, date: '2026-12-06', teacher_id: 7 });
    },
  );
});

describe('leave request machine', () => {
  const start = () => {
    const fake = deferred();
    let saved = 0;
    const actor = createActor(
      leaveRequestMachine.provide({
        actors: { send: fake.actor as never },
        actions: { saved: () => void (saved += 1) },
      }),
    ).start();
    return { fake, actor, saved: () => saved };
  };

  it('does not send an incomplete form', () => {
    const { actor, fake } = start();
    actor.send({ type: 'leave.edit', patch: { start_date: '2026-12-06' } });
    actor.send({ type: 'leave.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(fake.calls).toEqual([]);
  });

  it('sends the typed request; a success clears the form and says so', async () => {
    const { actor, fake, saved } = start();
    actor.send({ type: 'leave.edit', patch: { leave_type: 'sick', start_date: '2026-12-06', reason: 'Fever' } });
    actor.send({ type: 'leave.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(fake.calls).toEqual([
      { leave_type: 'sick', start_date: '2026-12-06', end_date: undefined, reason: 'Fever' },
    ]);
    await fake.settle('resolve', { ok: true, code: 'leave.requested', message: 'Leave requested.', leave: {} });
    const c = actor.getSnapshot().context;
    expect(c.form).toEqual({ leave_type: 'casual', start_date: '', end_date: '', reason: '' });
    expect(c.feedback).toEqual({ code: 'leave.requested', text: 'Leave requested.', seq: 1 });
    expect(saved()).toBe(1);
  });

  it('a refusal keeps what was typed and the error', async () => {
    const { actor, fake, saved } = start();
    actor.send({ type: 'leave.edit', patch: { start_date: '2026-12-06', end_date: '2026-12-24', reason: 'Travel' } });
    actor.send({ type: 'leave.submit' });
    await fake.settle('reject', REFUSED);
    const c = actor.getSnapshot().context;
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(c.form.end_date).toBe('2026-12-24');
    expect(c.error).toEqual(REFUSED);
    expect(saved()).toBe(0);
  });
});
