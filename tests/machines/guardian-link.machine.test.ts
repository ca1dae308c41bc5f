/**
 * The guardian link machine: model-based paths over adding (created or matched, or
 * refused) and unlinking (confirmed, cancelled, refused). Each path asserts which calls went out
 * and what the screen would show.
 */
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { ApiError } from '@/api/client';
import { guardianLinkMachine } from '@/machines/guardian-link.machine';
import { asModel } from '../helpers/as-model';

type ModelEvent = EventObject & { output?: unknown; error?: unknown };
type Snap = SnapshotFrom<AnyStateMachine>;

const STUDENT = 41;
const DRAFT = { studentId: STUDENT, name: 'Rahima Khatun', phone: '01898765432', relation: 'mother' as const };
const CREATED = {
  guardian_id: 5,
  user_code: '01898765432',
  initial_password: 'Ab3defGh9jkL',
  matched: false,
  message: 'Guardian created and linked.',
};
const TAKEN = new ApiError(409, 'guardians.phone_taken', 'That phone number is another account’s user id.', {
  phone: 'is another account’s user id',
});
const GUARDIAN = { studentId: STUDENT, guardianId: 5, name: 'Rahima Khatun' };
const NOT_LINKED = new ApiError(404, 'guardians.not_linked', 'That guardian is not linked to this student.');

describe('guardian link machine paths', () => {
  const events = [
    { type: 'guardian.add', ...DRAFT },
    { type: 'guardian.unlink', ...GUARDIAN },
    { type: 'guardian.confirm' },
    { type: 'guardian.cancel' },
    { type: 'guardian.dismiss' },
    { type: 'xstate.done.actor.create', output: CREATED },
    { type: 'xstate.error.actor.create', error: TAKEN },
    { type: 'xstate.done.actor.unlink', output: { message: 'Guardian unlinked.' } },
    { type: 'xstate.error.actor.unlink', error: NOT_LINKED },
  ];
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      s.context.created ? 'created' : '-',
      s.context.unlinked > 0 ? 'unlinked' : '-',
      s.context.error ? 'failed' : '-',
    ].join('|');
  const paths = createTestModel(asModel(guardianLinkMachine), {
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths();

  it('reaches an added guardian, a confirmed and a cancelled unlink, and both refusals', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen).toEqual(
      expect.arrayContaining([
        '"adding"|-|-|-',
        '"idle"|created|-|-',
        '"idle"|-|-|failed',
        '"confirming"|-|-|-',
        '"unlinking"|-|-|-',
        '"idle"|-|unlinked|-',
      ]),
    );
  });

  it('forgets the one-time password and a refusal once dismissed', async () => {
    const actor = createActor(
      guardianLinkMachine.provide({
        actors: {
          create: fromPromise(async () => CREATED) as never,
          unlink: fromPromise<{ message: string }>(() => Promise.reject(NOT_LINKED)) as never,
        },
      }),
    ).start();
    actor.send({ type: 'guardian.add', ...DRAFT });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.created?.initial_password).toBe(CREATED.initial_password);
    actor.send({ type: 'guardian.dismiss' });
    expect(actor.getSnapshot().context.created).toBeNull();
    actor.send({ type: 'guardian.unlink', ...GUARDIAN });
    actor.send({ type: 'guardian.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.error).toBe(NOT_LINKED);
    actor.send({ type: 'guardian.dismiss' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const creates: unknown[] = [];
      const unlinks: unknown[] = [];
      let reloads = 0;
      let successes = 0;
      let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
      const waiting = (log: unknown[]) =>
        fromPromise(({ input }: { input: unknown }) => {
          log.push(input);
          return new Promise((resolve, reject) => {
            pending = { resolve, reject };
          }) as never;
        });
      const actor = createActor(
        guardianLinkMachine.provide({
          actors: { create: waiting(creates) as never, unlink: waiting(unlinks) as never },
          actions: { changed: () => void reloads++ },
        }),
      ).start();
      const settle = async (how: 'resolve' | 'reject', v: unknown) => {
        const p = pending!;
        pending = null;
        p[how](v);
        await new Promise((r) => setTimeout(r, 0));
      };
      const send = ({ event }: { event: ModelEvent }) => void actor.send(event as never);
      const ok = ({ event }: { event: ModelEvent }) => {
        successes++;
        return settle('resolve', event.output);
      };
      const fail = ({ event }: { event: ModelEvent }) => settle('reject', event.error);
      await path.test({
        events: {
          'guardian.add': send,
          'guardian.unlink': send,
          'guardian.confirm': send,
          'guardian.cancel': send,
          'guardian.dismiss': send,
          'xstate.done.actor.create': ok,
          'xstate.error.actor.create': fail,
          'xstate.done.actor.unlink': ok,
          'xstate.error.actor.unlink': fail,
        } as never,
        states: {
          '*': () => {
            const s = actor.getSnapshot();
            const adds = path.steps.filter((st) => st.event.type === 'guardian.add').length;
            const confirms = path.steps.filter((st) => st.event.type === 'guardian.confirm').length;
            // An add names this student; nothing is unlinked before the admin confirms.
            expect(creates.length).toBeLessThanOrEqual(adds);
            for (const c of creates) expect(c).toEqual(DRAFT);
            expect(unlinks.length).toBeLessThanOrEqual(confirms);
            for (const u of unlinks) expect(u).toEqual({ guardianId: GUARDIAN.guardianId, studentId: STUDENT });
            if (s.matches('confirming')) expect(s.context.pending).toEqual(GUARDIAN);
            // The guardians reload once per success the server confirmed, never after a refusal.
            expect(reloads).toBe(successes);
            expect(s.hasTag('busy')).toBe(s.matches('adding') || s.matches('unlinking'));
            // The one-time password is gone once dismissed: shown until then, never again.
            const last = path.steps.findLast((st) => st.event.type.startsWith('guardian.'));
            if (last?.event.type === 'guardian.dismiss' && s.matches('idle')) {
              expect(s.context.created).toBeNull();
              expect(s.context.error).toBeNull();
            }
          },
        } as never,
      });
      // By the path's end every add and every confirmed unlink went out, once each.
      expect(creates).toHaveLength(path.steps.filter((st) => st.event.type === 'guardian.add').length);
      expect(unlinks).toHaveLength(path.steps.filter((st) => st.event.type === 'guardian.confirm').length);
      actor.stop();
    });
  }
});
