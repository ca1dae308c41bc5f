/**
 * Model-based path tests for the people flows: the bulk import (check, then import
 * only a clean file), the password change, and adding one person. Each model is the machine's own
 * config with its server answers as explicit events (tests/helpers/as-model.ts); every shortest
 * path is replayed against a real actor whose I/O is a deferred fake, checking the calls that go
 * out and what each state holds.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import type { AddPersonResponse, ImportReport, MessageResponse } from '@/api/schemas/people';
import { importMachine, type ImportEvent } from '@/machines/import.machine';
import {
  passwordMachine,
  passwordProblems,
  PASSWORD_RULES,
  type PasswordEvent,
  type PasswordForm,
} from '@/machines/password.machine';
import type { PersonKind } from '@/api/people';
import { MISSING_FIELD, personBody, personFormMachine, type PersonFormEvent } from '@/machines/person-form.machine';
import { asModel } from '../helpers/as-model';

type AnyEvent = { type: string; output?: unknown; error?: unknown };
type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

const OFFLINE = new ApiError(0, 'network', 'Could not reach the server.');

/** Replays model paths on a real actor: user events are sent, server answers settle the fake call. */
function harness<E extends { type: string }>(actor: ReturnType<typeof createActor>, pending: Record<string, Deferred>) {
  let last: AnyEvent = { type: 'xstate.init' };
  const send = ({ event }: { event: AnyEvent }) => {
    last = event;
    actor.send(event as E);
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

function coverage(
  model: AnyStateMachine,
  paths: { steps: { state: { value: unknown }; event: { type: string } }[] }[],
) {
  const taken = new Set<string>();
  for (const p of paths)
    p.steps.forEach((step, i) => {
      if (i > 0) taken.add(`${String(p.steps[i - 1].state.value)}|${step.event.type}`);
    });
  const defined: string[] = [];
  for (const [name, node] of Object.entries(model.root.states)) {
    for (const e of Object.keys(node.on)) if (!e.startsWith('import.reset')) defined.push(`${name}|${e}`);
  }
  return defined.filter((t) => !taken.has(t));
}

// ---------------------------------------------------------------- import

const FILE = { name: 'students.csv', text: 'student_code,first_name,class,section,roll\nS1,Rafi,Six,A,1\n' };
const CLEAN: ImportReport = { ok: true, dry_run: true, rows: 1, errors: [], message: 'No problems', accounts: [] };
const BAD: ImportReport = {
  ok: false,
  dry_run: true,
  rows: 1,
  errors: [{ row: 2, column: 'dob', message: 'must be a date as YYYY-MM-DD or DD/MM/YYYY' }],
  message: 'The file has problems: nothing was imported.',
  accounts: [],
};
const IMPORTED: ImportReport = {
  ok: true,
  dry_run: false,
  rows: 1,
  errors: [],
  message: 'Imported. 1',
  accounts: [{ user_code: 'S1', name: 'Rafi', initial_password: 'Ab3dEf6hJk9m' }],
};
const RACED: ImportReport = {
  ...BAD,
  dry_run: false,
  errors: [{ row: 2, column: 'student_code', message: 'S1 is already taken' }],
};

type ImportSnap = SnapshotFrom<typeof importMachine>;
type ImportInput = { kind: PersonKind; text: string; dryRun: boolean; idempotencyKey: string };

describe('import machine: every state and transition', () => {
  const model = asModel(importMachine);
  const events = (s: ImportSnap): AnyEvent[] => [
    { type: 'import.file', file: FILE } as AnyEvent,
    { type: 'import.confirm' },
    { type: 'import.retry' },
    { type: 'import.reset' },
    ...(s.value === 'checking'
      ? [
          { type: 'xstate.done.actor.checkFile', output: CLEAN },
          { type: 'xstate.done.actor.checkFile', output: BAD },
          { type: 'xstate.error.actor.checkFile', error: OFFLINE },
        ]
      : []),
    ...(s.value === 'importing'
      ? [
          { type: 'xstate.done.actor.importFile', output: IMPORTED },
          { type: 'xstate.done.actor.importFile', output: RACED },
          { type: 'xstate.error.actor.importFile', error: OFFLINE },
        ]
      : []),
  ];
  const testModel = createTestModel(model, {
    events: events as never,
    input: { kind: 'student' },
    serializeState: ((s: ImportSnap) =>
      JSON.stringify([
        s.value,
        s.context.report?.ok ?? null,
        s.context.report?.dry_run ?? null,
        s.context.failedStep,
      ])) as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches every state and takes every transition', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value)),
    );
    expect([...reached].sort()).toEqual(['checked', 'checking', 'done', 'failed', 'idle', 'importing']);
    // Choosing another file leads to a state the first file's check reached already: taken below.
    expect(coverage(model, paths).filter((t) => !t.endsWith('|import.file'))).toEqual([]);
  });

  it('a new file from a report, a finished import or a failure starts a new dry run', async () => {
    for (const [answer, outcome] of [
      ['resolve', CLEAN],
      ['resolve', BAD],
      ['reject', OFFLINE],
    ] as const) {
      const dry: boolean[] = [];
      const machine = importMachine.provide({
        actors: {
          runImport: fromPromise<ImportReport, ImportInput>(({ input }) => {
            dry.push(input.dryRun);
            return answer === 'resolve' && dry.length === 1
              ? Promise.resolve(outcome as ImportReport)
              : Promise.reject(OFFLINE);
          }),
        },
      });
      const actor = createActor(machine, { input: { kind: 'teacher' } }).start();
      actor.send({ type: 'import.file', file: FILE });
      await new Promise((r) => setTimeout(r, 0));
      expect(['checked', 'failed']).toContain(actor.getSnapshot().value);
      actor.send({ type: 'import.file', file: { name: 'b.csv', text: 'x' } });
      expect(actor.getSnapshot().value).toBe('checking');
      expect(actor.getSnapshot().context.report).toBeNull();
      expect(dry).toEqual([true, true]);
      actor.stop();
    }
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => s.event.type.replace(/^import\.|^xstate\.(done|error)\.actor\./, ''))
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const pending: Record<string, Deferred> = {};
      const calls: ImportInput[] = [];
      let saved = 0;
      const machine = importMachine.provide({
        actors: {
          runImport: fromPromise<ImportReport, ImportInput>(({ input }) => {
            calls.push(input);
            return new Promise((resolve, reject) => {
              pending[input.dryRun ? 'checkFile' : 'importFile'] = { resolve: resolve as never, reject };
            });
          }),
        },
        actions: { savedChanges: () => void (saved += 1) },
      });
      const actor = createActor(machine, { input: { kind: 'student' } }).start();
      const h = harness<ImportEvent>(actor, pending);
      const snap = () => actor.getSnapshot();
      let callsBefore = 0;
      let keyBefore: string | null = null;
      await path.test({
        events: {
          'import.file': (a: { event: AnyEvent }) => ((callsBefore = calls.length), h.send(a)),
          'import.confirm': (a: { event: AnyEvent }) => ((callsBefore = calls.length), h.send(a)),
          'import.retry': (a: { event: AnyEvent }) => (
            (callsBefore = calls.length),
            (keyBefore = calls.at(-1)?.idempotencyKey ?? null),
            h.send(a)
          ),
          'import.reset': h.send,
          'xstate.done.actor.checkFile': h.settle('checkFile', 'resolve'),
          'xstate.error.actor.checkFile': h.settle('checkFile', 'reject'),
          'xstate.done.actor.importFile': h.settle('importFile', 'resolve'),
          'xstate.error.actor.importFile': h.settle('importFile', 'reject'),
        },
        states: {
          idle: () => {
            expect(snap().context.file).toBeNull();
            expect(snap().can({ type: 'import.confirm' })).toBe(false);
          },
          checking: () => {
            // A file is always checked first, as a dry run.
            expect(calls.length).toBe(callsBefore + 1);
            expect(calls.at(-1)).toMatchObject({ dryRun: true, text: FILE.text });
            expect(snap().hasTag('busy')).toBe(true);
          },
          checked: () => {
            const r = snap().context.report!;
            // Only a clean dry run can be imported.
            expect(snap().can({ type: 'import.confirm' })).toBe(r.ok && r.dry_run);
            if (!r.ok) expect(r.errors[0]).toMatchObject({ row: 2 });
          },
          importing: () => {
            const sent = calls.at(-1)!;
            expect(sent.dryRun).toBe(false);
            if (h.last().type === 'import.retry') expect(sent.idempotencyKey).toBe(keyBefore);
            expect(snap().can({ type: 'import.file', file: FILE })).toBe(false);
          },
          done: () => {
            expect(saved).toBe(1);
            expect(snap().context.report!.accounts[0].initial_password).toBe('Ab3dEf6hJk9m');
          },
          failed: () => {
            expect(snap().context.error).toBe(OFFLINE.message);
            expect(saved).toBe(0);
          },
        },
      } as never);
      actor.stop();
    });
  }
});

// ---------------------------------------------------------------- password

type PasswordSnap = SnapshotFrom<typeof passwordMachine>;
const WRONG = new ApiError(400, 'invalid_input', 'current_password: is not your current password', {
  current_password: 'is not your current password',
});
const CHANGED: MessageResponse = {
  ok: true,
  message: 'password Changed successfully!!',
  code: 'people.password_changed',
};

describe('password machine: every state and transition', () => {
  const model = asModel(passwordMachine);
  const USER: AnyEvent[] = [
    { type: 'password.field', field: 'current_password', value: 'old-pass1' } as AnyEvent,
    { type: 'password.field', field: 'Pass', value: 'new-pass-22' } as AnyEvent,
    { type: 'password.field', field: 'confirm', value: 'new-pass-22' } as AnyEvent,
    { type: 'password.field', field: 'Pass', value: '12345678' } as AnyEvent,
    { type: 'password.submit' },
  ];
  const events = (s: PasswordSnap): AnyEvent[] => [
    ...USER,
    ...(s.value === 'submitting'
      ? [
          { type: 'xstate.done.actor.changePassword', output: CHANGED },
          { type: 'xstate.error.actor.changePassword', error: WRONG },
          { type: 'xstate.error.actor.changePassword', error: OFFLINE },
        ]
      : []),
  ];
  const testModel = createTestModel(model, {
    events: events as never,
    input: { userCode: 'S1' },
    serializeState: ((s: PasswordSnap) =>
      JSON.stringify([s.value, s.context.form, Object.keys(s.context.fields).sort(), s.context.error])) as never,
  });
  const paths = testModel.getShortestPaths().filter((p) => p.steps.length <= 8);

  it('reaches every state', () => {
    const reached = paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value));
    expect([...new Set(reached)].sort()).toEqual(['changed', 'editing', 'submitting']);
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => {
        const e = s.event as AnyEvent & { field?: string; value?: string };
        return e.field ? `${e.field}=${e.value}` : e.type.replace(/^password\.|^xstate\.(done|error)\.actor\./, '');
      })
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const pending: Record<string, Deferred> = {};
      const calls: { userCode: string; form: PasswordForm; idempotencyKey: string }[] = [];
      let changed = 0;
      const machine = passwordMachine.provide({
        actors: {
          changePassword: fromPromise<MessageResponse, (typeof calls)[number]>(({ input }) => {
            calls.push(structuredClone(input));
            return new Promise((resolve, reject) => {
              pending.changePassword = { resolve: resolve as never, reject };
            });
          }),
        },
        actions: { passwordChanged: () => void (changed += 1) },
      });
      const actor = createActor(machine, { input: { userCode: 'S1' } }).start();
      const h = harness<PasswordEvent>(actor, pending);
      const snap = () => actor.getSnapshot();
      let sentBefore = 0;
      await path.test({
        events: {
          'password.field': h.send,
          'password.submit': (a: { event: AnyEvent }) => ((sentBefore = calls.length), h.send(a)),
          'xstate.done.actor.changePassword': h.settle('changePassword', 'resolve'),
          'xstate.error.actor.changePassword': h.settle('changePassword', 'reject'),
        },
        states: {
          editing: () => {
            const c = snap().context;
            expect(changed).toBe(0);
            if (h.last().type === 'password.submit') {
              // A weak or mismatched password, or no current one, is named and never sent.
              expect(calls.length).toBe(sentBefore);
              expect(c.fields).toEqual(passwordProblems(c.form));
              if (c.form.Pass === '12345678') expect(c.fields.Pass).toBe(PASSWORD_RULES.weak);
            }
            if (h.last().type === 'xstate.error.actor.changePassword') {
              const err = (h.last() as { error: ApiError }).error;
              expect(c.error).toBe(err.message);
              if (err === WRONG) expect(c.fields.current_password).toBeTruthy();
              // A lost answer keeps the key: the retry cannot change the password twice.
              if (err === OFFLINE) expect(c.idempotencyKey).toBe(calls.at(-1)!.idempotencyKey);
              else expect(c.idempotencyKey).toBeNull();
            }
          },
          submitting: () => {
            const sent = calls.at(-1)!;
            expect(sent.userCode).toBe('S1');
            expect(sent.form.Pass).toBe('new-pass-22');
            expect(sent.form.current_password).toBe('old-pass1');
          },
          changed: () => {
            expect(changed).toBe(1);
            expect(snap().context.message).toBe('password Changed successfully!!');
            expect(snap().context.form.Pass).toBe('');
          },
        },
      } as never);
      actor.stop();
    });
  }
});

// ---------------------------------------------------------------- add one person

type PersonSnap = SnapshotFrom<typeof personFormMachine>;
const CREATED: AddPersonResponse = {
  ok: true,
  message: 'New Student Added Successfully!!',
  code: 'people.student_added',
  id: 9,
  user_code: 'S-9',
  initial_password: 'Zx8cVb7nMq2w',
};
const DUPLICATE = new ApiError(409, 'people.duplicate', 'class_roll_no: roll 5 is already taken in that section', {
  class_roll_no: 'roll 5 is already taken in that section',
});

describe('person form machine: every state and transition', () => {
  const model = asModel(personFormMachine);
  const FILL: Record<string, string> = {
    student_code: 'S-9',
    first_name: 'রাফি',
    class_id: '6',
    section_id: '61',
    class_roll_no: '5',
  };
  const events = (s: PersonSnap): AnyEvent[] => [
    ...Object.entries(FILL).map(([field, value]) => ({ type: 'person.field', field, value }) as AnyEvent),
    { type: 'person.submit' },
    { type: 'person.dismiss' },
    { type: 'person.reset' },
    ...(s.value === 'submitting'
      ? [
          { type: 'xstate.done.actor.addPerson', output: CREATED },
          { type: 'xstate.error.actor.addPerson', error: DUPLICATE },
          { type: 'xstate.error.actor.addPerson', error: OFFLINE },
        ]
      : []),
  ];
  const testModel = createTestModel(model, {
    events: events as never,
    input: { kind: 'student', defaults: { session_id: '3' } },
    // Reset and dismiss may lead back to a state seen before: told apart by the event, their paths are taken too.
    serializeState: ((s: PersonSnap, e?: AnyEvent) =>
      (e && ['person.reset', 'person.dismiss'].includes(e.type) ? `via ${e.type} ` : '') +
      JSON.stringify([
        s.value,
        Object.keys(FILL).filter((f) => s.context.form[f]).length,
        s.context.error ? Object.keys(s.context.error.fields).sort() : null,
        s.context.idempotencyKey !== null,
      ])) as never,
  });
  const all = testModel.getShortestPaths();
  const paths = all.filter((p) => p.state.value !== 'editing' || p.steps.length <= 7);

  it('reaches every state and takes every transition', () => {
    const reached = all.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value));
    expect([...new Set(reached)].sort()).toEqual(['created', 'editing', 'submitting']);
    expect(coverage(model, all)).toEqual([]);
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => {
        const e = s.event as AnyEvent & { field?: string };
        return e.field ?? e.type.replace(/^person\.|^xstate\.(done|error)\.actor\./, '');
      })
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const pending: Record<string, Deferred> = {};
      const calls: { kind: PersonKind; form: Record<string, string>; idempotencyKey: string }[] = [];
      let saved = 0;
      const machine = personFormMachine.provide({
        actors: {
          addPerson: fromPromise<AddPersonResponse, (typeof calls)[number]>(({ input }) => {
            calls.push(structuredClone(input));
            return new Promise((resolve, reject) => {
              pending.addPerson = { resolve: resolve as never, reject };
            });
          }),
        },
        actions: { savedChanges: () => void (saved += 1) },
      });
      const actor = createActor(machine, { input: { kind: 'student', defaults: { session_id: '3' } } }).start();
      const h = harness<PersonFormEvent>(actor, pending);
      const snap = () => actor.getSnapshot();
      let sentBefore = 0;
      await path.test({
        events: {
          'person.field': h.send,
          'person.submit': (a: { event: AnyEvent }) => ((sentBefore = calls.length), h.send(a)),
          'person.dismiss': h.send,
          'person.reset': h.send,
          'xstate.done.actor.addPerson': h.settle('addPerson', 'resolve'),
          'xstate.error.actor.addPerson': h.settle('addPerson', 'reject'),
        },
        states: {
          editing: () => {
            const c = snap().context;
            if (h.last().type === 'person.submit') {
              expect(calls.length).toBe(sentBefore);
              expect(Object.values(c.error!.fields).every((m) => m === MISSING_FIELD)).toBe(true);
            }
            if (h.last().type === 'xstate.error.actor.addPerson') {
              const err = (h.last() as { error: ApiError }).error;
              expect(saved).toBe(0);
              if (err === DUPLICATE) expect(Object.keys(c.error!.fields)).toEqual(['class_roll_no']);
              expect(c.error!.retryable).toBe(err === OFFLINE);
            }
            if (h.last().type === 'person.dismiss') expect(c.created).toBeNull();
          },
          submitting: () => {
            const sent = calls.at(-1)!;
            expect(personBody('student', sent.form)).toMatchObject({
              student_code: 'S-9',
              first_name: 'রাফি',
              session_id: 3,
              class_id: 6,
              section_id: 61,
              class_roll_no: 5,
            });
            expect(sent.idempotencyKey).toBe(snap().context.idempotencyKey);
          },
          created: () => {
            expect(saved).toBe(1);
            expect(snap().context.created!.initial_password).toBe('Zx8cVb7nMq2w');
            // The form is cleared for the next person.
            expect(snap().context.form).toEqual({ session_id: '3' });
          },
        },
      } as never);
      actor.stop();
    });
  }
});
