/**
 * The send-and-retry block of a flow (docs/ARCHITECTURE.md, "The client": "failures keep what the
 * user typed and say why in their language"):
 *
 *   ─> working ─┬─ done ─> `done` target (what the answer keeps, then the named actions)
 *               └─ error ─> failed ─retry─> working (the error forgotten)
 *                                  └─(each `leave`)─> its target (what it forgets)
 *
 * The error stays in the context (`onError`, by default `{ error }`): the screen words it in the
 * user's language from its code. A write that keeps its Idempotency-Key in the context retries with
 * it, so the server applies it at most once (see ./failure.ts, `keyAfter`).
 *
 * `retryStates<Context, Event>()({...})` writes the two states; a machine spreads them into its
 * `states` under the names its tests see. Tags: the working state `busy`, the failed one `failed`.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, type EventObject, type MachineContext } from 'xstate';

export interface RetryLeave<TContext, TTarget extends string, TNamed extends string> {
  event: string;
  target: TTarget;
  forget?: Partial<TContext>;
  /** Named actions of the machine, run after `forget`. */
  actions?: readonly TNamed[];
}

export interface RetryStatesOptions<
  TContext extends MachineContext,
  TOutput,
  TWork extends string,
  TFailed extends string,
  TActor extends string,
  TInput,
  TNotify extends string,
  TTag extends string,
> {
  working: TWork;
  /** Tags the working state adds to `busy` (`confirm` when it runs under the confirmation dialog). */
  tags?: readonly TTag[];
  failed: TFailed;
  /** The named `fromPromise` actor (tests replace it with `.provide()`) and its input. */
  actor: TActor;
  input: (context: TContext) => TInput;
  /** Where a success leads, what it keeps, and the named actions it runs after. */
  done: string;
  onDone?: (context: TContext, output: TOutput) => Partial<TContext>;
  notify?: readonly TNotify[];
  /** What a failure keeps (default: the error, as `error`). */
  onError?: (context: TContext, error: unknown) => Partial<TContext>;
  /** The retry event, and what it forgets before sending again (default: `error`). */
  retry: string;
  onRetry?: Partial<TContext>;
  /** The other ways out of the failed state. */
  leave?: readonly RetryLeave<TContext, string, TNotify>[];
}

export const retryStates =
  <TContext extends MachineContext, TEvent extends EventObject>() =>
  <
    TOutput,
    const TWork extends string,
    const TFailed extends string,
    const TActor extends string,
    TInput,
    const TNotify extends string = never,
    const TTag extends string = never,
  >(
    // The events are the machine's own: a misspelt one fails the type-check.
    o: RetryStatesOptions<TContext, TOutput, TWork, TFailed, TActor, TInput, TNotify, TTag> & {
      retry: TEvent['type'];
      leave?: readonly (RetryLeave<TContext, string, TNotify> & { event: TEvent['type'] })[];
    },
  ) => {
    const forget = (what: Partial<TContext>) => assign<TContext, TEvent, undefined, TEvent, never>(() => what);
    const working = {
      tags: ['busy' as const, ...(o.tags ?? ([] as readonly TTag[]))],
      invoke: {
        id: o.actor,
        src: o.actor,
        input: ({ context }: { context: TContext }) => o.input(context),
        onDone: {
          target: o.done,
          actions: [
            assign<TContext, DoneActorEvent<TOutput>, undefined, TEvent, never>(({ context, event }) =>
              o.onDone ? o.onDone(context, event.output) : {},
            ),
            ...(o.notify ?? ([] as readonly TNotify[])),
          ],
        },
        onError: {
          target: o.failed,
          actions: assign<TContext, ErrorActorEvent, undefined, TEvent, never>(({ context, event }) =>
            o.onError ? o.onError(context, event.error) : ({ error: event.error } as unknown as Partial<TContext>),
          ),
        },
      },
    };
    const on: Record<string, { target: string; actions: readonly (TNotify | ReturnType<typeof forget>)[] }> = {
      [o.retry]: {
        target: o.working,
        actions: [forget(o.onRetry ?? ({ error: null } as unknown as Partial<TContext>))],
      },
    };
    for (const l of o.leave ?? []) {
      on[l.event] = { target: l.target, actions: [...(l.forget ? [forget(l.forget)] : []), ...(l.actions ?? [])] };
    }
    const failed = { tags: ['failed' as const], on };
    return { [o.working]: working, [o.failed]: failed } as Record<TWork, typeof working> &
      Record<TFailed, typeof failed>;
  };
