/**
 * Opening without a network: a saved sign-in whose check fails on the network opens
 * with the profile this device kept for it, marked unconfirmed; a refusal still ends it, a server
 * error or a profile of another account still asks to retry, as before.
 */
import { createActor, fromPromise } from 'xstate';
import type { UserProfile } from '@/api/schemas/auth';
import { sessionMachine } from '@/machines/session.machine';
import type { FetchMeInput, StoredSession } from '@/api/session';
import { TEACHER } from '../screens/helpers';

const STORED: StoredSession = {
  user_type: 2,
  user_code: TEACHER.user_code,
  expires_at: null,
  school: null,
};

function restore(
  error: { status: number; code: string; message: string },
  offlineProfile: UserProfile | null,
  persisted: StoredSession[] = [],
) {
  const forgot: number[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: { fetchMe: fromPromise<UserProfile, FetchMeInput>(() => Promise.reject(error)) },
      actions: {
        forget: () => void forgot.push(1),
        persist: (_, stored: StoredSession) => void persisted.push(stored),
      },
    }),
    { input: { stored: STORED, offlineProfile } },
  ).start();
  return new Promise<{ snapshot: ReturnType<typeof actor.getSnapshot>; forgot: number[]; actor: typeof actor }>(
    (resolve) => {
      actor.subscribe((s) => {
        if (!s.hasTag('busy')) resolve({ snapshot: s, forgot, actor });
      });
    },
  );
}

const NETWORK = { status: 0, code: 'network', message: 'Could not reach the server.' };

describe('opening the app with no network', () => {
  it('opens signed in with the kept profile, unconfirmed', async () => {
    const { snapshot } = await restore(NETWORK, TEACHER);
    expect(snapshot.matches('signedIn')).toBe(true);
    expect(snapshot.context.profile).toEqual(TEACHER);
    expect(snapshot.context.unconfirmed).toBe(true);
    // The sign-in the app reopened with: its calls (the queue's replay too) carry its cookie.
    expect(snapshot.context.sessionKey).toBe(`${TEACHER.user_code}@`);
  });

  it('without a kept profile, or another account’s, asks to try again as before', async () => {
    for (const kept of [null, { ...TEACHER, user_code: 'T-9999' }]) {
      const { snapshot, forgot } = await restore(NETWORK, kept);
      expect(snapshot.matches('signedOut')).toBe(true);
      expect(snapshot.context.message).toMatch(/We could not check your saved sign-in/);
      expect(forgot).toEqual([]);
    }
  });

  it('a refused token or a server error never opens from the kept profile', async () => {
    const refused = await restore({ status: 401, code: 'unauthorized', message: 'no' }, TEACHER);
    expect(refused.snapshot.matches('signedOut')).toBe(true);
    expect(refused.forgot).toEqual([1]);
    const broken = await restore({ status: 500, code: 'internal', message: 'down' }, TEACHER);
    expect(broken.snapshot.matches('signedOut')).toBe(true);
    expect(broken.snapshot.context.profile).toBeNull();
  });

  it('once the network is back and the server answers the profile, it is confirmed (the "No network" line goes)', async () => {
    const persisted: StoredSession[] = [];
    const { actor } = await restore(NETWORK, TEACHER, persisted);
    expect(actor.getSnapshot().context.unconfirmed).toBe(true);
    // Another account's profile does not confirm this sign-in.
    actor.send({ type: 'session.confirmed', profile: { ...TEACHER, user_code: 'T-9999' } });
    expect(actor.getSnapshot().context.unconfirmed).toBe(true);
    expect(persisted).toEqual([]);

    const fresh = { ...TEACHER, full_name: 'Rahima Khatun (confirmed)' };
    actor.send({ type: 'session.confirmed', profile: fresh });
    const s = actor.getSnapshot();
    expect(s.value).toBe('signedIn');
    expect(s.context.unconfirmed).toBe(false);
    expect(s.context.profile).toEqual(fresh);
    expect(persisted).toEqual([STORED]);
    actor.stop();
  });
});
