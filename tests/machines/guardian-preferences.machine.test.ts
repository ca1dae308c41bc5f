/**
 * The guardian-preferences machine: model-based paths over choosing, saving, the
 * server's answer or refusal, and retrying. Each path asserts what was sent and what is shown.
 */
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { ApiError } from '@/api/client';
import { guardianPreferencesMachine } from '@/machines/guardian-preferences.machine';
import { asModel } from '../helpers/as-model';

type ModelEvent = EventObject & { output?: unknown; error?: unknown; choice?: unknown };
type Snap = SnapshotFrom<AnyStateMachine>;

const START = { sms: 'sms' as const, language: 'bn' as const };
const NONE_EN = { sms: 'none' as const, language: 'en' as const };
const REFUSED = new ApiError(500, 'internal', 'Something went wrong on the server.');

describe('guardian preferences machine paths', () => {
  const events = [
    { type: 'prefs.change', choice: NONE_EN },
    { type: 'prefs.save' },
    { type: 'prefs.retry' },
    { type: 'xstate.done.actor.save', output: { message: 'Preferences saved.' } },
    { type: 'xstate.error.actor.save', error: REFUSED },
  ];
  const serialize = (s: Snap) =>
    [JSON.stringify(s.value), s.context.choice.sms, s.context.choice.language, s.context.error ? 'failed' : '-'].join(
      '|',
    );
  const model = createTestModel(asModel(guardianPreferencesMachine), {
    events: (() => events) as never,
    serializeState: serialize as never,
  });
  const paths = model.getShortestPaths();

  it('reaches saved, a refusal, and a retry', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen).toEqual(
      expect.arrayContaining([
        '"editing"|sms|bn|-',
        '"saving"|sms|bn|-',
        '"saved"|sms|bn|-',
        '"failed"|sms|bn|failed',
        '"saved"|none|en|-',
        '"failed"|none|en|failed',
      ]),
    );
  });

  it('retries a refused save with the same choice, and "saved" only after the answer', async () => {
    const sent: unknown[] = [];
    let calls = 0;
    const actor = createActor(
      guardianPreferencesMachine.provide({
        actors: {
          save: fromPromise(async ({ input }: { input: unknown }) => {
            sent.push(input);
            if (++calls === 1) throw REFUSED;
            return { message: 'Preferences saved.' };
          }) as never,
        },
      }),
      { input: { choice: START } },
    ).start();
    actor.send({ type: 'prefs.change', choice: NONE_EN });
    actor.send({ type: 'prefs.save' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(REFUSED);
    actor.send({ type: 'prefs.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    expect(sent).toEqual([NONE_EN, NONE_EN]);
    actor.send({ type: 'prefs.change', choice: START });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.stop();
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const sent: unknown[] = [];
      let shownSaved = 0;
      let answered = 0;
      let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
      const actor = createActor(
        guardianPreferencesMachine.provide({
          actors: {
            save: fromPromise(({ input }: { input: unknown }) => {
              sent.push(input);
              return new Promise((resolve, reject) => {
                pending = { resolve, reject };
              }) as never;
            }) as never,
          },
          actions: { saved: () => void shownSaved++ },
        }),
        { input: { choice: START } },
      ).start();
      const settle = async (how: 'resolve' | 'reject', v: unknown) => {
        const p = pending!;
        pending = null;
        p[how](v);
        await new Promise((r) => setTimeout(r, 0));
      };
      const send = ({ event }: { event: ModelEvent }) => void actor.send(event as never);
      await path.test({
        events: {
          'prefs.change': send,
          'prefs.save': send,
          'prefs.retry': send,
          'xstate.done.actor.save': ({ event }: { event: ModelEvent }) => {
            answered++;
            return settle('resolve', event.output);
          },
          'xstate.error.actor.save': ({ event }: { event: ModelEvent }) => settle('reject', event.error),
        } as never,
        states: {
          '*': () => {
            const s = actor.getSnapshot();
            // Every save sends the choice shown at that moment.
            for (const c of sent) expect([START, NONE_EN]).toContainEqual(c);
            if (sent.length) expect(sent.at(-1)).toEqual(s.context.choice);
            // "Saved" only after the server answered, once per answer.
            expect(shownSaved).toBe(answered);
            if (s.matches('saved')) expect(answered).toBeGreaterThan(0);
            expect(s.hasTag('busy')).toBe(s.matches('saving'));
            expect(Boolean(s.context.error)).toBe(s.matches('failed'));
          },
        } as never,
      });
      const saves = path.steps.filter((st) => st.event.type === 'prefs.save' || st.event.type === 'prefs.retry');
      expect(sent).toHaveLength(saves.length);
      actor.stop();
    });
  }
});
