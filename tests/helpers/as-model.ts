/**
 * A machine's own config as a test model for `createTestModel` (@xstate/graph): each invocation
 * becomes explicit `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events and, unless
 * `{ delays: 'drop' }`, each delayed transition an `xstate.after.<delay>` event, so path tests
 * decide every server answer and timer themselves. The paths come from the machine; what each
 * state does to the screen and which calls go out is for the test to assert, not the model.
 */
import { createMachine, type AnyStateMachine } from 'xstate';

type Transition = unknown;
type Config = {
  on?: Record<string, Transition>;
  after?: Record<string, Transition>;
  states?: Record<string, Config>;
  invoke?:
    | { id: string; onDone?: Transition; onError?: Transition }
    | Array<{ id: string; onDone?: Transition; onError?: Transition }>;
};

export function asModel(machine: AnyStateMachine, opts: { delays?: 'event' | 'drop' } = {}): AnyStateMachine {
  const strip = (node: Config): Config => {
    const { invoke, after, states, on, ...rest } = node;
    const out: Config = { ...rest, on: { ...(on ?? {}) } };
    for (const inv of invoke ? [invoke].flat() : []) {
      if (inv.onDone) out.on![`xstate.done.actor.${inv.id}`] = inv.onDone;
      if (inv.onError) out.on![`xstate.error.actor.${inv.id}`] = inv.onError;
    }
    if (opts.delays !== 'drop') {
      for (const [delay, transition] of Object.entries(after ?? {})) out.on![`xstate.after.${delay}`] = transition;
    }
    if (states) out.states = Object.fromEntries(Object.entries(states).map(([k, v]) => [k, strip(v)]));
    return out;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return createMachine(strip(machine.config as Config) as any, machine.implementations as any);
}
