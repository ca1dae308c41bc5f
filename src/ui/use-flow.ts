/**
 * One way a screen runs a flow (docs/ARCHITECTURE.md, "The client": "a flow that saved invalidates
 * the keys it changed"). `useFlow(machine, { invalidates, on })` starts the machine for the screen
 * (as `useMachine`) and, once the server confirmed a write, invalidates the query keys the screen
 * declares, so the lists it shows are read again:
 *
 * - when the machine runs one of its named notify actions (`on`: `saved`, `savedChanges`,
 *   `deleted`, ... the no-op actions the machines name for "the server confirmed"), which useFlow
 *   provides;
 * - when the flow reaches a final state (`snapshot.status === 'done'`);
 * - when the machine emits `{ type: 'flow.saved' }`.
 *
 * `invalidates` is read when the flow saves, not when it starts, so keys built from props (the
 * student on screen) follow the props. `also` runs after the invalidation (a toast, a route). The
 * machine itself stays pure (no React, no query client): src/machines never imports src/ui.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import type { ActorOptions, AnyStateMachine } from 'xstate';

type ProvideArg<TMachine extends AnyStateMachine> = Parameters<TMachine['provide']>[0];

/** The names of the machine's own actions (the notify actions among them). */
type ActionName<TMachine extends AnyStateMachine> = Extract<keyof NonNullable<ProvideArg<TMachine>['actions']>, string>;

export interface UseFlowOptions<TMachine extends AnyStateMachine> {
  /** The query keys the flow changes: each is invalidated (as a prefix) once the flow saved. */
  invalidates?: readonly QueryKey[];
  /** The machine's notify action(s) that mean "saved". */
  on?: ActionName<TMachine> | readonly ActionName<TMachine>[];
  /** Runs after the invalidation. */
  also?: () => void;
  /** Implementations the screen provides besides the notify actions (fixed for the flow's life). */
  provide?: ProvideArg<TMachine>;
  input?: ActorOptions<TMachine>['input'];
}

export function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, options: UseFlowOptions<TMachine> = {}) {
  const queryClient = useQueryClient();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const logic = useMemo(() => {
    // A flow that saved through a notify action has invalidated already when it then finishes.
    let notified = false;
    const saved = () => {
      notified = true;
      for (const queryKey of latest.current.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
      latest.current.also?.();
    };
    const first = latest.current;
    const names = first.on === undefined ? [] : typeof first.on === 'string' ? [first.on] : first.on;
    const notify = Object.fromEntries(names.map((name) => [name, saved]));
    return {
      saved,
      finished: () => {
        if (!notified) saved();
      },
      machine: machine.provide({
        ...first.provide,
        actions: { ...first.provide?.actions, ...notify },
      } as ProvideArg<TMachine>) as TMachine,
    };
    // The flow's implementations are fixed when it starts (as useMachine's); the keys are read late.
  }, [machine, queryClient]);
  const [snapshot, send, actor] = useMachine(logic.machine, { input: options.input } as ActorOptions<TMachine>);
  useEffect(() => {
    const sub = actor.on('flow.saved', logic.saved);
    return () => sub.unsubscribe();
  }, [actor, logic]);
  const finished = snapshot.status === 'done';
  useEffect(() => {
    if (finished) logic.finished();
  }, [finished, logic]);
  return [snapshot, send, actor] as const;
}
