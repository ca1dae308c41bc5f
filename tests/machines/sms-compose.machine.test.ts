/**
 * The SMS compose flow (docs/DOMAIN.md, "SMS centre"): every path of the machine (@xstate/graph),
 * replayed against a real actor with deferred fake actors: nothing is sent before the
 * confirmation, "sent" only after the server answered, a failure keeps the draft; and literal
 * scenarios: an incomplete draft is not previewed, a preview reaching nobody cannot be sent, a
 * retry after an unknown outcome reuses the Idempotency-Key and one after a refusal does not.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventObject } from 'xstate';
import type { SmsPreview } from '@/api/schemas/sms';
import { bodyOf, EMPTY_DRAFT, smsComposeMachine, type SmsDraft } from '@/machines/sms-compose.machine';
import { asModel } from '../helpers/as-model';

type ModelEvent = EventObject & Record<string, unknown>;

const TEMPLATE = 'অভিভাবক, {name} ({class} শ্রেণি)-এর অভিভাবক সভা {date} তারিখে।';
const PREVIEW: SmsPreview = {
  recipients: 2,
  students: 3,
  no_guardian: 0,
  opted_out: 1,
  parts: 4,
  parts_each: 2,
  encoding: 'ucs2',
  cost: '1.60',
  sample: 'অভিভাবক, রহিম (ষষ্ঠ শ্রেণি)-এর অভিভাবক সভা ১০ ডিসেম্বর ২০২৬ তারিখে।',
  left: 496,
  fits: true,
  quiet_hours: false,
};
const SENT = { ...PREVIEW, campaign_id: 9, queued: 2 };
const DOWN = { status: 503, code: 'service_unavailable', message: 'The database is restarting.' };
const REFUSED = { status: 400, code: 'sms.schedule_in_past', message: 'The time to send is past.' };

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

function run() {
  const preview = deferred();
  const send = deferred();
  let saved = 0;
  const actor = createActor(
    smsComposeMachine.provide({
      actors: { preview: preview.actor as never, send: send.actor as never },
      actions: { saved: () => void (saved += 1) },
    }),
  ).start();
  return { actor, preview, send, saved: () => saved };
}

const COMPLETE: Partial<SmsDraft> = { sectionId: 3, template: TEMPLATE, date: '2026-12-10' };

describe('sms compose machine: every path', () => {
  const userEvents: ModelEvent[] = [
    { type: 'sms.edit', patch: COMPLETE },
    { type: 'sms.preview' },
    { type: 'sms.send' },
    { type: 'sms.confirm' },
    { type: 'sms.cancel' },
    { type: 'sms.retry' },
    { type: 'sms.new' },
  ];
  const events: ModelEvent[] = [
    ...userEvents,
    { type: 'xstate.done.actor.preview', output: PREVIEW },
    { type: 'xstate.error.actor.preview', error: REFUSED },
    { type: 'xstate.done.actor.send', output: SENT },
    { type: 'xstate.error.actor.send', error: DOWN },
  ];
  const model = createTestModel(asModel(smsComposeMachine), {
    events: events as never,
    serializeState: ((s: { value: unknown; context: Record<string, unknown> }, e: ModelEvent | undefined) =>
      JSON.stringify([
        s.value,
        (s.context.draft as SmsDraft).template !== '',
        !!s.context.preview,
        !!s.context.sent,
        !!s.context.error,
      ]) + (e ? ` via ${e.type}` : '')) as never,
  });
  const paths = model.getShortestPaths();
  const states = ['confirming', 'editing', 'failed', 'previewed', 'previewing', 'sending', 'sent'];

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(states);
  });

  for (const path of paths.slice(0, 60)) {
    it(`${String(path.state.value)} via ${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      const r = run();
      let confirmed = 0;
      let sentAnswers = 0;
      await path.test({
        events: {
          ...Object.fromEntries(
            userEvents.map((e) => [
              e.type,
              ({ event }: { event: ModelEvent }) => {
                if (event.type === 'sms.confirm' || event.type === 'sms.retry') {
                  if (r.actor.getSnapshot().can(event as never)) confirmed += 1;
                }
                r.actor.send(event as never);
              },
            ]),
          ),
          'xstate.done.actor.preview': ({ event }: { event: ModelEvent }) => r.preview.settle('resolve', event.output),
          'xstate.error.actor.preview': ({ event }: { event: ModelEvent }) => r.preview.settle('reject', event.error),
          'xstate.done.actor.send': async ({ event }: { event: ModelEvent }) => {
            sentAnswers += 1;
            await r.send.settle('resolve', event.output);
          },
          'xstate.error.actor.send': ({ event }: { event: ModelEvent }) => r.send.settle('reject', event.error),
        },
        states: Object.fromEntries(
          states.map((name) => [
            name,
            () => {
              const snap = r.actor.getSnapshot();
              expect(snap.matches(name as never)).toBe(true);
              // Nothing goes out but after a confirmation (or a retry of a confirmed send).
              expect(r.send.calls.length).toBe(confirmed);
              // "Sent" (and the lists refreshed) only after the server answered.
              expect(r.saved()).toBe(sentAnswers);
              if (name === 'sent') expect(snap.context.sent).toEqual(SENT);
              else expect(snap.context.sent).toBeNull();
              // A failed send keeps the draft as typed.
              if (name === 'failed') {
                expect(snap.context.draft.template).toBe(TEMPLATE);
                expect(snap.context.error).toEqual(DOWN);
              }
              if (name === 'confirming' || name === 'sending') expect(snap.hasTag('confirm')).toBe(true);
            },
          ]),
        ),
      });
    });
  }
});

describe('sms compose machine: scenarios', () => {
  it('asks for nothing until an audience and a text are chosen', () => {
    const r = run();
    r.actor.send({ type: 'sms.preview' });
    expect(r.preview.calls).toEqual([]);
    r.actor.send({ type: 'sms.edit', patch: { template: TEMPLATE } });
    expect(r.actor.getSnapshot().can({ type: 'sms.preview' })).toBe(false);
    r.actor.send({ type: 'sms.edit', patch: { audience: 'students', studentIds: [77, 78] } });
    r.actor.send({ type: 'sms.preview' });
    expect(r.preview.calls).toEqual([
      { audience: { student_ids: [77, 78] }, template: TEMPLATE, language: 'bn', urgent: false },
    ]);
  });

  it('sends the previewed draft with confirm, a schedule and urgency as chosen', () => {
    const draft: SmsDraft = {
      ...EMPTY_DRAFT,
      audience: 'class',
      classId: 6,
      template: 'Tk {amount} due',
      language: 'en',
      amount: ' 1250 ',
      scheduleAt: '2026-12-01T09:00:00.000+06:00',
      urgent: true,
    };
    expect(bodyOf(draft)).toEqual({
      audience: { class_id: 6 },
      template: 'Tk {amount} due',
      language: 'en',
      amount: '1250',
      schedule_at: '2026-12-01T09:00:00.000+06:00',
      urgent: true,
    });
  });

  it('cannot send a preview that reaches nobody', async () => {
    const r = run();
    r.actor.send({ type: 'sms.edit', patch: COMPLETE });
    r.actor.send({ type: 'sms.preview' });
    await r.preview.settle('resolve', { ...PREVIEW, recipients: 0, opted_out: 3, parts: 0, sample: null });
    expect(r.actor.getSnapshot().hasTag('previewed')).toBe(true);
    expect(r.actor.getSnapshot().can({ type: 'sms.send' })).toBe(false);
  });

  it('lets a message past the quota be sent: it waits for more SMS, as the preview said', async () => {
    const r = run();
    r.actor.send({ type: 'sms.edit', patch: COMPLETE });
    r.actor.send({ type: 'sms.preview' });
    await r.preview.settle('resolve', { ...PREVIEW, left: 1, fits: false });
    r.actor.send({ type: 'sms.send' });
    r.actor.send({ type: 'sms.confirm' });
    expect(r.send.calls).toHaveLength(1);
  });

  it('retries an unknown outcome with the same key, and a refused one with a new key', async () => {
    const r = run();
    r.actor.send({ type: 'sms.edit', patch: COMPLETE });
    r.actor.send({ type: 'sms.preview' });
    await r.preview.settle('resolve', PREVIEW);
    r.actor.send({ type: 'sms.send' });
    r.actor.send({ type: 'sms.confirm' });
    await r.send.settle('reject', DOWN);
    r.actor.send({ type: 'sms.retry' });
    await r.send.settle('reject', REFUSED);
    r.actor.send({ type: 'sms.retry' });
    const keys = r.send.calls.map((c) => (c as { key: string }).key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    await r.send.settle('resolve', SENT);
    expect(r.actor.getSnapshot().hasTag('sent')).toBe(true);
    expect(r.saved()).toBe(1);
  });

  it('an edit after a failure goes back to the draft with the change, the preview forgotten', async () => {
    const r = run();
    r.actor.send({ type: 'sms.edit', patch: COMPLETE });
    r.actor.send({ type: 'sms.preview' });
    await r.preview.settle('resolve', PREVIEW);
    r.actor.send({ type: 'sms.send' });
    r.actor.send({ type: 'sms.confirm' });
    await r.send.settle('reject', REFUSED);
    r.actor.send({ type: 'sms.edit', patch: { scheduleAt: '' } });
    const snap = r.actor.getSnapshot();
    expect(snap.hasTag('editing')).toBe(true);
    expect(snap.context).toMatchObject({ preview: null, error: null, draft: { template: TEMPLATE, sectionId: 3 } });
  });

  it('a new message after sending keeps the audience and language, clears the text', async () => {
    const r = run();
    r.actor.send({ type: 'sms.edit', patch: { ...COMPLETE, language: 'en' } });
    r.actor.send({ type: 'sms.preview' });
    await r.preview.settle('resolve', PREVIEW);
    r.actor.send({ type: 'sms.send' });
    r.actor.send({ type: 'sms.confirm' });
    await r.send.settle('resolve', SENT);
    r.actor.send({ type: 'sms.new' });
    expect(r.actor.getSnapshot().context.draft).toEqual({ ...EMPTY_DRAFT, sectionId: 3, language: 'en' });
  });
});
