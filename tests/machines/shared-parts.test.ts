/**
 * The parts machines share (src/machines/shared/): literal cases for the failure rules, the
 * feedback numbering and the queue's tags, and a small machine built of the confirm and
 * send-and-retry blocks, walked by hand.
 */
import { assign, createActor, fromPromise, setup } from 'xstate';
import { ApiError } from '@/api/client';
import { errorCodeOf, failureOf, fieldsOf, isRetryable, keyAfter } from '@/machines/shared/failure';
import { feedbackOf, nextSeq } from '@/machines/shared/feedback';
import { notSent, queueOutcome, queueTags } from '@/machines/shared/queue';
import { confirmStates } from '@/machines/shared/confirm';
import { retryStates } from '@/machines/shared/retry';

const refused = new ApiError(409, 'structure.in_use', 'In use', { name: 'Taken' });
const lost = new ApiError(0, 'network', 'Could not reach the server.');
const broken = new ApiError(503, 'server', 'Unavailable');

describe('failure', () => {
  it('retries only what may not have been answered', () => {
    expect([isRetryable(lost), isRetryable(broken), isRetryable(refused), isRetryable(new Error('x'))]).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });

  it('keeps the key only when the outcome is unknown', () => {
    expect(keyAfter('k1', lost)).toBe('k1');
    expect(keyAfter('k1', broken)).toBe('k1');
    expect(keyAfter('k1', refused)).toBeNull();
  });

  it('reads a refusal: message, code, status, fields', () => {
    expect(failureOf(refused)).toEqual({
      message: 'In use',
      code: 'structure.in_use',
      status: 409,
      fields: { name: 'Taken' },
      retryable: false,
    });
    expect(fieldsOf(null)).toEqual({});
    expect(errorCodeOf({ code: undefined })).toBeUndefined();
    expect(errorCodeOf({ code: 'x' })).toBe('x');
  });
});

describe('feedback', () => {
  it('numbers each confirmation after the last', () => {
    expect(nextSeq(null)).toBe(1);
    expect(feedbackOf({ seq: 4 }, { code: 'ok', message: 'Saved' })).toEqual({ code: 'ok', text: 'Saved', seq: 5 });
  });
});

describe('queue', () => {
  const snap = (tags: string[]) => ({ hasTag: (t: string) => tags.includes(t) }) as { hasTag: (t: never) => boolean };
  it('reads the outcome back from the tags', () => {
    expect(queueTags('kept')).toEqual(['queue', 'queue.kept']);
    expect(queueOutcome(snap(['busy', ...queueTags('syncing')]))).toBe('syncing');
    expect(queueOutcome(snap(queueTags('syncRefused')))).toBe('syncRefused');
    expect(queueOutcome(snap(['busy']))).toBeNull();
  });
  it('queues only what never reached the server', () => {
    expect([notSent(lost), notSent(broken), notSent(refused)]).toEqual([true, false, false]);
  });
});

interface Ctx {
  pending: number | null;
  done: number;
  error: unknown;
}
type Ev = { type: 'row.delete'; id: number } | { type: 'row.confirm' } | { type: 'row.cancel' } | { type: 'row.retry' };

function rowMachine(remove: (id: number) => Promise<{ ok: true }>) {
  return setup({
    types: { context: {} as Ctx, events: {} as Ev },
    actors: { remove: fromPromise<{ ok: true }, { id: number }>(({ input }) => remove(input.id)) },
    actions: { deleted: () => {} },
  }).createMachine({
    context: { pending: null, done: 0, error: null },
    initial: 'idle',
    states: {
      idle: {
        on: { 'row.delete': { target: 'asking', actions: assign({ pending: ({ event }) => event.id }) } },
      },
      ...confirmStates<Ctx, Ev>()({
        asking: 'asking',
        working: 'deleting',
        confirm: 'row.confirm',
        cancel: 'row.cancel',
        back: 'idle',
        onCancel: { pending: null },
        actor: 'remove',
        input: (c) => ({ id: c.pending! }),
        onDone: (c, _out: { ok: true }) => ({ pending: null, done: c.done + 1 }),
        notify: ['deleted'],
        failed: 'failed',
        onError: (_, error) => ({ error }),
      }),
      ...retryStates<Ctx, Ev>()({
        working: 'retrying',
        failed: 'failed',
        actor: 'remove',
        input: (c) => ({ id: c.pending! }),
        done: 'idle',
        onDone: (c, _out: { ok: true }) => ({ pending: null, done: c.done + 1 }),
        notify: ['deleted'],
        retry: 'row.retry',
        leave: [{ event: 'row.cancel', target: 'idle', forget: { pending: null, error: null } }],
      }),
    },
  });
}

describe('confirmStates and retryStates', () => {
  it('ask, cancel, confirm, fail, retry, done: tags and context at each step', async () => {
    const answers: Array<(ok: boolean) => void> = [];
    const remove = () =>
      new Promise<{ ok: true }>((resolve, reject) => answers.push((ok) => (ok ? resolve({ ok: true }) : reject(lost))));
    const deleted = vi.fn();
    const actor = createActor(rowMachine(remove).provide({ actions: { deleted } })).start();
    const tick = () => new Promise((r) => setTimeout(r, 0));

    actor.send({ type: 'row.delete', id: 7 });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().hasTag('confirm')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'row.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.pending).toBeNull();

    actor.send({ type: 'row.delete', id: 7 });
    actor.send({ type: 'row.confirm' });
    expect(actor.getSnapshot().value).toBe('deleting');
    expect(actor.getSnapshot().hasTag('confirm') && actor.getSnapshot().hasTag('busy')).toBe(true);
    answers.shift()!(false);
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(lost);
    expect(actor.getSnapshot().can({ type: 'row.retry' })).toBe(true);

    actor.send({ type: 'row.retry' });
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(actor.getSnapshot().context.error).toBeNull();
    answers.shift()!(true);
    await tick();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ pending: null, done: 1, error: null });
    expect(deleted).toHaveBeenCalledTimes(1);
  });
});
