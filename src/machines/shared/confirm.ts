/**
 * The ask-first block of a flow (docs/ARCHITECTURE.md, "Every screen": "confirmation before
 * anything irreversible"): a row's delete (or an unlink, a return, a cancel) is asked about, and
 * only the confirmation sends it.
 *
 *   <from> ─(the flow's own event)─> asking ─confirm─> working ─┬─ done ─> `done` target
 *                                        └─cancel─> `back`       └─ error ─> `failed` target
 *
 * `confirmStates<Context, Event>()({...})` writes the two states once; a machine spreads them into its `states` under the
 * names its tests see (`confirming`/`deleting`, `confirmingDelete`/`deleting`, ...), with its own
 * event names, its actor and what a success or failure keeps in its context. Tags: both states
 * carry `confirm` (the dialog is open while asking and while the call runs), the working one also
 * `busy`; a machine adds its own (`list`) with `tags`.
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, type EventObject, type MachineContext } from 'xstate';

export interface ConfirmStatesOptions<
  TContext extends MachineContext,
  TOutput,
  TAsk extends string,
  TWork extends string,
  TActor extends string,
  TInput,
  TNotify extends string = never,
  TTag extends string = never,
> {
  /** The two states' names. */
  asking: TAsk;
  working: TWork;
  /** The events that confirm and that cancel (the flow's own, e.g. `marks.confirm`). */
  confirm: string;
  cancel: string;
  /** Where cancel leads, and what it forgets. */
  back: string;
  onCancel: Partial<TContext>;
  /** The named `fromPromise` actor that sends it (tests replace it with `.provide()`), and its input. */
  actor: TActor;
  input: (context: TContext) => TInput;
  /** Where a success leads (default `back`), what it keeps, and the named actions it runs after. */
  done?: string;
  onDone: (context: TContext, output: TOutput) => Partial<TContext>;
  notify?: readonly TNotify[];
  /** Where a failure leads (default `back`) and what it keeps. */
  failed?: string;
  onError: (context: TContext, error: unknown) => Partial<TContext>;
  /** Tags each state adds to its own (`confirm`, and `busy` while working). */
  tags?: readonly TTag[];
}

export const confirmStates =
  <TContext extends MachineContext, TEvent extends EventObject>() =>
  <
    TOutput,
    const TAsk extends string,
    const TWork extends string,
    const TActor extends string,
    TInput,
    const TNotify extends string = never,
    const TTag extends string = never,
  >(
    // The events are the machine's own: a misspelt one fails the type-check.
    o: ConfirmStatesOptions<TContext, TOutput, TAsk, TWork, TActor, TInput, TNotify, TTag> & {
      confirm: TEvent['type'];
      cancel: TEvent['type'];
    },
  ) => {
    const extra: readonly TTag[] = o.tags ?? [];
    const asking = {
      tags: ['confirm' as const, ...extra],
      on: {
        [o.confirm]: o.working,
        [o.cancel]: { target: o.back, actions: assign<TContext, TEvent, undefined, TEvent, never>(() => o.onCancel) },
      },
    };
    const working = {
      tags: ['confirm' as const, 'busy' as const, ...extra],
      invoke: {
        id: o.actor,
        src: o.actor,
        input: ({ context }: { context: TContext }) => o.input(context),
        onDone: {
          target: o.done ?? o.back,
          actions: [
            assign<TContext, DoneActorEvent<TOutput>, undefined, TEvent, never>(({ context, event }) =>
              o.onDone(context, event.output),
            ),
            ...(o.notify ?? ([] as readonly TNotify[])),
          ],
        },
        onError: {
          target: o.failed ?? o.back,
          actions: assign<TContext, ErrorActorEvent, undefined, TEvent, never>(({ context, event }) =>
            o.onError(context, event.error),
          ),
        },
      },
    };
    return { [o.asking]: asking, [o.working]: working } as Record<TAsk, typeof asking> & Record<TWork, typeof working>;
  };
