/**
 * Model-based tests for the two-factor card's machine. Paths come from the machine
 * (asModel turns each invocation's outcomes into events); each is replayed against a real actor
 * whose actors are deferred fakes, and every state is checked for what the card must show and
 * which calls went out, never against the model's own snapshot.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { asModel } from '../helpers/as-model';
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '@/api/schemas/auth';
import { twoFactorMachine, type TwoFactorEvent } from '@/machines/two-factor.machine';

const OFF: TwoFactorStatus = { enabled: false, pending: false, recovery_codes_left: 0 };
const ON: TwoFactorStatus = { enabled: true, pending: false, recovery_codes_left: 10 };
const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Pathshala:A-1?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Pathshala',
};
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD${i}-FGHJK`);
const ENABLED: TwoFactorEnabled = { ok: true, message: 'Two-factor sign-in is on.', recovery_codes: CODES };
const WRONG_CODE = { status: 400, code: 'invalid_input', message: 'That code is not right.' };
const OFFLINE = { status: 0, code: 'network', message: 'Could not reach the server.' };
const ALREADY = { status: 409, code: 'two_factor.already_on', message: 'Two-factor sign-in is already on.' };
const WRONG_PASSWORD = {
  status: 400,
  code: 'two_factor.wrong_password',
  message: 'current_password: That is not your current password.',
};
const PASSWORD = 'my password';

type Snap = SnapshotFrom<typeof twoFactorMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

function eventsFor(): ModelEvent[] {
  return [
    { type: 'twoFactor.retry' },
    { type: 'twoFactor.start', password: PASSWORD },
    { type: 'twoFactor.cancel' },
    { type: 'twoFactor.code', code: '123456' },
    { type: 'twoFactor.saved' },
    { type: 'twoFactor.disable', code: '654321', password: PASSWORD },
    { type: 'xstate.done.actor.fetchStatus', output: OFF },
    { type: 'xstate.done.actor.fetchStatus', output: ON },
    { type: 'xstate.error.actor.fetchStatus', error: OFFLINE },
    { type: 'xstate.done.actor.startSetup', output: SETUP },
    { type: 'xstate.error.actor.startSetup', error: ALREADY },
    { type: 'xstate.error.actor.startSetup', error: WRONG_PASSWORD },
    { type: 'xstate.done.actor.enable', output: ENABLED },
    { type: 'xstate.error.actor.enable', error: WRONG_CODE },
    { type: 'xstate.done.actor.disable', output: { ok: true } },
    { type: 'xstate.error.actor.disable', error: WRONG_CODE },
    { type: 'xstate.error.actor.disable', error: WRONG_PASSWORD },
  ];
}

type Name = 'fetchStatus' | 'startSetup' | 'enable' | 'disable';
type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

function start() {
  const pending: Partial<Record<Name, Deferred>> = {};
  const calls = {
    fetchStatus: 0,
    startSetup: [] as { password: string }[],
    enable: [] as { code: string; password: string }[],
    disable: [] as { code: string; password: string }[],
  };
  const defer = <T>(name: Name) =>
    new Promise<T>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject };
    });
  const machine = twoFactorMachine.provide({
    actors: {
      fetchStatus: fromPromise<TwoFactorStatus>(() => (calls.fetchStatus++, defer('fetchStatus'))),
      startSetup: fromPromise<TwoFactorSetup, { password: string }>(
        ({ input }) => (calls.startSetup.push(input), defer('startSetup')),
      ),
      enable: fromPromise<TwoFactorEnabled, { code: string; password: string }>(
        ({ input }) => (calls.enable.push(input), defer('enable')),
      ),
      disable: fromPromise<unknown, { code: string; password: string }>(
        ({ input }) => (calls.disable.push(input), defer('disable')),
      ),
    },
  });
  const actor = createActor(machine).start();
  async function settle(name: Name, outcome: 'resolve' | 'reject', value: unknown) {
    const call = pending[name];
    if (!call) throw new Error(`the machine never called ${name}`);
    delete pending[name];
    call[outcome](value);
    await new Promise((r) => setTimeout(r, 0));
  }
  return { actor, calls, pending, settle };
}

function replay(sut: ReturnType<typeof start>) {
  const { actor, calls, pending, settle } = sut;
  const real = (): Snap => actor.getSnapshot();
  const send = ({ event }: { event: EventObject }) => actor.send(event as TwoFactorEvent);
  const answer =
    (name: Name, outcome: 'resolve' | 'reject') =>
    ({ event }: { event: ModelEvent }) =>
      settle(name, outcome, outcome === 'resolve' ? event.output : event.error);
  const nothingPending = () => expect(Object.keys(pending)).toEqual([]);
  return {
    events: {
      'twoFactor.retry': send,
      'twoFactor.start': send,
      'twoFactor.cancel': send,
      'twoFactor.code': send,
      'twoFactor.saved': send,
      'twoFactor.disable': send,
      'xstate.done.actor.fetchStatus': answer('fetchStatus', 'resolve'),
      'xstate.error.actor.fetchStatus': answer('fetchStatus', 'reject'),
      'xstate.done.actor.startSetup': answer('startSetup', 'resolve'),
      'xstate.error.actor.startSetup': answer('startSetup', 'reject'),
      'xstate.done.actor.enable': answer('enable', 'resolve'),
      'xstate.error.actor.enable': answer('enable', 'reject'),
      'xstate.done.actor.disable': answer('disable', 'resolve'),
      'xstate.error.actor.disable': answer('disable', 'reject'),
    },
    states: {
      loading: () => {
        const s = real();
        expect(s.hasTag('busy')).toBe(true);
        expect(Object.keys(pending)).toEqual(['fetchStatus']);
        expect(s.context.recoveryCodes).toBeNull();
      },
      failed: () => {
        const s = real();
        expect(s.context.error).toEqual(OFFLINE);
        expect(s.can({ type: 'twoFactor.retry' })).toBe(true);
        nothingPending();
      },
      off: () => {
        const s = real();
        expect(s.context.status).toEqual(OFF);
        expect(s.context.setup).toBeNull();
        expect(s.can({ type: 'twoFactor.start', password: PASSWORD })).toBe(true);
        expect(s.can({ type: 'twoFactor.disable', code: '1', password: PASSWORD })).toBe(false);
        // Only a refused setup leaves an error to show (a wrong password among them).
        expect([null, ALREADY, WRONG_PASSWORD]).toContainEqual(s.context.error);
        // The password typed for a setup that did not go ahead is not kept.
        expect(s.context.password).toBeNull();
        nothingPending();
      },
      starting: () => {
        expect(real().hasTag('busy')).toBe(true);
        expect(calls.startSetup.at(-1)).toEqual({ password: PASSWORD });
        expect(Object.keys(pending)).toEqual(['startSetup']);
      },
      setup: () => {
        const s = real();
        // The key and link to show, from the server.
        expect(s.context.setup).toEqual(SETUP);
        expect([null, WRONG_CODE]).toContainEqual(s.context.error);
        expect(s.context.recoveryCodes).toBeNull();
        nothingPending();
      },
      enabling: () => {
        expect(real().hasTag('busy')).toBe(true);
        // The password typed to start goes with the first code.
        expect(calls.enable.at(-1)).toEqual({ code: '123456', password: PASSWORD });
        expect(Object.keys(pending)).toEqual(['enable']);
      },
      showingCodes: () => {
        const s = real();
        // The ten codes, shown once; the key is no longer kept.
        expect(s.context.recoveryCodes).toEqual(CODES);
        expect(s.context.setup).toBeNull();
        expect(s.context.password).toBeNull();
        expect(s.can({ type: 'twoFactor.saved' })).toBe(true);
        nothingPending();
      },
      on: () => {
        const s = real();
        expect(s.context.status).toEqual(ON);
        expect(s.context.recoveryCodes).toBeNull();
        expect(s.can({ type: 'twoFactor.start', password: PASSWORD })).toBe(false);
        expect([null, WRONG_CODE, WRONG_PASSWORD]).toContainEqual(s.context.error);
        expect(s.context.password).toBeNull();
        nothingPending();
      },
      disabling: () => {
        expect(real().hasTag('busy')).toBe(true);
        expect(calls.disable.at(-1)).toEqual({ code: '654321', password: PASSWORD });
        expect(Object.keys(pending)).toEqual(['disable']);
      },
    },
  };
}

const STATES = ['loading', 'failed', 'off', 'starting', 'setup', 'enabling', 'showingCodes', 'on', 'disabling'];

describe('shortest paths to every two-factor card state', () => {
  const paths = createTestModel(asModel(twoFactorMachine), { events: eventsFor as never }).getShortestPaths();

  it('visits every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => String(s.value)),
    );
    expect([...reached].sort()).toEqual([...STATES].sort());
  });

  for (const path of paths) {
    const via = path.steps
      .map((s) => s.event.type.replace('xstate.', '').replace('twoFactor.', ''))
      .filter((e) => e !== 'init')
      .join(' → ');
    it(`${String(path.state.value)} via ${via || 'start'}`, async () => {
      const sut = start();
      await path.test(replay(sut) as never);
      sut.actor.stop();
    });
  }
});

describe('two-factor card examples', () => {
  it('turns on, shows the codes once, then shows it on; turning off with a wrong code says so', async () => {
    const sut = start();
    await sut.settle('fetchStatus', 'resolve', OFF);
    sut.actor.send({ type: 'twoFactor.start', password: 'typo' });
    await sut.settle('startSetup', 'reject', WRONG_PASSWORD);
    expect(sut.actor.getSnapshot().value).toBe('off');
    expect(sut.actor.getSnapshot().context.error).toEqual(WRONG_PASSWORD);
    sut.actor.send({ type: 'twoFactor.start', password: PASSWORD });
    await sut.settle('startSetup', 'resolve', SETUP);
    sut.actor.send({ type: 'twoFactor.code', code: '000000' });
    await sut.settle('enable', 'reject', WRONG_CODE);
    expect(sut.actor.getSnapshot().value).toBe('setup');
    sut.actor.send({ type: 'twoFactor.code', code: '123456' });
    await sut.settle('enable', 'resolve', ENABLED);
    expect(sut.actor.getSnapshot().context.recoveryCodes).toHaveLength(10);
    sut.actor.send({ type: 'twoFactor.saved' });
    expect(sut.actor.getSnapshot().context.recoveryCodes).toBeNull();
    await sut.settle('fetchStatus', 'resolve', ON);
    expect(sut.actor.getSnapshot().value).toBe('on');
    sut.actor.send({ type: 'twoFactor.disable', code: '111111', password: PASSWORD });
    await sut.settle('disable', 'reject', WRONG_CODE);
    expect(sut.actor.getSnapshot().value).toBe('on');
    expect(sut.actor.getSnapshot().context.error).toEqual(WRONG_CODE);
    sut.actor.send({ type: 'twoFactor.disable', code: '222222', password: PASSWORD });
    await sut.settle('disable', 'resolve', { ok: true });
    await sut.settle('fetchStatus', 'resolve', OFF);
    expect(sut.actor.getSnapshot().value).toBe('off');
    expect(sut.actor.getSnapshot().context.turnedOff).toBe(true);
    expect(sut.calls.startSetup).toEqual([{ password: 'typo' }, { password: PASSWORD }]);
    expect(sut.calls.enable).toEqual([
      { code: '000000', password: PASSWORD },
      { code: '123456', password: PASSWORD },
    ]);
    expect(sut.calls.disable).toEqual([
      { code: '111111', password: PASSWORD },
      { code: '222222', password: PASSWORD },
    ]);
  });
});
