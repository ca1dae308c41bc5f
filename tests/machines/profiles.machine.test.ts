/**
 * Model-based path tests of the profile form, the profile photo and the homework mark flows
 * (docs/DOMAIN.md, "Profiles", "Homework marks"). Each model is the machine's own config with its
 * server answers as explicit events (tests/helpers/as-model.ts); every shortest path is replayed on
 * a real actor whose I/O is a deferred fake, and each state is checked against written-out values:
 * what went out, what the user sees, what is kept. The rules themselves have literal scenarios.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import type { ProfileForm } from '@/api/profiles';
import type { HomeworkMarkResponse } from '@/api/schemas/homework-marks';
import type { PhotoResponse, ProfileUpdateResponse } from '@/api/schemas/profiles';
import { homeworkMarkMachine, markValue } from '@/machines/homework-mark.machine';
import { profileFormMachine, profileProblems, problemsOfServer } from '@/machines/profile-form.machine';
import { photoProblem, profilePhotoMachine, type ChosenFile } from '@/machines/profile-photo.machine';
import { asModel } from '../helpers/as-model';

type AnyEvent = { type: string; output?: unknown; error?: unknown; [k: string]: unknown };
type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

const OFFLINE = new ApiError(0, 'network', 'Could not reach the server.');
const TAKEN = new ApiError(409, 'people.duplicate', 'mobile: is already another account’s', { mobile: 'is taken' });
const BAD_TYPE = new ApiError(415, 'upload.bad_type', 'file: must be a JPEG or PNG picture.', {
  file: 'must be a JPEG or PNG picture.',
});
const OUT_OF_RANGE = new ApiError(400, 'invalid_input', 'mark: must be a number from 0 to 100', {
  mark: 'must be a number from 0 to 100',
});

const settle = async (pending: Record<string, Deferred>, id: string, kind: 'resolve' | 'reject', value: unknown) => {
  const call = pending[id];
  if (!call) throw new Error(`the machine never called ${id}`);
  delete pending[id];
  call[kind](value);
  await new Promise((r) => setTimeout(r, 0));
};

// ---------------------------------------------------------------- the rules, literal

describe('profile rules', () => {
  const EMPTY: ProfileForm = {
    first_name: 'Rahima',
    middle_name: '',
    last_name: '',
    mobile: '',
    email: '',
    dob: '',
    blood_group: '',
    designation: '',
    department: '',
  };
  const ALL = Object.keys(EMPTY) as (keyof ProfileForm)[];

  it('a form with only a first name is fine', () => {
    expect(profileProblems(EMPTY, ALL, '2026-12-03')).toEqual({});
  });

  it('names each slip the way the server does', () => {
    expect(
      profileProblems(
        {
          ...EMPTY,
          first_name: ' ',
          last_name: '=cmd',
          mobile: '12345',
          email: 'nobody',
          dob: '2026-12-03',
          blood_group: 'C+',
        },
        ALL,
        '2026-12-03',
      ),
    ).toEqual({
      first_name: 'required',
      last_name: 'formula',
      mobile: 'mobile',
      email: 'email',
      dob: 'dob',
      blood_group: 'bloodGroup',
    });
  });

  it('accepts the Bangladeshi forms of a mobile number and yesterday as a birthday', () => {
    for (const mobile of ['01712345678', '+8801712345678', '8801712345678', '017-1234 5678']) {
      expect(profileProblems({ ...EMPTY, mobile, dob: '2026-12-02' }, ALL, '2026-12-03')).toEqual({});
    }
    expect(profileProblems({ ...EMPTY, mobile: '01212345678' }, ALL, '2026-12-03')).toEqual({ mobile: 'mobile' });
  });

  it('checks only the fields the user type saves', () => {
    expect(profileProblems({ ...EMPTY, middle_name: '@x' }, ['first_name', 'mobile'], '2026-12-03')).toEqual({});
  });

  it('the server’s complaints become codes', () => {
    expect(problemsOfServer({ mobile: 'is taken', email: 'email must be an e-mail address', dob: 'x' })).toEqual({
      mobile: 'taken',
      email: 'email',
      dob: 'dob',
    });
  });

  it('a photo: JPEG or PNG, 2 MB at most', () => {
    expect(photoProblem({ name: 'a', type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(photoProblem({ name: 'a', type: 'image/png', size: 10 })).toBeNull();
    expect(photoProblem({ name: 'a', type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('size');
    expect(photoProblem({ name: 'a', type: 'image/gif', size: 10 })).toBe('type');
    expect(photoProblem({ name: 'a', type: '', size: 10 })).toBe('type');
  });

  it('a mark: 0 to the full mark, two decimals, Bangla digits read', () => {
    expect(markValue('0', 100)).toBe(0);
    expect(markValue('100', 100)).toBe(100);
    expect(markValue(' 7.25 ', 100)).toBe(7.25);
    expect(markValue('৮.৫', 100)).toBe(8.5);
    expect(markValue('100.01', 100)).toBeNull();
    expect(markValue('7.125', 100)).toBeNull();
    expect(markValue('-1', 100)).toBeNull();
    expect(markValue('', 100)).toBeNull();
    expect(markValue('AB', 100)).toBeNull();
  });
});

// ---------------------------------------------------------------- the profile form's paths

describe('profile form machine: every state and transition', () => {
  const START: ProfileForm = {
    first_name: 'Rahima',
    middle_name: '',
    last_name: 'Begum',
    mobile: '',
    email: '',
    dob: '',
    blood_group: '',
    designation: 'Teacher',
    department: '',
  };
  const FIELDS: (keyof ProfileForm)[] = ['first_name', 'last_name', 'mobile', 'email', 'dob', 'blood_group'];
  const INPUT = { form: START, fields: FIELDS, today: '2026-12-03' };
  const UPDATED: ProfileUpdateResponse = { ok: true, message: 'Profile updated', code: 'profiles.updated' };
  type Snap = SnapshotFrom<typeof profileFormMachine>;
  const USER: AnyEvent[] = [
    { type: 'profile.field', field: 'mobile', value: '01711000555' },
    { type: 'profile.field', field: 'mobile', value: '999' },
    { type: 'profile.submit' },
  ];
  const events = (s: Snap): AnyEvent[] => [
    ...USER,
    ...(s.value === 'saving'
      ? [
          { type: 'xstate.done.actor.saveProfile', output: UPDATED },
          { type: 'xstate.error.actor.saveProfile', error: TAKEN },
          { type: 'xstate.error.actor.saveProfile', error: OFFLINE },
        ]
      : []),
  ];
  const testModel = createTestModel(asModel(profileFormMachine), {
    events: events as never,
    input: INPUT,
    serializeState: ((s: Snap) =>
      JSON.stringify([
        s.value,
        s.context.form.mobile,
        s.context.saved.mobile,
        Object.keys(s.context.problems),
      ])) as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches every state', () => {
    const reached = paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value));
    expect([...new Set(reached)].sort()).toEqual(['editing', 'saved', 'saving']);
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => {
        const e = s.event as AnyEvent;
        if (e.field) return `${String(e.field)}=${String(e.value)}`;
        if (e.error) return `refused ${(e.error as ApiError).status}`;
        return e.type.replace(/^profile\.|^xstate\.(done|error)\.actor\./, '');
      })
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const pending: Record<string, Deferred> = {};
      const calls: { form: ProfileForm; idempotencyKey: string }[] = [];
      let saved = 0;
      const actor = createActor(
        profileFormMachine.provide({
          actors: {
            saveProfile: fromPromise<ProfileUpdateResponse, (typeof calls)[number]>(({ input }) => {
              calls.push(structuredClone(input));
              return new Promise((resolve, reject) => (pending.saveProfile = { resolve: resolve as never, reject }));
            }),
          },
          actions: { profileSaved: () => void (saved += 1) },
        }),
        { input: INPUT },
      ).start();
      let last: AnyEvent = { type: 'start' };
      let callsBefore = 0;
      const send = ({ event }: { event: AnyEvent }) => {
        last = event;
        callsBefore = calls.length;
        actor.send(event as never);
      };
      const answer =
        (kind: 'resolve' | 'reject') =>
        async ({ event }: { event: AnyEvent }) => {
          last = event;
          await settle(pending, 'saveProfile', kind, kind === 'resolve' ? event.output : event.error);
        };
      const snap = () => actor.getSnapshot();
      await path.test({
        events: {
          'profile.field': send,
          'profile.submit': send,
          'xstate.done.actor.saveProfile': answer('resolve'),
          'xstate.error.actor.saveProfile': answer('reject'),
        },
        states: {
          editing: () => {
            const c = snap().context;
            expect(snap().hasTag('saved')).toBe(false);
            if (last.type === 'profile.submit') {
              // An invalid form is named and never sent.
              expect(calls.length).toBe(callsBefore);
              expect(c.problems).toEqual({ mobile: 'mobile' });
              expect(c.form.mobile).toBe('999');
            }
            if (last.error === TAKEN) {
              expect(c.problems).toEqual({ mobile: 'taken' });
              expect(c.failure?.code).toBe('people.duplicate');
              expect(c.idempotencyKey).toBeNull();
              expect(c.form).toEqual(calls.at(-1)!.form);
            }
            if (last.error === OFFLINE) {
              // Kept: the same key goes with the retry, what was typed stays.
              expect(c.idempotencyKey).toBe(calls.at(-1)!.idempotencyKey);
              expect(c.form).toEqual(calls.at(-1)!.form);
              expect(c.failure?.status).toBe(0);
            }
          },
          saving: () => {
            expect(snap().hasTag('busy')).toBe(true);
            const sent = calls.at(-1)!;
            expect(sent.form).toEqual({ ...START, mobile: sent.form.mobile });
            expect(['', '01711000555']).toContain(sent.form.mobile);
            expect(sent.idempotencyKey).toMatch(/.+/);
            // While the save is out, typing changes nothing.
            actor.send({ type: 'profile.field', field: 'mobile', value: 'changed' });
            expect(snap().context.form.mobile).toBe(sent.form.mobile);
          },
          saved: () => {
            const c = snap().context;
            expect(snap().hasTag('saved')).toBe(true);
            expect(saved).toBeGreaterThan(0);
            expect(c.saved).toEqual(c.form);
            expect(c.idempotencyKey).toBeNull();
            expect(c.problems).toEqual({});
          },
        },
      });
    });
  }
});

// ---------------------------------------------------------------- the photo's paths

describe('profile photo machine: every state and transition', () => {
  const JPEG = { name: 'me.jpg', type: 'image/jpeg', size: 200_000 };
  const GIF = { name: 'me.gif', type: 'image/gif', size: 2_000 };
  const URL = '/api/profile/photo/7?v=0123456789abcdef';
  const SAVED: PhotoResponse = { ok: true, message: 'Photo saved', code: 'profiles.photo_saved', photo_url: URL };
  const REMOVED: PhotoResponse = {
    ok: true,
    message: 'Photo removed',
    code: 'profiles.photo_removed',
    photo_url: null,
  };
  type Snap = SnapshotFrom<typeof profilePhotoMachine>;
  const events = (s: Snap): AnyEvent[] => [
    { type: 'photo.choose', file: JPEG },
    { type: 'photo.choose', file: GIF },
    { type: 'photo.remove' },
    ...(s.value === 'uploading'
      ? [
          { type: 'xstate.done.actor.uploadPhoto', output: SAVED },
          { type: 'xstate.error.actor.uploadPhoto', error: BAD_TYPE },
        ]
      : []),
    ...(s.value === 'removing'
      ? [
          { type: 'xstate.done.actor.removePhoto', output: REMOVED },
          { type: 'xstate.error.actor.removePhoto', error: OFFLINE },
        ]
      : []),
  ];
  const testModel = createTestModel(asModel(profilePhotoMachine), {
    events: events as never,
    input: { photoUrl: null },
    serializeState: ((s: Snap) =>
      JSON.stringify([s.value, s.context.photoUrl, s.context.problem, s.context.failure?.status ?? null])) as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches every state', () => {
    const reached = paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value));
    expect([...new Set(reached)].sort()).toEqual(['changed', 'idle', 'removing', 'uploading']);
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => {
        const e = s.event as AnyEvent;
        if (e.file) return `choose ${(e.file as { type: string }).type}`;
        if (e.error) return `refused ${(e.error as ApiError).status}`;
        return e.type.replace(/^photo\.|^xstate\.(done|error)\.actor\./, '');
      })
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const pending: Record<string, Deferred> = {};
      const uploads: { name: string }[] = [];
      let removals = 0;
      let changed = 0;
      const actor = createActor(
        profilePhotoMachine.provide({
          actors: {
            uploadPhoto: fromPromise<PhotoResponse, { file: ChosenFile }>(({ input }) => {
              uploads.push({ name: input.file.name });
              return new Promise((resolve, reject) => (pending.uploadPhoto = { resolve: resolve as never, reject }));
            }),
            removePhoto: fromPromise<PhotoResponse, void>(() => {
              removals += 1;
              return new Promise((resolve, reject) => (pending.removePhoto = { resolve: resolve as never, reject }));
            }),
          },
          actions: { photoChanged: () => void (changed += 1) },
        }),
        { input: { photoUrl: null } },
      ).start();
      let last: AnyEvent = { type: 'start' };
      let before = { uploads: 0, removals: 0 };
      const send = ({ event }: { event: AnyEvent }) => {
        last = event;
        before = { uploads: uploads.length, removals };
        actor.send(event as never);
      };
      const answer =
        (id: string, kind: 'resolve' | 'reject') =>
        async ({ event }: { event: AnyEvent }) => {
          last = event;
          await settle(pending, id, kind, kind === 'resolve' ? event.output : event.error);
        };
      const snap = () => actor.getSnapshot();
      await path.test({
        events: {
          'photo.choose': send,
          'photo.remove': send,
          'xstate.done.actor.uploadPhoto': answer('uploadPhoto', 'resolve'),
          'xstate.error.actor.uploadPhoto': answer('uploadPhoto', 'reject'),
          'xstate.done.actor.removePhoto': answer('removePhoto', 'resolve'),
          'xstate.error.actor.removePhoto': answer('removePhoto', 'reject'),
        },
        states: {
          idle: () => {
            const c = snap().context;
            if ((last.file as { type?: string } | undefined)?.type === 'image/gif') {
              expect(c.problem).toBe('type');
              expect(uploads.length).toBe(before.uploads);
            }
            if (last.type === 'photo.remove') expect(removals).toBe(before.removals);
            if (last.error === BAD_TYPE) expect(c.failure).toMatchObject({ status: 415, code: 'upload.bad_type' });
            if (last.error === OFFLINE) expect(c.failure?.status).toBe(0);
            expect(snap().hasTag('busy')).toBe(false);
          },
          uploading: () => {
            expect(snap().hasTag('busy')).toBe(true);
            expect(uploads.at(-1)).toEqual({ name: 'me.jpg' });
            actor.send({ type: 'photo.remove' });
            expect(removals).toBe(before.removals);
          },
          removing: () => {
            expect(snap().hasTag('busy')).toBe(true);
            expect(snap().context.photoUrl).toBe(URL);
          },
          changed: () => {
            const c = snap().context;
            expect(changed).toBeGreaterThan(0);
            if (last.output === SAVED) expect(c).toMatchObject({ photoUrl: URL, last: 'saved' });
            if (last.output === REMOVED) expect(c).toMatchObject({ photoUrl: null, last: 'removed' });
          },
        },
      });
    });
  }
});

// ---------------------------------------------------------------- a homework mark's paths

describe('homework mark machine: every state and transition', () => {
  const INPUT = { submissionId: 41, max: 100, draft: { mark: '', feedback: '' } };
  const SAVED: HomeworkMarkResponse = {
    ok: true,
    message: 'Mark saved',
    code: 'homework.mark_saved',
    submission_id: 41,
    mark: 8.5,
    feedback: 'Good diagram.',
    marked_at: '2026-12-03T05:00:00.000Z',
    full_mark: 100,
  };
  type Snap = SnapshotFrom<typeof homeworkMarkMachine>;
  const events = (s: Snap): AnyEvent[] => [
    { type: 'mark.mark', value: '৮.৫' },
    { type: 'mark.mark', value: '101' },
    { type: 'mark.feedback', value: ' Good diagram. ' },
    { type: 'mark.save' },
    ...(s.value === 'saving'
      ? [
          { type: 'xstate.done.actor.saveMark', output: SAVED },
          { type: 'xstate.error.actor.saveMark', error: OUT_OF_RANGE },
          { type: 'xstate.error.actor.saveMark', error: OFFLINE },
        ]
      : []),
  ];
  const testModel = createTestModel(asModel(homeworkMarkMachine), {
    events: events as never,
    input: INPUT,
    serializeState: ((s: Snap) =>
      JSON.stringify([
        s.value,
        s.context.draft,
        s.context.saved,
        s.context.problem,
        s.context.failure?.status,
      ])) as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches every state', () => {
    const reached = paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value));
    expect([...new Set(reached)].sort()).toEqual(['editing', 'saved', 'saving']);
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => {
        const e = s.event as AnyEvent;
        if (e.value !== undefined) return `${e.type.replace('mark.', '')}=${String(e.value)}`;
        if (e.error) return `refused ${(e.error as ApiError).status}`;
        return e.type.replace(/^mark\.|^xstate\.(done|error)\.actor\./, '');
      })
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const pending: Record<string, Deferred> = {};
      const calls: { submission_id: number; mark: number; feedback: string; idempotencyKey: string }[] = [];
      let saved = 0;
      const actor = createActor(
        homeworkMarkMachine.provide({
          actors: {
            saveMark: fromPromise<HomeworkMarkResponse, (typeof calls)[number]>(({ input }) => {
              calls.push(structuredClone(input));
              return new Promise((resolve, reject) => (pending.saveMark = { resolve: resolve as never, reject }));
            }),
          },
          actions: { markSaved: () => void (saved += 1) },
        }),
        { input: INPUT },
      ).start();
      let last: AnyEvent = { type: 'start' };
      let callsBefore = 0;
      const send = ({ event }: { event: AnyEvent }) => {
        last = event;
        callsBefore = calls.length;
        actor.send(event as never);
      };
      const answer =
        (kind: 'resolve' | 'reject') =>
        async ({ event }: { event: AnyEvent }) => {
          last = event;
          await settle(pending, 'saveMark', kind, kind === 'resolve' ? event.output : event.error);
        };
      const snap = () => actor.getSnapshot();
      await path.test({
        events: {
          'mark.mark': send,
          'mark.feedback': send,
          'mark.save': send,
          'xstate.done.actor.saveMark': answer('resolve'),
          'xstate.error.actor.saveMark': answer('reject'),
        },
        states: {
          editing: () => {
            const c = snap().context;
            if (last.type === 'mark.save') {
              // Not a mark from 0 to 100: named, never sent, the typing kept.
              expect(calls.length).toBe(callsBefore);
              expect(c.problem).toBe('range');
              expect(['', '101']).toContain(c.draft.mark);
            }
            if (last.error === OUT_OF_RANGE) {
              expect(c.problem).toBe('range');
              expect(c.idempotencyKey).toBeNull();
            }
            if (last.error === OFFLINE) {
              expect(c.idempotencyKey).toBe(calls.at(-1)!.idempotencyKey);
              expect(markValue(c.draft.mark, 100)).toBe(calls.at(-1)!.mark);
            }
          },
          saving: () => {
            expect(snap().hasTag('busy')).toBe(true);
            const sent = calls.at(-1)!;
            expect(sent.submission_id).toBe(41);
            expect(sent.mark).toBe(8.5);
            expect(['', 'Good diagram.']).toContain(sent.feedback);
            const typed = snap().context.draft;
            actor.send({ type: 'mark.mark', value: '1' });
            expect(snap().context.draft).toEqual(typed);
          },
          saved: () => {
            const c = snap().context;
            expect(saved).toBeGreaterThan(0);
            expect(snap().hasTag('saved')).toBe(true);
            expect(c.saved).toEqual({ mark: '8.5', feedback: 'Good diagram.' });
            expect(c.draft).toEqual(c.saved);
          },
        },
      });
    });
  }
});
