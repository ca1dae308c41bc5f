/**
 * The person-record machine (docs/DOMAIN.md, Records): model-based paths over the edit (saved,
 * moved, refused), leaving (asked, confirmed, cancelled, refused) and coming back. Each path checks
 * which calls went out and with what, that nothing leaves before the admin confirms, and that the
 * lists reload once per success the server confirmed. Then literal scenarios.
 */
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { ApiError } from '@/api/client';
import { personRecordMachine, updateBody, type PersonRecordInput } from '@/machines/person-record.machine';
import { asModel } from '../helpers/as-model';

type ModelEvent = EventObject & { output?: unknown; error?: unknown };
type Snap = SnapshotFrom<AnyStateMachine>;

const INPUT: PersonRecordInput = {
  kind: 'student',
  id: 41,
  name: 'Rafi Hasan',
  form: {
    student_code: 'S-041',
    first_name: 'Rafi',
    last_name: 'Hasan',
    class_id: '6',
    section_id: '11',
    class_roll_no: '12',
  },
  leftOn: null,
  today: '2026-11-25',
};
const SAVED = { ok: true, message: 'Saved.', code: 'records.student_updated', id: 41, enrolment_changed: false };
const MOVED = { ...SAVED, enrolment_changed: true };
const ROLL_TAKEN = new ApiError(409, 'people.duplicate', 'class_roll_no: roll 12 is already taken in that section', {
  class_roll_no: 'roll 12 is already taken in that section',
});
const ALREADY = new ApiError(409, 'records.already_inactive', 'Already inactive since 2026-11-20.');
const DONE = { ok: true, message: 'Marked as left.', code: 'records.deactivated' };

describe('person record machine paths', () => {
  const events = [
    { type: 'record.edit' },
    { type: 'record.field', field: 'class_roll_no', value: '14' },
    { type: 'record.save' },
    { type: 'record.leave' },
    { type: 'record.leaveField', field: 'reason', value: 'transfer' },
    { type: 'record.submit' },
    { type: 'record.confirm' },
    { type: 'record.cancel' },
    { type: 'record.reactivate' },
    { type: 'xstate.done.actor.updateRecord', output: MOVED },
    { type: 'xstate.error.actor.updateRecord', error: ROLL_TAKEN },
    { type: 'xstate.done.actor.deactivate', output: DONE },
    { type: 'xstate.error.actor.deactivate', error: ALREADY },
    { type: 'xstate.done.actor.reactivate', output: { ...DONE, code: 'records.reactivated' } },
  ];
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      s.context.leftOn ? 'left' : 'active',
      s.context.leave.reason || '-',
      s.context.notice ?? '-',
      s.context.error ? 'failed' : '-',
    ].join('|');
  const paths = createTestModel(asModel(personRecordMachine), {
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths({ input: INPUT } as never);

  it('reaches a save with a move, a refusal, a confirmed leaving, a refused one and a reactivation', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen).toEqual(
      expect.arrayContaining([
        '"viewing"|active|-|moved|-',
        '"editing"|active|-|-|failed',
        '"confirmingLeave"|active|transfer|-|-',
        '"viewing"|left|transfer|deactivated|-',
        '"leaving"|active|transfer|-|failed',
        '"confirmingReactivate"|left|transfer|-|-',
        '"viewing"|active|transfer|reactivated|-',
      ]),
    );
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const calls: { updateRecord: unknown[]; deactivate: unknown[]; reactivate: unknown[] } = {
        updateRecord: [],
        deactivate: [],
        reactivate: [],
      };
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
        personRecordMachine.provide({
          actors: {
            updateRecord: waiting(calls.updateRecord) as never,
            deactivate: waiting(calls.deactivate) as never,
            reactivate: waiting(calls.reactivate) as never,
          },
          actions: { savedChanges: () => void reloads++ },
        }),
        { input: INPUT },
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
      const count = (type: string) => path.steps.filter((st) => st.event.type === type).length;
      await path.test({
        events: {
          'record.edit': send,
          'record.field': send,
          'record.save': send,
          'record.leave': send,
          'record.leaveField': send,
          'record.submit': send,
          'record.confirm': send,
          'record.cancel': send,
          'record.reactivate': send,
          'xstate.done.actor.updateRecord': ok,
          'xstate.error.actor.updateRecord': fail,
          'xstate.done.actor.deactivate': ok,
          'xstate.error.actor.deactivate': fail,
          'xstate.done.actor.reactivate': ok,
        } as never,
        states: {
          '*': () => {
            const s = actor.getSnapshot();
            // Nothing leaves or comes back before the admin confirms; each call names this person.
            expect(calls.deactivate.length + calls.reactivate.length).toBeLessThanOrEqual(count('record.confirm'));
            for (const d of calls.deactivate) {
              expect(d).toMatchObject({
                kind: 'student',
                id: 41,
                leave: { date: '2026-11-25', reason: 'transfer', note: '' },
              });
            }
            for (const u of calls.updateRecord) {
              expect(u).toMatchObject({ kind: 'student', id: 41, form: { student_code: 'S-041', first_name: 'Rafi' } });
            }
            expect(calls.updateRecord.length).toBeLessThanOrEqual(count('record.save'));
            // The lists reload once per success, never after a refusal.
            expect(reloads).toBe(successes);
            expect(s.hasTag('busy')).toBe(
              s.matches('saving') || s.matches('deactivating') || s.matches('reactivating'),
            );
            expect(s.hasTag('confirm')).toBe(
              ['confirmingLeave', 'deactivating', 'confirmingReactivate', 'reactivating'].some((st) =>
                s.matches(st as never),
              ),
            );
          },
        } as never,
      });
      actor.stop();
    });
  }
});

describe('person record machine scenarios', () => {
  const start = (over: Partial<PersonRecordInput> = {}, actors: Record<string, unknown> = {}) =>
    createActor(personRecordMachine.provide({ actors: actors as never }), { input: { ...INPUT, ...over } }).start();
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('an incomplete form is not sent: the missing fields are named', () => {
    const actor = start();
    actor.send({ type: 'record.edit' });
    actor.send({ type: 'record.field', field: 'first_name', value: ' ' });
    actor.send({ type: 'record.save' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(s.context.error?.fields).toEqual({ first_name: 'Fill this in.' });
  });

  it('a leaving without a reason is not asked about', () => {
    const actor = start();
    actor.send({ type: 'record.leave' });
    actor.send({ type: 'record.submit' });
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(actor.getSnapshot().context.error?.fields).toEqual({ reason: 'Fill this in.' });
  });

  it('a refusal keeps the form and names the field; a changed form is a new request', async () => {
    const keys: string[] = [];
    const actor = start(
      {},
      {
        updateRecord: fromPromise(({ input }: { input: { key: string } }) => {
          keys.push(input.key);
          return Promise.reject(ROLL_TAKEN);
        }),
      },
    );
    actor.send({ type: 'record.edit' });
    actor.send({ type: 'record.field', field: 'class_roll_no', value: '12' });
    actor.send({ type: 'record.save' });
    await tick();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error?.fields).toEqual({
      class_roll_no: 'roll 12 is already taken in that section',
    });
    expect(actor.getSnapshot().context.form.class_roll_no).toBe('12');
    actor.send({ type: 'record.field', field: 'class_roll_no', value: '15' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'record.save' });
    await tick();
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('an inactive person cannot be marked as left again, an active one not reactivated', () => {
    const inactive = start({ leftOn: '2026-11-20' });
    inactive.send({ type: 'record.leave' });
    expect(inactive.getSnapshot().value).toBe('viewing');
    const active = start();
    active.send({ type: 'record.reactivate' });
    expect(active.getSnapshot().value).toBe('viewing');
  });

  it('the update body is the add payload without the session, with the change date for a student', () => {
    expect(
      updateBody('student', {
        ...INPUT.form,
        session_id: '3',
        effective_date: '2026-11-20',
        mobile_no: ' 01711000000 ',
      }),
    ).toEqual({
      student_code: 'S-041',
      first_name: 'Rafi',
      middle_name: '',
      last_name: 'Hasan',
      mobile_no: '01711000000',
      email: '',
      father_name: '',
      father_phone_number: '',
      mother_name: '',
      mother_phone_number: '',
      present_address: '',
      permanent_address: '',
      dob: '',
      blood_group: '',
      gender_id: undefined,
      class_id: 6,
      section_id: 11,
      group_id: undefined,
      class_roll_no: 12,
      effective_date: '2026-11-20',
    });
  });
});
