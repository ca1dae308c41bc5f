/**
 * Model-based paths through the resources machines: the resource editor (here with the
 * e-book form, whose new rows need a file) and the library loan flow (issue and return). The
 * models are the machines' own configs (`asModel`: each server answer an explicit event); each
 * path is replayed on a real actor with deferred fakes, and every state on the way is checked
 * against literal expectations: which calls went out with what, what the form keeps after a
 * refusal, and which message the screen would show (only ever the server's).
 */
import { createActor, fromPromise, type EventObject } from 'xstate';
import { createTestModel } from '@xstate/graph';
import {
  resourceDirty,
  resourceEditorMachine,
  type ResourceForm,
  type ResourceSaveInput,
} from '@/machines/resource-editor.machine';
import { libraryLoanMachine, type IssueInput, type LoanForm } from '@/machines/library-loan.machine';
import { asModel } from '../helpers/as-model';

type ModelEvent = EventObject & Record<string, unknown>;

/** How a state was entered (an answer's status included), so each way in gets its own path. */
const via = (s: { value: unknown }, e: ModelEvent | undefined, prev?: { value: unknown }) =>
  e && prev && prev.value !== s.value
    ? ` via ${e.type}${e.error ? ` ${(e.error as { status: number }).status}` : ''}`
    : '';

function deferredCalls() {
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
  const deferred = (name: string) =>
    new Promise((resolve, reject) => {
      pending[name] = { resolve, reject };
    });
  const settle = async (name: string, how: 'resolve' | 'reject', value: unknown) => {
    const p = pending[name];
    delete pending[name];
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { pending, deferred, settle };
}

// ---------------------------------------------------------------- the resource editor

const BLANK: ResourceForm = { title: '', class_id: '', subject_id: '' };
const checkEbook = (form: ResourceForm, file: File | null, id: number | null) => {
  const errors: Record<string, string> = {};
  if (!form.title.trim()) errors.title = 'Enter the title';
  if (id === null && !file) errors.file = 'Choose a file to upload.';
  return errors;
};
const EDITOR_INPUT = { blank: BLANK, check: checkEbook };
const PDF = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
const ROW = { id: 4, label: 'Physics notes' };
const ROW_FORM: ResourceForm = { title: 'Physics notes', class_id: '', subject_id: '' };
const SAVED = { ok: true, id: 5, code: 'resources.ebook_created', message: 'E-book uploaded' };
const DELETED = { ok: true, id: 4, code: 'resources.ebook_deleted', message: 'E-book deleted' };
const TOO_BIG = {
  status: 413,
  code: 'upload.too_large',
  message: 'file: must be at most 10 MB.',
  fields: { file: 'must be at most 10 MB.' },
};
const LOST = { status: 0, code: 'network', message: 'Could not reach the server.' };
const REFUSED = { status: 409, code: 'resources.on_loan', message: 'Copies of this book are out on loan.' };

function startEditor() {
  const calls = { save: [] as ResourceSaveInput[], remove: [] as number[], savedChanges: 0 };
  const d = deferredCalls();
  const actor = createActor(
    resourceEditorMachine.provide({
      actors: {
        save: fromPromise(({ input }: { input: ResourceSaveInput }) => {
          calls.save.push(input);
          return d.deferred('save') as never;
        }),
        remove: fromPromise(({ input }: { input: { id: number } }) => {
          calls.remove.push(input.id);
          return d.deferred('remove') as never;
        }),
      },
      actions: { savedChanges: () => void (calls.savedChanges += 1) },
    }),
    { input: EDITOR_INPUT },
  ).start();
  return { actor, calls, ...d };
}

const editorEvents = [
  { type: 'resource.add' },
  { type: 'resource.edit', id: ROW.id, form: ROW_FORM },
  { type: 'resource.change', field: 'title', value: 'Grammar' },
  { type: 'resource.file', file: PDF },
  { type: 'resource.submit' },
  { type: 'resource.cancel' },
  { type: 'resource.delete', row: ROW },
  { type: 'resource.confirm' },
  { type: 'xstate.done.actor.save', output: SAVED },
  { type: 'xstate.error.actor.save', error: TOO_BIG },
  { type: 'xstate.error.actor.save', error: LOST },
  { type: 'xstate.done.actor.remove', output: DELETED },
  { type: 'xstate.error.actor.remove', error: REFUSED },
];

type EditorSnap = ReturnType<ReturnType<typeof startEditor>['actor']['getSnapshot']>;
const editorModel = createTestModel(asModel(resourceEditorMachine), {
  events: () => editorEvents as never,
  input: EDITOR_INPUT,
  serializeState: ((s: EditorSnap, e: ModelEvent | undefined, prev?: EditorSnap) =>
    `${String(s.value)} ${Object.keys(checkEbook(s.context.form, s.context.file, s.context.editId)).length ? 'invalid' : 'valid'} ${s.context.editId ?? 'new'}${via(s, e, prev)}`) as never,
});
const editorPaths = editorModel.getShortestPaths();

describe('resource editor paths', () => {
  it('reaches every state', () => {
    const reached = new Set(
      editorPaths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => String(s.value)),
    );
    expect([...reached].sort()).toEqual(['confirmingDelete', 'deleting', 'editing', 'idle', 'saving']);
    expect(editorPaths.length).toBeLessThan(200);
  });

  for (const path of editorPaths) {
    const name = path.steps
      .map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace('resource.', ''))
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const h = startEditor();
      let last: ModelEvent = { type: '' };
      let successes = 0;
      let submitted: { form: ResourceForm; file: File | null } | null = null;
      const track =
        (run: (event: ModelEvent) => unknown) =>
        async ({ event }: { event: ModelEvent }) => {
          last = event;
          if (event.type.startsWith('xstate.done.actor.')) successes += 1;
          await run(event);
        };
      const send = track((event) => h.actor.send(event as never));
      await path.test({
        events: {
          'resource.add': send,
          'resource.edit': send,
          'resource.change': send,
          'resource.file': send,
          'resource.submit': send,
          'resource.cancel': send,
          'resource.delete': send,
          'resource.confirm': send,
          'xstate.done.actor.save': track((e) => h.settle('save', 'resolve', e.output)),
          'xstate.error.actor.save': track((e) => h.settle('save', 'reject', e.error)),
          'xstate.done.actor.remove': track((e) => h.settle('remove', 'resolve', e.output)),
          'xstate.error.actor.remove': track((e) => h.settle('remove', 'reject', e.error)),
        } as never,
        states: {
          idle: () => {
            const s = h.actor.getSnapshot();
            expect(s.hasTag('busy')).toBe(false);
            expect(Object.keys(h.pending)).toEqual([]);
            if (last.type === 'xstate.done.actor.save') {
              expect(s.context.feedback).toMatchObject({ tone: 'success', text: SAVED.message, code: SAVED.code });
            }
            if (last.type === 'xstate.done.actor.remove') {
              expect(s.context.feedback).toMatchObject({ tone: 'success', text: DELETED.message });
            }
            if (last.type === 'xstate.error.actor.remove') {
              expect(s.context.feedback).toMatchObject({ tone: 'error', text: REFUSED.message, code: REFUSED.code });
            }
            expect(h.calls.savedChanges).toBe(successes);
          },
          editing: () => {
            const s = h.actor.getSnapshot();
            if (last.type === 'resource.add') {
              expect(s.context.form).toEqual(BLANK);
              expect(s.context.editId).toBeNull();
              expect(resourceDirty(s.context)).toBe(false);
            }
            if (last.type === 'resource.edit') {
              expect(s.context.form).toEqual(ROW_FORM);
              expect(s.context.editId).toBe(ROW.id);
            }
            if (last.type === 'resource.change' || last.type === 'resource.file') {
              expect(resourceDirty(s.context)).toBe(true);
            }
            if (last.type === 'resource.submit') {
              // Not sent: the form names what is missing (a new e-book's file among them).
              expect(s.context.fieldErrors).toEqual(checkEbook(s.context.form, s.context.file, s.context.editId));
              expect(Object.keys(s.context.fieldErrors).length).toBeGreaterThan(0);
            }
            if (last.type.startsWith('xstate.error.actor.save')) {
              // Refused: what was typed and chosen is kept, the server's words shown.
              expect(s.context.form).toEqual(submitted!.form);
              expect(s.context.file).toBe(submitted!.file);
              expect(s.context.error?.message).toBe((last.error as { message: string }).message);
              if ((last.error as { status: number }).status === 413)
                expect(s.context.fieldErrors).toEqual(TOO_BIG.fields);
            }
          },
          saving: () => {
            const s = h.actor.getSnapshot();
            expect(s.hasTag('busy')).toBe(true);
            const sent = h.calls.save.at(-1)!;
            expect(sent.id).toBe(s.context.editId);
            expect(sent.form).toEqual(s.context.form);
            expect(sent.file).toBe(s.context.file);
            if (sent.id === null) expect(sent.file).toBe(PDF);
            expect(sent.idempotencyKey).toBeTruthy();
            submitted = { form: s.context.form, file: s.context.file };
          },
          confirmingDelete: () => {
            expect(h.actor.getSnapshot().context.pendingDelete).toEqual(ROW);
            expect(h.calls.remove).toHaveLength(0);
          },
          deleting: () => {
            expect(h.calls.remove.at(-1)).toBe(ROW.id);
          },
        } as never,
      });
      h.actor.stop();
    });
  }

  it('a retry after a lost answer sends the same key; after a refusal a new one', async () => {
    const h = startEditor();
    h.actor.send({ type: 'resource.add' });
    h.actor.send({ type: 'resource.change', field: 'title', value: 'Notes' });
    h.actor.send({ type: 'resource.file', file: PDF });
    h.actor.send({ type: 'resource.submit' });
    await h.settle('save', 'reject', LOST);
    h.actor.send({ type: 'resource.submit' });
    expect(h.calls.save[1].idempotencyKey).toBe(h.calls.save[0].idempotencyKey);
    await h.settle('save', 'reject', TOO_BIG);
    h.actor.send({ type: 'resource.submit' });
    expect(h.calls.save[2].idempotencyKey).not.toBe(h.calls.save[1].idempotencyKey);
  });
});

// ---------------------------------------------------------------- the library loan

const TODAY = '2026-11-24';
const checkLoan = (f: LoanForm) => {
  const errors: Record<string, string> = {};
  if (!f.student_code.trim()) errors.student_code = 'Enter the student code';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.due_date) || f.due_date < TODAY) errors.due_date = 'must be today or later';
  return errors;
};
const LOAN_INPUT = { check: checkLoan, defaultDue: '2026-12-08' };
const BOOK = { id: 12, title: 'Pather Panchali' };
const LOAN = { id: 30, label: 'Pather Panchali: Rahim Uddin' };
const ISSUED = { ok: true, id: 31, code: 'resources.loan_issued', message: 'Book issued' };
const RETURNED = { ok: true, id: 30, code: 'resources.loan_returned', message: 'Book returned' };
const NO_COPY = {
  status: 409,
  code: 'resources.no_copy_left',
  message: 'Every copy of this book is out on loan.',
  fields: { book_id: 'Every copy of this book is out on loan.' },
};
const ALREADY = { status: 409, code: 'resources.already_returned', message: 'This loan was already returned.' };

function startLoan() {
  const calls = {
    issue: [] as IssueInput[],
    giveBack: [] as { id: number; idempotencyKey: string }[],
    savedChanges: 0,
  };
  const d = deferredCalls();
  const actor = createActor(
    libraryLoanMachine.provide({
      actors: {
        issue: fromPromise(({ input }: { input: IssueInput }) => {
          calls.issue.push(input);
          return d.deferred('issue') as never;
        }),
        giveBack: fromPromise(({ input }: { input: { id: number; idempotencyKey: string } }) => {
          calls.giveBack.push(input);
          return d.deferred('giveBack') as never;
        }),
      },
      actions: { savedChanges: () => void (calls.savedChanges += 1) },
    }),
    { input: LOAN_INPUT },
  ).start();
  return { actor, calls, ...d };
}

const loanEvents = [
  { type: 'loan.issue', book: BOOK },
  { type: 'loan.change', field: 'student_code', value: 'S1-0001' },
  { type: 'loan.change', field: 'due_date', value: '2026-11-01' },
  { type: 'loan.submit' },
  { type: 'loan.cancel' },
  { type: 'loan.return', loan: LOAN },
  { type: 'loan.confirm' },
  { type: 'xstate.done.actor.issue', output: ISSUED },
  { type: 'xstate.error.actor.issue', error: NO_COPY },
  { type: 'xstate.done.actor.giveBack', output: RETURNED },
  { type: 'xstate.error.actor.giveBack', error: ALREADY },
];

type LoanSnap = ReturnType<ReturnType<typeof startLoan>['actor']['getSnapshot']>;
const loanModel = createTestModel(asModel(libraryLoanMachine), {
  events: () => loanEvents as never,
  input: LOAN_INPUT,
  serializeState: ((s: LoanSnap, e: ModelEvent | undefined, prev?: LoanSnap) =>
    `${String(s.value)} ${Object.keys(checkLoan(s.context.form)).length ? 'invalid' : 'valid'}${via(s, e, prev)}`) as never,
});
const loanPaths = loanModel.getShortestPaths();

describe('library loan paths', () => {
  it('reaches every state', () => {
    const reached = new Set(
      loanPaths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => String(s.value)),
    );
    expect([...reached].sort()).toEqual(['confirmingReturn', 'idle', 'issuing', 'returning', 'sending']);
  });

  for (const path of loanPaths) {
    const name = path.steps
      .map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace('loan.', ''))
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const h = startLoan();
      let last: ModelEvent = { type: '' };
      let successes = 0;
      let submitted: LoanForm | null = null;
      const track =
        (run: (event: ModelEvent) => unknown) =>
        async ({ event }: { event: ModelEvent }) => {
          last = event;
          if (event.type.startsWith('xstate.done.actor.')) successes += 1;
          await run(event);
        };
      const send = track((event) => h.actor.send(event as never));
      await path.test({
        events: {
          'loan.issue': send,
          'loan.change': send,
          'loan.submit': send,
          'loan.cancel': send,
          'loan.return': send,
          'loan.confirm': send,
          'xstate.done.actor.issue': track((e) => h.settle('issue', 'resolve', e.output)),
          'xstate.error.actor.issue': track((e) => h.settle('issue', 'reject', e.error)),
          'xstate.done.actor.giveBack': track((e) => h.settle('giveBack', 'resolve', e.output)),
          'xstate.error.actor.giveBack': track((e) => h.settle('giveBack', 'reject', e.error)),
        } as never,
        states: {
          idle: () => {
            const s = h.actor.getSnapshot();
            expect(Object.keys(h.pending)).toEqual([]);
            if (last.type === 'xstate.done.actor.issue') {
              expect(s.context.feedback).toMatchObject({ tone: 'success', text: ISSUED.message, code: ISSUED.code });
            }
            if (last.type === 'xstate.done.actor.giveBack') {
              expect(s.context.feedback).toMatchObject({ tone: 'success', text: RETURNED.message });
            }
            if (last.type === 'xstate.error.actor.giveBack') {
              expect(s.context.feedback).toMatchObject({ tone: 'error', text: ALREADY.message, code: ALREADY.code });
            }
            expect(h.calls.savedChanges).toBe(successes);
          },
          issuing: () => {
            const s = h.actor.getSnapshot();
            expect(s.context.book).toEqual(BOOK);
            if (last.type === 'loan.issue')
              expect(s.context.form).toEqual({ student_code: '', due_date: '2026-12-08' });
            if (last.type === 'loan.submit') {
              expect(Object.keys(s.context.fieldErrors).length).toBeGreaterThan(0);
              expect(h.calls.issue).toHaveLength(0);
            }
            if (last.type === 'xstate.error.actor.issue') {
              // "Every copy is out": the form stays as typed, the server's words shown.
              expect(s.context.form).toEqual(submitted);
              expect(s.context.error?.code).toBe(NO_COPY.code);
              expect(s.context.error?.message).toBe(NO_COPY.message);
            }
          },
          sending: () => {
            const s = h.actor.getSnapshot();
            expect(s.hasTag('busy')).toBe(true);
            const sent = h.calls.issue.at(-1)!;
            expect(sent.bookId).toBe(BOOK.id);
            expect(sent.form).toEqual({ student_code: 'S1-0001', due_date: '2026-12-08' });
            expect(sent.idempotencyKey).toBeTruthy();
            submitted = sent.form;
          },
          confirmingReturn: () => {
            expect(h.actor.getSnapshot().context.pendingReturn).toEqual(LOAN);
            expect(h.calls.giveBack).toHaveLength(0);
          },
          returning: () => {
            expect(h.calls.giveBack.at(-1)?.id).toBe(LOAN.id);
          },
        } as never,
      });
      h.actor.stop();
    });
  }
});
