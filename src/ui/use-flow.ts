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
 * `useFlowLogic` does the same for a screen that shares its flow with `createActorContext`
 * (`<Flow.Provider logic={useFlowLogic(machine, {...})}>`).
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
  /** Implementations the screen provides besides the notify actions (the latest render's, as useMachine's). */
  provide?: ProvideArg<TMachine>;
  input?: ActorOptions<TMachine>['input'];
}

/** The machine with its notify actions provided, and what saving and finishing do. */
function useSavedLogic<TMachine extends AnyStateMachine>(machine: TMachine, options: UseFlowOptions<TMachine>) {
  const queryClient = useQueryClient();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const handlers = useMemo(() => {
    // A flow that saved through a notify action has invalidated already when it then finishes.
    let notified = false;
    const saved = () => {
      notified = true;
      for (const queryKey of latest.current.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
      latest.current.also?.();
    };
    return {
      saved,
      finished: () => {
        if (!notified) saved();
      },
    };
  }, [queryClient]);
  const names = options.on === undefined ? [] : typeof options.on === 'string' ? [options.on] : options.on;
  const notify = Object.fromEntries(names.map((name) => [name, handlers.saved]));
  // Provided on every render, as useMachine(machine.provide(...)) was: @xstate/react hands the
  // running actor the latest implementations, so an actor reading props (the session chosen) reads
  // the current ones; the machine's config, and so the actor, stay the same.
  const provided = machine.provide({
    ...options.provide,
    actions: { ...options.provide?.actions, ...notify },
  } as ProvideArg<TMachine>) as TMachine;
  return { ...handlers, machine: provided };
}

/**
 * The machine for a `createActorContext` Provider (`<Flow.Provider logic={...}>`), its notify
 * actions invalidating the declared keys. A Provider's flow says it saved by its notify actions.
 */
export function useFlowLogic<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: Omit<UseFlowOptions<TMachine>, 'input'>,
): TMachine {
  return useSavedLogic(machine, options).machine;
}

export function useFlow<TMachine extends AnyStateMachine>(machine: TMachine, options: UseFlowOptions<TMachine> = {}) {
  const { machine: provided, saved, finished: onFinished } = useSavedLogic(machine, options);
  const [snapshot, send, actor] = useMachine(provided, { input: options.input } as ActorOptions<TMachine>);
  useEffect(() => {
    const sub = actor.on('flow.saved', saved);
    return () => sub.unsubscribe();
  }, [actor, saved]);
  const finished = snapshot.status === 'done';
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);
  return [snapshot, send, actor] as const;
}
