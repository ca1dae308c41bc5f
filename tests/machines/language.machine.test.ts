/**
 * Model-based paths through the language machine: every state reached by its shortest paths, each
 * state checked against the calls made (save before apply, never apply after a refused save) and
 * what the header would show (busy, the saved language, the error).
 */
import { createActor, fromPromise, type EventObject } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { languageMachine } from '@/machines/language.machine';
import type { Language } from '@/i18n/i18n';
import { asModel } from '../helpers/as-model';

const REFUSED = { status: 500, code: 'internal', message: 'The database is asleep.' };
const SAVED = { ok: true, message: 'Language saved.', code: 'shell.language_saved', language: 'bn' };

function start() {
  const calls = { save: [] as Language[], apply: [] as Language[] };
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
  const deferred = (name: string) =>
    new Promise((resolve, reject) => {
      pending[name] = { resolve, reject };
    });
  const actor = createActor(
    languageMachine.provide({
      actors: {
        save: fromPromise(({ input }: { input: { language: Language } }) => {
          calls.save.push(input.language);
          return deferred('save') as never;
        }),
        apply: fromPromise(({ input }: { input: { language: Language } }) => {
          calls.apply.push(input.language);
          return deferred('apply') as Promise<void>;
        }),
      },
    }),
  ).start();
  const settle = async (name: string, how: 'resolve' | 'reject', value: unknown) => {
    const p = pending[name];
    delete pending[name];
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, pending, settle };
}

type ModelEvent = EventObject & { output?: unknown; error?: unknown; language?: Language };

const model = asModel(languageMachine);
const eventsFor = () => [
  { type: 'language.choose', language: 'bn' },
  { type: 'xstate.done.actor.save', output: SAVED },
  { type: 'xstate.error.actor.save', error: REFUSED },
  { type: 'xstate.done.actor.apply', output: undefined },
  { type: 'xstate.error.actor.apply', error: new Error('chunk') },
];

describe('language machine paths', () => {
  const testModel = createTestModel(model, { events: eventsFor as never });
  const paths = testModel.getShortestPaths();

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => s.value));
    expect([...reached].sort()).toEqual(['applying', 'idle', 'saving']);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${String(path.state.value)} via ${name}`, async () => {
      const h = start();
      const lastStep = () => path.steps.at(-1)?.event.type ?? '';
      await path.test({
        events: {
          'language.choose': ({ event }: { event: ModelEvent }) => void h.actor.send(event as never),
          'xstate.done.actor.save': ({ event }: { event: ModelEvent }) => h.settle('save', 'resolve', event.output),
          'xstate.error.actor.save': ({ event }: { event: ModelEvent }) => h.settle('save', 'reject', event.error),
          'xstate.done.actor.apply': () => h.settle('apply', 'resolve', undefined),
          'xstate.error.actor.apply': ({ event }: { event: ModelEvent }) => h.settle('apply', 'reject', event.error),
        } as never,
        states: {
          idle: () => {
            const s = h.actor.getSnapshot();
            expect(s.value).toBe('idle');
            expect(s.hasTag('busy')).toBe(false);
            expect(s.context.pending).toBeNull();
            expect(Object.keys(h.pending)).toEqual([]);
            if (h.calls.save.length === 0) expect(s.context).toMatchObject({ saved: null, error: null });
          },
          saving: () => {
            const s = h.actor.getSnapshot();
            expect(s.value).toBe('saving');
            expect(s.hasTag('busy')).toBe(true);
            expect(h.calls.save.at(-1)).toBe('bn');
            // Nothing is shown in the new language before the server confirmed it.
            expect(h.calls.apply).toHaveLength(h.calls.save.length - 1);
            expect(Object.keys(h.pending)).toEqual(['save']);
          },
          applying: () => {
            const s = h.actor.getSnapshot();
            expect(s.value).toBe('applying');
            expect(h.calls.apply).toHaveLength(h.calls.save.length);
            expect(h.calls.apply.at(-1)).toBe('bn');
            expect(Object.keys(h.pending)).toEqual(['apply']);
          },
        } as never,
      });
      const s = h.actor.getSnapshot();
      // After a refused save the language stays: no apply, the server's error kept for the toast.
      if (lastStep() === 'xstate.error.actor.save') {
        expect(h.calls.apply).toHaveLength(h.calls.save.length - 1);
        expect(s.context.error).toBe(REFUSED);
      }
      if (lastStep() === 'xstate.done.actor.apply') expect(s.context).toMatchObject({ saved: 'bn', error: null });
      h.actor.stop();
    });
  }
});
