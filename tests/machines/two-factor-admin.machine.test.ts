/**
 * Model-based tests for who must use two-factor sign-in and the super admin's reset.
 * Paths come from the machine (asModel turns each invocation's outcomes into events); each is
 * replayed against a real actor with deferred fakes, and every state is checked for the calls that
 * went out and what the screen would say, never against the model's own snapshot.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { asModel } from '../helpers/as-model';
import type { TwoFactorPolicy } from '@/api/schemas/auth';
import type { PolicyScope } from '@/api/two-factor';
import { twoFactorAdminMachine, type TwoFactorAdminEvent } from '@/machines/two-factor-admin.machine';

const SCHOOL: PolicyScope = { kind: 'school', schoolId: 2 };
const REQUIRE: TwoFactorAdminEvent = { type: 'policy.set', scope: SCHOOL, required: true };
const RESET: TwoFactorAdminEvent = { type: 'admin.reset', userCode: 'admin1', name: 'Kamrul Ahsan' };
const OWN_FIRST = { status: 409, code: 'two_factor.own_first', message: 'Turn on your own first.' };
const NOT_FOUND = { status: 404, code: 'not_found', message: 'Not found.' };

type ModelEvent = EventObject & Record<string, unknown>;

const eventsFor = (): ModelEvent[] => [
  REQUIRE,
  RESET,
  { type: 'xstate.done.actor.setPolicy', output: { required: true } },
  { type: 'xstate.error.actor.setPolicy', error: OWN_FIRST },
  { type: 'xstate.done.actor.reset', output: { ok: true } },
  { type: 'xstate.error.actor.reset', error: NOT_FOUND },
];

type Name = 'setPolicy' | 'reset';

function start() {
  const pending: Partial<Record<Name, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>> = {};
  const calls = { setPolicy: [] as Array<{ scope: PolicyScope; required: boolean }>, reset: [] as string[] };
  const defer = (name: Name) =>
    new Promise<never>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject };
    });
  const machine = twoFactorAdminMachine.provide({
    actors: {
      setPolicy: fromPromise<TwoFactorPolicy, { scope: PolicyScope; required: boolean }>(
        ({ input }) => (calls.setPolicy.push(input), defer('setPolicy')),
      ),
      reset: fromPromise<unknown, { userCode: string }>(
        ({ input }) => (calls.reset.push(input.userCode), defer('reset')),
      ),
    },
  });
  const actor = createActor(machine).start();
  const settle = async (name: Name, outcome: 'resolve' | 'reject', value: unknown) => {
    const call = pending[name];
    if (!call) throw new Error(`the machine never called ${name}`);
    delete pending[name];
    call[outcome](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, pending, settle };
}

function replay(sut: ReturnType<typeof start>) {
  const { actor, calls, pending, settle } = sut;
  const s = () => actor.getSnapshot();
  /** The last outcome the path produced, to check what idle then says. */
  let last: 'none' | 'policyDone' | 'policyError' | 'resetDone' | 'resetError' = 'none';
  const send = ({ event }: { event: EventObject }) => actor.send(event as TwoFactorAdminEvent);
  return {
    events: {
      'policy.set': send,
      'admin.reset': send,
      'xstate.done.actor.setPolicy': ({ event }: { event: ModelEvent }) => (
        (last = 'policyDone'),
        settle('setPolicy', 'resolve', event.output)
      ),
      'xstate.error.actor.setPolicy': ({ event }: { event: ModelEvent }) => (
        (last = 'policyError'),
        settle('setPolicy', 'reject', event.error)
      ),
      'xstate.done.actor.reset': ({ event }: { event: ModelEvent }) => (
        (last = 'resetDone'),
        settle('reset', 'resolve', event.output)
      ),
      'xstate.error.actor.reset': ({ event }: { event: ModelEvent }) => (
        (last = 'resetError'),
        settle('reset', 'reject', event.error)
      ),
    },
    states: {
      idle: () => {
        expect(s().hasTag('busy')).toBe(false);
        expect(s().can(REQUIRE)).toBe(true);
        expect(s().can(RESET)).toBe(true);
        expect(Object.keys(pending)).toEqual([]);
        const { done, error } = s().context;
        // Success is said only after the server confirmed; a refusal is kept for the screen.
        if (last === 'policyDone') expect(done).toEqual({ kind: 'policy', scope: SCHOOL, required: true });
        else if (last === 'resetDone')
          expect(done).toEqual({ kind: 'reset', userCode: 'admin1', name: 'Kamrul Ahsan' });
        else expect(done).toBeNull();
        if (last === 'policyError') expect(error).toBe(OWN_FIRST);
        else if (last === 'resetError') expect(error).toBe(NOT_FOUND);
        else expect(error).toBeNull();
      },
      saving: () => {
        expect(s().hasTag('busy')).toBe(true);
        expect(s().can(RESET)).toBe(false);
        expect(calls.setPolicy.at(-1)).toEqual({ scope: SCHOOL, required: true });
        expect(Object.keys(pending)).toEqual(['setPolicy']);
        expect(s().context.done).toBeNull();
        expect(s().context.error).toBeNull();
      },
      resetting: () => {
        expect(s().hasTag('busy')).toBe(true);
        expect(s().can(REQUIRE)).toBe(false);
        expect(calls.reset.at(-1)).toBe('admin1');
        expect(Object.keys(pending)).toEqual(['reset']);
        expect(s().context.done).toBeNull();
      },
    },
  };
}

describe('shortest paths to every state of the two-factor admin machine', () => {
  const model = createTestModel(asModel(twoFactorAdminMachine), { events: eventsFor as never });
  const paths = model.getShortestPaths();
  it('visits every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value)),
    );
    expect([...reached].sort()).toEqual(['idle', 'resetting', 'saving']);
  });
  for (const path of paths) {
    const via = path.steps.map((x) => x.event.type).join(' → ');
    it(`${String(path.state.value)} via ${via || 'start'}`, async () => {
      const sut = start();
      await path.test(replay(sut) as never);
      sut.actor.stop();
    });
  }
});

describe('simple paths: a refusal, then another write', () => {
  const model = createTestModel(asModel(twoFactorAdminMachine), { events: eventsFor as never });
  for (const path of model.getSimplePaths()) {
    const via = path.steps.map((x) => x.event.type).join(' → ');
    it(`${String(path.state.value)} via ${via || 'start'}`, async () => {
      const sut = start();
      await path.test(replay(sut) as never);
      sut.actor.stop();
    });
  }
});
