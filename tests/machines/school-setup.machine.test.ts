/**
 * Model-based path tests for the school setup flows: the school form (create with the
 * admin's one-time password, the address cascade, EIIN and missing fields caught before sending)
 * and the organization types (create, edit, delete after a confirmation). Each model is the
 * machine's own config with its server answers as explicit events (tests/helpers/as-model.ts);
 * every shortest path is replayed on a real actor whose I/O is a deferred fake, checking the calls
 * that go out and what each state holds.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import type { AddSchoolResponse, SetupMessage } from '@/api/schemas/setup';
import {
  addSchoolBody,
  BAD_EIIN,
  BAD_EMAIL,
  BAD_PHONE,
  MISSING_FIELD,
  schoolFormMachine,
  schoolProblems,
  type SchoolForm,
  type SchoolFormMode,
} from '@/machines/school-form.machine';
import { EMPTY_ORGANIZATION, organizationMachine, type OrganizationForm } from '@/machines/organization.machine';
import { asModel } from '../helpers/as-model';

type AnyEvent = { type: string; output?: unknown; error?: unknown; field?: string; value?: string };
type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

const OFFLINE = new ApiError(0, 'network', 'Could not reach the server.');

function harness(actor: ReturnType<typeof createActor>, pending: Record<string, Deferred>) {
  let last: AnyEvent = { type: 'xstate.init' };
  const send = ({ event }: { event: AnyEvent }) => {
    last = event;
    actor.send(event as never);
  };
  const settle =
    (id: string, kind: 'resolve' | 'reject') =>
    async ({ event }: { event: AnyEvent }) => {
      last = event;
      const call = pending[id];
      if (!call) throw new Error(`the machine never called ${id}`);
      delete pending[id];
      call[kind](kind === 'resolve' ? event.output : event.error);
      await new Promise((r) => setTimeout(r, 0));
    };
  return { send, settle, last: () => last };
}

/** Transitions the machine defines that no path takes. */
function untaken(model: AnyStateMachine, paths: { steps: { state: { value: unknown }; event: { type: string } }[] }[]) {
  const taken = new Set<string>();
  for (const p of paths)
    p.steps.forEach((step, i) => {
      if (i > 0) taken.add(`${String(p.steps[i - 1].state.value)}|${step.event.type}`);
    });
  const defined: string[] = [];
  for (const [name, node] of Object.entries(model.root.states))
    for (const e of Object.keys(node.on)) defined.push(`${name}|${e}`);
  return defined.filter((t) => !taken.has(t));
}

const label = (e: AnyEvent) =>
  e.field ? `${e.field}=${e.value}` : e.type.replace(/^(school|org)\.|^xstate\.(done|error)\.actor\./, '');

// ---------------------------------------------------------------- the school form

type SchoolSnap = SnapshotFrom<typeof schoolFormMachine>;
const START: SchoolForm = {
  school_type: '2',
  eiin: '12345', // one digit short
  school_name: 'Savar Model High School',
  short_name: 'SMHS',
  division: '1',
  district: '47',
  admin_first_name: 'Rahim',
};
const CREATED: AddSchoolResponse = {
  ok: true,
  message: 'New School Created!',
  code: 'setup.school_added',
  id: 31,
  user_code: 'smhs-admin',
  initial_password: 'Qw3rTy7uPz9k',
};
const TAKEN = new ApiError(409, 'school_setup.duplicate', 'eiin: is already taken', { eiin: 'is already taken' });

describe('school form machine: every state and transition', () => {
  const model = asModel(schoolFormMachine);
  const input = { mode: 'create' as SchoolFormMode, initial: START };
  const events = (s: SchoolSnap): AnyEvent[] => [
    { type: 'school.field', field: 'eiin', value: '765432' },
    { type: 'school.field', field: 'upazilla', value: '365' },
    { type: 'school.field', field: 'admin_code', value: 'smhs-admin' },
    { type: 'school.field', field: 'division', value: '3' },
    { type: 'school.submit' },
    { type: 'school.dismiss' },
    { type: 'school.reset' },
    ...(s.value === 'submitting'
      ? [
          { type: 'xstate.done.actor.saveSchool', output: { created: CREATED, saved: null } },
          { type: 'xstate.error.actor.saveSchool', error: TAKEN },
          { type: 'xstate.error.actor.saveSchool', error: OFFLINE },
        ]
      : []),
  ];
  const testModel = createTestModel(model, {
    events: events as never,
    input,
    serializeState: ((s: SchoolSnap, e?: AnyEvent) =>
      (e && ['school.reset', 'school.dismiss'].includes(e.type) ? `via ${e.type} ` : '') +
      JSON.stringify([
        s.value,
        ['eiin', 'upazilla', 'admin_code', 'division', 'district'].map((f) => s.context.form[f] ?? ''),
        s.context.error ? Object.keys(s.context.error.fields).sort() : null,
        s.context.idempotencyKey !== null,
      ])) as never,
  });
  const all = testModel.getShortestPaths();
  const paths = all.filter((p) => p.state.value !== 'editing' || p.steps.length <= 5);

  it('reaches every state and takes every transition', () => {
    const reached = all.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value));
    expect([...new Set(reached)].sort()).toEqual(['editing', 'saved', 'submitting']);
    expect(untaken(model, all)).toEqual([]);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => label(s.event as AnyEvent)).join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const pending: Record<string, Deferred> = {};
      const calls: { mode: SchoolFormMode; form: SchoolForm; idempotencyKey: string }[] = [];
      let saved = 0;
      const machine = schoolFormMachine.provide({
        actors: {
          saveSchool: fromPromise(({ input }: { input: (typeof calls)[number] }) => {
            calls.push(structuredClone(input));
            return new Promise((resolve, reject) => {
              pending.saveSchool = { resolve: resolve as never, reject };
            });
          }) as never,
        },
        actions: { savedChanges: () => void (saved += 1) },
      });
      const actor = createActor(machine, { input }).start();
      const h = harness(actor, pending);
      const snap = () => actor.getSnapshot();
      let sentBefore = 0;
      await path.test({
        events: {
          'school.field': h.send,
          'school.submit': (a: { event: AnyEvent }) => ((sentBefore = calls.length), h.send(a)),
          'school.dismiss': h.send,
          'school.reset': h.send,
          'xstate.done.actor.saveSchool': h.settle('saveSchool', 'resolve'),
          'xstate.error.actor.saveSchool': h.settle('saveSchool', 'reject'),
        },
        states: {
          editing: () => {
            const c = snap().context;
            const last = h.last();
            if (last.type === 'school.submit') {
              // Not sent: what is missing or wrong is named, nothing else.
              expect(calls.length).toBe(sentBefore);
              for (const [f, m] of Object.entries(c.error!.fields)) {
                expect(m, f).toBe(f === 'eiin' && c.form.eiin ? BAD_EIIN : MISSING_FIELD);
              }
              if (c.form.eiin === '12345') expect(c.error!.fields.eiin).toBe(BAD_EIIN);
            }
            if (last.field === 'division') {
              // A new division clears the district and upazila of the old one.
              expect([c.form.district, c.form.upazilla]).toEqual(['', '']);
            }
            if (last.type === 'xstate.error.actor.saveSchool') {
              expect(saved).toBe(0);
              const err = (last as { error: ApiError }).error;
              if (err === TAKEN) expect(Object.keys(c.error!.fields)).toEqual(['eiin']);
              expect(c.error!.retryable).toBe(err === OFFLINE);
              expect(c.idempotencyKey !== null).toBe(err === OFFLINE);
            }
            if (last.type === 'school.dismiss') expect(c.created).toBeNull();
            if (last.type === 'school.reset') expect(c.form).toEqual(c.pristine);
          },
          submitting: () => {
            const sent = calls.at(-1)!;
            expect(sent.mode).toBe('create');
            expect(addSchoolBody(sent.form)).toMatchObject({
              school_type: 2,
              eiin: '765432',
              division: 1,
              district: 47,
              upazilla: 365,
              admin_code: 'smhs-admin',
              admin_first_name: 'Rahim',
            });
            expect(sent.idempotencyKey).toBe(snap().context.idempotencyKey);
          },
          saved: () => {
            expect(saved).toBe(1);
            expect(snap().context.created!.initial_password).toBe('Qw3rTy7uPz9k');
            // The form is cleared for the next school.
            expect(snap().context.form).toEqual(START);
          },
        },
      } as never);
      actor.stop();
    });
  }
});

describe('what keeps a school form from being sent', () => {
  it('names a short EIIN, a bad phone or e-mail; accepts +880 numbers and empty optional fields', () => {
    const complete = { ...START, eiin: '765432', upazilla: '365', admin_code: 'a-1' };
    expect(schoolProblems('create', complete)).toEqual({});
    expect(schoolProblems('create', { ...complete, phone: '+880 1711-000100', head_email: '' })).toEqual({});
    expect(schoolProblems('create', { ...complete, eiin: '76543a', admin_phone: '0171', email: 'x@y' })).toEqual({
      eiin: BAD_EIIN,
      admin_phone: BAD_PHONE,
      email: BAD_EMAIL,
    });
    // A school admin's contact form has no required fields and no EIIN.
    expect(schoolProblems('contact', { head_phone: '12345' })).toEqual({ head_phone: BAD_PHONE });
    expect(schoolProblems('edit', {})).toMatchObject({ eiin: MISSING_FIELD, upazilla: MISSING_FIELD });
  });
});

// ---------------------------------------------------------------- organization types

type OrgSnap = SnapshotFrom<typeof organizationMachine>;
const ROW = { id: 7, Organization_type: 'Madrasah', organization_code: 'MAD' };
const ok = (code: string): SetupMessage => ({ ok: true, message: code, code, id: 7 });
const IN_USE = new ApiError(409, 'school_setup.organization_in_use', 'in use');
const CODE_TAKEN = new ApiError(409, 'school_setup.duplicate', 'organization_code: is already taken', {
  organization_code: 'is already taken',
});

describe('organization machine: every state and transition', () => {
  const model = asModel(organizationMachine);
  const events = (s: OrgSnap): AnyEvent[] => [
    { type: 'org.field', field: 'Organization_type', value: 'Technical' },
    { type: 'org.field', field: 'organization_code', value: 'TEC' },
    { type: 'org.edit', row: ROW } as AnyEvent,
    { type: 'org.delete', row: ROW } as AnyEvent,
    { type: 'org.cancel' },
    { type: 'org.submit' },
    { type: 'org.confirm' },
    ...(s.value === 'saving'
      ? [
          { type: 'xstate.done.actor.saveOrganization', output: ok('setup.organization_created') },
          { type: 'xstate.error.actor.saveOrganization', error: CODE_TAKEN },
        ]
      : []),
    ...(s.value === 'deleting'
      ? [
          { type: 'xstate.done.actor.deleteOrganization', output: ok('setup.organization_deleted') },
          { type: 'xstate.error.actor.deleteOrganization', error: IN_USE },
        ]
      : []),
  ];
  const testModel = createTestModel(model, {
    events: events as never,
    serializeState: ((s: OrgSnap, e?: AnyEvent) =>
      (e && ['org.cancel'].includes(e.type) ? `via ${e.type} ` : '') +
      JSON.stringify([
        s.value,
        s.context.form,
        s.context.editingId,
        s.context.target?.id ?? null,
        s.context.error ? Object.keys(s.context.error.fields).sort() : null,
        s.context.notice?.code ?? null,
      ])) as never,
  });
  const all = testModel.getShortestPaths();
  const paths = all.filter((p) => p.state.value !== 'editing' || p.steps.length <= 4);

  it('reaches every state and takes every transition', () => {
    const reached = all.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value));
    expect([...new Set(reached)].sort()).toEqual(['confirmingDelete', 'deleting', 'editing', 'saving']);
    expect(untaken(model, all)).toEqual([]);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => label(s.event as AnyEvent)).join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const pending: Record<string, Deferred> = {};
      const saves: { id: number | null; form: OrganizationForm; idempotencyKey: string }[] = [];
      const deletes: number[] = [];
      let saved = 0;
      const machine = organizationMachine.provide({
        actors: {
          saveOrganization: fromPromise(({ input }: { input: (typeof saves)[number] }) => {
            saves.push(structuredClone(input));
            return new Promise((resolve, reject) => {
              pending.saveOrganization = { resolve: resolve as never, reject };
            });
          }) as never,
          deleteOrganization: fromPromise(({ input }: { input: { id: number } }) => {
            deletes.push(input.id);
            return new Promise((resolve, reject) => {
              pending.deleteOrganization = { resolve: resolve as never, reject };
            });
          }) as never,
        },
        actions: { savedChanges: () => void (saved += 1) },
      });
      const actor = createActor(machine).start();
      const h = harness(actor, pending);
      const snap = () => actor.getSnapshot();
      let savesBefore = 0;
      await path.test({
        events: {
          'org.field': h.send,
          'org.edit': h.send,
          'org.delete': h.send,
          'org.cancel': h.send,
          'org.submit': (a: { event: AnyEvent }) => ((savesBefore = saves.length), h.send(a)),
          'org.confirm': h.send,
          'xstate.done.actor.saveOrganization': h.settle('saveOrganization', 'resolve'),
          'xstate.error.actor.saveOrganization': h.settle('saveOrganization', 'reject'),
          'xstate.done.actor.deleteOrganization': h.settle('deleteOrganization', 'resolve'),
          'xstate.error.actor.deleteOrganization': h.settle('deleteOrganization', 'reject'),
        },
        states: {
          editing: () => {
            const c = snap().context;
            const last = h.last();
            if (last.type === 'org.submit') {
              expect(saves.length).toBe(savesBefore);
              expect(Object.keys(c.error!.fields).length).toBeGreaterThan(0);
              expect(c.notice).toBeNull();
            }
            if (last.type === 'org.edit')
              expect(c.form).toEqual({ Organization_type: 'Madrasah', organization_code: 'MAD' });
            if (last.type === 'xstate.done.actor.saveOrganization') {
              // Only the server's answer says it worked; the form is ready for the next type.
              expect(c.notice!.code).toBe('setup.organization_created');
              expect([c.form, c.editingId, saved]).toEqual([EMPTY_ORGANIZATION, null, 1]);
            }
            if (last.type === 'xstate.error.actor.saveOrganization') {
              expect(saved).toBe(0);
              expect(c.notice).toBeNull();
              expect(Object.keys(c.error!.fields)).toEqual(['organization_code']);
            }
            if (last.type === 'xstate.done.actor.deleteOrganization') {
              expect(deletes).toEqual([7]);
              expect(c.notice!.code).toBe('setup.organization_deleted');
              expect(saved).toBe(1);
            }
            if (last.type === 'xstate.error.actor.deleteOrganization') {
              expect(c.error!.cause).toBe(IN_USE);
              expect(c.notice).toBeNull();
              expect(saved).toBe(0);
            }
          },
          confirmingDelete: () => {
            // Asking sends nothing.
            expect(deletes).toEqual([]);
            expect(snap().context.target!.id).toBe(7);
          },
          deleting: () => expect(deletes).toEqual([7]),
          saving: () => {
            const sent = saves.at(-1)!;
            expect(sent.id).toBe(snap().context.editingId);
            expect(sent.form.Organization_type.trim() && sent.form.organization_code.trim()).toBeTruthy();
          },
        },
      } as never);
      actor.stop();
    });
  }
});
