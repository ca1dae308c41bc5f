/**
 * The routine editor's rules as a user meets them, one scenario each, with the expected form,
 * request and message written out (src/machines/routine-editor.machine.ts): what an incomplete
 * form names, what a choice clears, what goes to the server, what a save, a clash, a lost answer
 * and a delete leave behind. The generated paths (routine-editor.machine.test.ts) walk every
 * transition; these few cases are what `npm run mutate` runs per mutant (docs/testing.md).
 */
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/client';
import type { RoutineDeleteResponse, RoutineRow, RoutineWriteBody, RoutineWriteResponse } from '@/api/schemas/routines';
import { server } from '../helpers/msw';
import {
  DELETE_QUESTION,
  routineEditorMachine,
  sameForm,
  type RoutineEditorEvent,
  type RoutineEditorInput,
  type RoutineForm,
} from '@/machines/routine-editor.machine';

const INPUT: RoutineEditorInput = { schoolInfoId: 3, sessionId: 2026, shiftId: 1 };

const ROW: RoutineRow = {
  id: 7,
  class_id: 6,
  class_name: 'Six',
  section_id: 61,
  section_default_name: 'A',
  day_id: 1,
  day: 'Sunday',
  period_id: 11,
  period_code: '1',
  start_time: '08:00:00',
  end_time: '08:45:00',
  subject_id: 601,
  subject_name: 'Bangla',
  teacher_id: 41,
  initial: 'ARH',
  full_name: 'Mr. Abdur Rahim',
  room: '101',
  session_id: 2026,
  session_year: '2026',
  shift_id: 1,
  shift_name: 'Day',
};

/** A new form: the current session and shift chosen, nothing else. */
const EMPTY: RoutineForm = {
  id: null,
  session_id: 2026,
  shift_id: 1,
  class_id: null,
  section_id: null,
  day_id: null,
  period_id: null,
  subject_id: null,
  teacher_id: null,
  room: '',
};

const ALL_BUT_TEACHER = {
  class_id: '6',
  section_id: '61',
  day_id: '5',
  period_id: '12',
  subject_id: '601',
  room: 'Lab',
};
const COMPLETE = { ...ALL_BUT_TEACHER, teacher_id: '41' };

const CLASH = new ApiError(
  409,
  'routines.teacher_clash',
  'Mr. Abdur Rahim (ARH) already teaches Six B on Sunday, period 1.',
  {
    teacher_id: 'Mr. Abdur Rahim (ARH) already teaches Six B on Sunday, period 1.',
  },
);

function start(input: RoutineEditorInput = INPUT) {
  const answers: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const calls = {
    save: [] as { body: RoutineWriteBody; idempotencyKey: string }[],
    delete: [] as number[],
    savedChanges: 0,
  };
  const pending = () =>
    new Promise<never>((resolve, reject) => answers.push({ resolve: resolve as (v: unknown) => void, reject }));
  const machine = routineEditorMachine.provide({
    actors: {
      saveRoutine: fromPromise<RoutineWriteResponse, { body: RoutineWriteBody; idempotencyKey: string }>(
        ({ input: i }) => (calls.save.push(structuredClone(i)), pending()),
      ),
      deleteRoutine: fromPromise<RoutineDeleteResponse, { id: number }>(
        ({ input: i }) => (calls.delete.push(i.id), pending()),
      ),
    },
    actions: {
      savedChanges: () => {
        calls.savedChanges += 1;
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  const send = (e: RoutineEditorEvent) => actor.send(e);
  const fill = (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values))
      send({ type: 'routine.field', field, value } as RoutineEditorEvent);
  };
  const answer = async (outcome: 'resolve' | 'reject', value: unknown) => {
    const next = answers.shift();
    if (!next) throw new Error('nothing was sent');
    next[outcome](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  const snap = () => actor.getSnapshot();
  return { actor, send, fill, answer, snap, calls };
}

const SAVED_NEW: RoutineWriteResponse = {
  ok: true,
  id: 90,
  message: 'routine added successfully!!',
  code: 'routines.created',
};
const SAVED_EDIT: RoutineWriteResponse = {
  ok: true,
  id: 7,
  message: 'Routine updated successfully',
  code: 'routines.updated',
};
const DELETED: RoutineDeleteResponse = { ok: true, message: 'Routine deleted successfully', code: 'routines.deleted' };

describe('an incomplete form names what it lacks', () => {
  it('a new form with only the session and shift names the six other choices', () => {
    const e = start();
    expect(e.snap().hasTag('form')).toBe(true);
    expect(e.snap().context.form).toEqual(EMPTY);
    e.send({ type: 'routine.submit' });
    expect(e.snap().value).toBe('editing');
    expect(e.snap().hasTag('form')).toBe(true);
    expect(e.snap().context.error).toEqual({
      message: 'Choose one.',
      fields: {
        class_id: 'Choose one.',
        section_id: 'Choose one.',
        day_id: 'Choose one.',
        period_id: 'Choose one.',
        subject_id: 'Choose one.',
        teacher_id: 'Choose one.',
      },
      retryable: false,
    });
    expect(e.calls.save).toEqual([]);
  });

  it('without a teacher nothing is sent and the teacher is named', () => {
    const e = start();
    e.fill(ALL_BUT_TEACHER);
    e.send({ type: 'routine.submit' });
    expect(e.snap().value).toBe('editing');
    expect(e.snap().context.error?.fields).toEqual({ teacher_id: 'Choose one.' });
    expect(e.calls.save).toEqual([]);
  });

  it('without a session or a shift (none current) those are named too, and the room never is', () => {
    const e = start({ schoolInfoId: 3, sessionId: null, shiftId: null });
    e.fill({ ...COMPLETE, room: '' });
    e.send({ type: 'routine.submit' });
    expect(e.snap().context.error?.fields).toEqual({ session_id: 'Choose one.', shift_id: 'Choose one.' });
  });

  it('a choice of 0, of nothing or of a fraction is no choice', () => {
    const e = start();
    for (const value of ['0', '', '1.5', '-3', 'x']) {
      e.fill({ ...ALL_BUT_TEACHER, teacher_id: value });
      expect(e.snap().context.form.teacher_id, value).toBeNull();
      e.send({ type: 'routine.submit' });
      expect(e.snap().context.error?.fields, value).toEqual({ teacher_id: 'Choose one.' });
    }
  });

  it('choosing a named field takes its complaint away, and only its own', () => {
    const e = start();
    e.fill({ class_id: '6' });
    e.send({ type: 'routine.submit' });
    e.fill({ section_id: '61' });
    expect(e.snap().context.error?.fields).toEqual({
      day_id: 'Choose one.',
      period_id: 'Choose one.',
      subject_id: 'Choose one.',
      teacher_id: 'Choose one.',
    });
    expect(e.snap().context.error?.message).toBe('Choose one.');
  });

  it('typing before any submit leaves no error', () => {
    const e = start();
    e.fill({ room: 'Lab', class_id: '6' });
    expect(e.snap().context.error).toBeNull();
  });
});

describe('what a choice clears', () => {
  it('another class clears the section and the subject, nothing else', () => {
    const e = start();
    e.fill(COMPLETE);
    e.fill({ class_id: '7' });
    expect(e.snap().context.form).toEqual({
      ...EMPTY,
      class_id: 7,
      section_id: null,
      day_id: 5,
      period_id: 12,
      subject_id: null,
      teacher_id: 41,
      room: 'Lab',
    });
  });

  it('another shift clears the section and the period, nothing else', () => {
    const e = start();
    e.fill({ ...COMPLETE, shift_id: '2' });
    expect(e.snap().context.form).toEqual({
      ...EMPTY,
      shift_id: 2,
      class_id: 6,
      section_id: null,
      day_id: 5,
      period_id: null,
      subject_id: 601,
      teacher_id: 41,
      room: 'Lab',
    });
  });

  it('the room is kept as typed', () => {
    const e = start();
    e.fill({ room: ' Lab 2 ' });
    expect(e.snap().context.form.room).toBe(' Lab 2 ');
  });
});

describe('saving', () => {
  it('a complete new routine goes out once, with every choice and the room trimmed', () => {
    const e = start();
    e.fill({ ...COMPLETE, room: '  Lab ' });
    e.send({ type: 'routine.submit' });
    expect(e.snap().value).toBe('submitting');
    expect(e.snap().hasTag('busy')).toBe(true);
    expect(e.calls.save).toHaveLength(1);
    expect(e.calls.save[0].body).toEqual({
      id: '',
      school_info_id: 3,
      session_id: 2026,
      shift_id: 1,
      class_id: 6,
      section_id: 61,
      day_id: 5,
      period_id: 12,
      subject_id: 601,
      teacher_id: 41,
      room: 'Lab',
      start: '0:00:00',
      end: '0:00:00',
    });
    expect(e.calls.save[0].idempotencyKey).toMatch(/\S{8,}/);
    expect(e.calls.save[0].idempotencyKey).toBe(e.snap().context.idempotencyKey);
    e.send({ type: 'routine.submit' });
    expect(e.calls.save).toHaveLength(1);
  });

  it('a school-less admin sends no school_info_id', () => {
    const e = start({ schoolInfoId: null, sessionId: 2026, shiftId: 1 });
    e.fill(COMPLETE);
    e.send({ type: 'routine.submit' });
    expect(e.calls.save[0].body.school_info_id).toBeUndefined();
  });

  it('after a new routine is saved: the server’s message, and the next period of the same section', async () => {
    const e = start();
    e.fill(COMPLETE);
    e.send({ type: 'routine.submit' });
    await e.answer('resolve', SAVED_NEW);
    const c = e.snap().context;
    expect(e.snap().value).toBe('editing');
    expect(c.form).toEqual({ ...EMPTY, class_id: 6, section_id: 61, day_id: 5 });
    expect(c.pristine).toEqual(c.form);
    expect(c.feedback).toEqual({
      tone: 'success',
      text: 'routine added successfully!!',
      code: 'routines.created',
      seq: 1,
    });
    expect(c.error).toBeNull();
    expect(c.idempotencyKey).toBeNull();
    expect(e.calls.savedChanges).toBe(1);
  });

  it('an edited routine is updated by its id, then the form starts over', async () => {
    const e = start();
    e.send({ type: 'routine.edit', row: ROW });
    const form = {
      ...EMPTY,
      id: 7,
      class_id: 6,
      section_id: 61,
      day_id: 1,
      period_id: 11,
      subject_id: 601,
      teacher_id: 41,
      room: '101',
    };
    expect(e.snap().context.form).toEqual(form);
    expect(e.snap().context.pristine).toEqual(form);
    e.fill({ room: '102' });
    expect(e.snap().context.pristine).toEqual(form);
    e.send({ type: 'routine.submit' });
    expect(e.calls.save[0].body).toMatchObject({ id: 7, room: '102', day_id: 1, period_id: 11 });
    await e.answer('resolve', SAVED_EDIT);
    expect(e.snap().context.form).toEqual(EMPTY);
    expect(e.snap().context.feedback).toEqual({
      tone: 'success',
      text: 'Routine updated successfully',
      code: 'routines.updated',
      seq: 1,
    });
  });

  it('a clash keeps the form and names the teacher; the next try is a new submission', async () => {
    const e = start();
    e.fill(COMPLETE);
    e.send({ type: 'routine.submit' });
    const firstKey = e.calls.save[0].idempotencyKey;
    await e.answer('reject', CLASH);
    const c = e.snap().context;
    expect(e.snap().value).toBe('editing');
    expect(c.form).toEqual({
      ...EMPTY,
      class_id: 6,
      section_id: 61,
      day_id: 5,
      period_id: 12,
      subject_id: 601,
      teacher_id: 41,
      room: 'Lab',
    });
    expect(c.error).toEqual({
      message: 'Mr. Abdur Rahim (ARH) already teaches Six B on Sunday, period 1.',
      fields: { teacher_id: 'Mr. Abdur Rahim (ARH) already teaches Six B on Sunday, period 1.' },
      retryable: false,
      cause: CLASH,
    });
    expect(c.idempotencyKey).toBeNull();
    expect(c.feedback).toBeNull();
    expect(e.calls.savedChanges).toBe(0);
    e.send({ type: 'routine.submit' });
    expect(e.calls.save[1].idempotencyKey).not.toBe(firstKey);
  });

  it('a lost answer (offline, or the server failing) keeps the key: the retry is the same submission', async () => {
    for (const failure of [
      new ApiError(0, 'network', 'Could not reach the server.'),
      new ApiError(503, 'unavailable', 'The server is busy.'),
      new ApiError(500, 'internal', 'Something went wrong on our side.'),
    ]) {
      const e = start();
      e.fill(COMPLETE);
      e.send({ type: 'routine.submit' });
      const key = e.calls.save[0].idempotencyKey;
      await e.answer('reject', failure);
      expect(e.snap().context.error).toEqual({ message: failure.message, fields: {}, retryable: true, cause: failure });
      expect(e.snap().context.idempotencyKey).toBe(key);
      e.send({ type: 'routine.submit' });
      expect(e.calls.save[1].idempotencyKey).toBe(key);
    }
  });

  it('a refusal without fields (400, 499) is not retried with the same key', async () => {
    for (const status of [400, 499]) {
      const e = start();
      e.fill(COMPLETE);
      e.send({ type: 'routine.submit' });
      await e.answer('reject', new ApiError(status, 'invalid_input', 'The request is invalid.'));
      expect(e.snap().context.error).toMatchObject({
        message: 'The request is invalid.',
        fields: {},
        retryable: false,
      });
      expect(e.snap().context.idempotencyKey).toBeNull();
    }
  });

  it('a failure without words or fields gets the general message and names no field', async () => {
    for (const failure of [null, undefined, { status: 400, message: 'Refused.', fields: 'teacher_id' }]) {
      const e = start();
      e.fill(COMPLETE);
      e.send({ type: 'routine.submit' });
      await e.answer('reject', failure);
      expect(e.snap().value).toBe('editing');
      expect(e.snap().context.error).toEqual({
        message: failure ? 'Refused.' : 'Something went wrong. Please try again.',
        fields: {},
        retryable: !failure,
        cause: failure,
      });
    }
  });

  it('reset empties the form and forgets the error', () => {
    const e = start();
    e.fill({ class_id: '6' });
    e.send({ type: 'routine.submit' });
    e.send({ type: 'routine.reset' });
    expect(e.snap().context.form).toEqual(EMPTY);
    expect(e.snap().context.pristine).toEqual(EMPTY);
    expect(e.snap().context.error).toBeNull();
  });
});

describe('deleting', () => {
  it('asks first, in the spec’s words; cancel keeps everything', () => {
    expect(DELETE_QUESTION).toBe('Are you sure to delete?');
    const e = start();
    e.send({ type: 'routine.delete', id: 7, label: 'Six A · Sunday · 1' });
    expect(e.snap().value).toBe('confirmingDelete');
    expect(e.snap().hasTag('confirm')).toBe(true);
    expect(e.snap().context.pendingDelete).toEqual({ id: 7, label: 'Six A · Sunday · 1' });
    expect(e.calls.delete).toEqual([]);
    e.send({ type: 'routine.cancel' });
    expect(e.snap().value).toBe('editing');
    expect(e.snap().context.pendingDelete).toBeNull();
    expect(e.calls.delete).toEqual([]);
  });

  it('deleting the routine in the form starts the form over', async () => {
    const e = start();
    e.send({ type: 'routine.edit', row: ROW });
    e.send({ type: 'routine.delete', id: 7, label: 'Six A · Sunday · 1' });
    e.send({ type: 'routine.confirm' });
    expect(e.snap().value).toBe('deleting');
    expect(e.snap().hasTag('busy')).toBe(true);
    expect(e.calls.delete).toEqual([7]);
    await e.answer('resolve', DELETED);
    expect(e.snap().value).toBe('editing');
    expect(e.snap().context).toMatchObject({ form: EMPTY, pristine: EMPTY, pendingDelete: null });
    expect(e.snap().context.feedback).toEqual({
      tone: 'success',
      text: 'Routine deleted successfully',
      code: 'routines.deleted',
      seq: 1,
    });
    expect(e.calls.savedChanges).toBe(1);
  });

  it('deleting another routine keeps the form being typed', async () => {
    const e = start();
    e.fill({ class_id: '6', room: 'Lab' });
    e.send({ type: 'routine.delete', id: 9, label: 'Seven A · Monday · 2' });
    e.send({ type: 'routine.confirm' });
    expect(e.calls.delete).toEqual([9]);
    await e.answer('resolve', DELETED);
    expect(e.snap().context.form).toEqual({ ...EMPTY, class_id: 6, room: 'Lab' });
    expect(e.snap().context.pristine).toEqual(EMPTY);
  });

  it('a refused delete says why and changes nothing', async () => {
    const e = start();
    e.send({ type: 'routine.edit', row: ROW });
    e.send({ type: 'routine.delete', id: 7, label: 'Six A · Sunday · 1' });
    e.send({ type: 'routine.confirm' });
    const refusal = new ApiError(409, 'routines.has_attendance', 'Attendance has been taken for this routine.');
    await e.answer('reject', refusal);
    expect(e.snap().value).toBe('editing');
    expect(e.snap().context.form.id).toBe(7);
    expect(e.snap().context.pendingDelete).toBeNull();
    expect(e.snap().context.feedback).toEqual({
      tone: 'error',
      text: 'Attendance has been taken for this routine.',
      error: refusal,
      seq: 1,
    });
    expect(e.calls.savedChanges).toBe(0);
  });

  it('each message is a new one, even when the words repeat', async () => {
    const e = start();
    for (const seq of [1, 2]) {
      e.send({ type: 'routine.delete', id: 9, label: 'x' });
      e.send({ type: 'routine.confirm' });
      await e.answer('resolve', DELETED);
      expect(e.snap().context.feedback?.seq).toBe(seq);
    }
  });
});

describe('unsaved work', () => {
  it('a form is the same as another only when every choice and the room are', () => {
    expect(sameForm(EMPTY, { ...EMPTY })).toBe(true);
    expect(sameForm(EMPTY, { ...EMPTY, room: ' ' })).toBe(false);
    expect(sameForm(EMPTY, { ...EMPTY, teacher_id: 41 })).toBe(false);
    expect(sameForm({ ...EMPTY, id: 7 }, EMPTY)).toBe(false);
  });
});

describe('through the API (the mock server)', () => {
  it('a save is one POST of the form with the submission’s key; a delete names the routine', async () => {
    const saves: { body: unknown; key: string | null }[] = [];
    const deletes: string[] = [];
    server.use(
      http.post('/api/routine/all', async ({ request }) => {
        saves.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return HttpResponse.json(SAVED_NEW);
      }),
      http.post('/api/routine/delete', ({ request }) => {
        deletes.push(new URL(request.url).search);
        return HttpResponse.json(DELETED);
      }),
    );
    const actor = createActor(routineEditorMachine, { input: INPUT }).start();
    for (const [field, value] of Object.entries(COMPLETE))
      actor.send({ type: 'routine.field', field, value } as RoutineEditorEvent);
    actor.send({ type: 'routine.submit' });
    const key = actor.getSnapshot().context.idempotencyKey;
    await waitFor(() => expect(actor.getSnapshot().context.feedback?.code).toBe('routines.created'));
    expect(saves).toEqual([
      {
        body: {
          id: '',
          school_info_id: 3,
          session_id: 2026,
          shift_id: 1,
          class_id: 6,
          section_id: 61,
          day_id: 5,
          period_id: 12,
          subject_id: 601,
          teacher_id: 41,
          room: 'Lab',
          start: '0:00:00',
          end: '0:00:00',
        },
        key,
      },
    ]);
    expect(key).toMatch(/\S{8,}/);
    actor.send({ type: 'routine.delete', id: 7, label: 'Six A · Sunday · 1' });
    actor.send({ type: 'routine.confirm' });
    await waitFor(() => expect(actor.getSnapshot().context.feedback?.code).toBe('routines.deleted'));
    expect(deletes).toEqual(['?id=7']);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.stop();
  });
});
