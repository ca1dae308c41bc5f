/**
 * Entering an exam's marks (/teacherevaluation; spec part 2 §Exams, marks, grade sheet, sections 4,
 * 5 and 8), for teachers (what they teach) and school admins (any of the school's).
 *
 *   filtering ─marks.search─> loading ─┬─> entering ──marks.review──> reviewing ──marks.confirm──> saving
 *       ^                              ├─> locked (published: read-only)   └─marks.cancel─┘          │
 *       │ marks.clear                  └─> loadFailed ─marks.retry─┘                                 │
 *       │                                                          ┌──────────────────────────────────┤
 *   saved <────────────────────────────── done ───────────────────┘  network/5xx ─> failed ─retry─> saving
 *     └─marks.edit─> entering                                         4xx ─> entering (fields named)
 *                                                                     409 exams.locked ─> locked
 *
 * Offline (`offlineMarkEntryMachine`, which the screen uses when the device can keep data): a save the network fails goes to
 * the device's queue (src/offline/store.ts, the same queue as attendance, sent in order) instead of
 * `failed`, with the moment the teacher saved (`entered_at`, taken at "Save") and a key of its own:
 *   saving ──(network)──> queueing ──> queued ──sync.start──> syncing ─┬─> synced     (saved)
 *                            └─> failed (the device     ^       │       ├─> kept       (saved, but some marks
 *                                 could not keep it)     └───────┘       │    were changed by someone else after
 *                                                     (network again)   │    entered_at: theirs stand)
 *                                                                        ├─> conflict   (409 exams.locked:
 *                                                                        │    results published meanwhile)
 *                                                                        └─> syncRefused (another 4xx)
 * The sync events come from src/offline/sync.ts; the screen forwards them and the machine checks
 * the key. Leaving `queued` is safe: the queue keeps the marks. From `conflict` and `syncRefused`
 * `marks.reopen` opens the sheet again as the server has it; from `synced` and `kept`
 * `marks.edit` goes back to the sheet, which holds the marks as the server has them.
 * Why a new key for the queue: the queued request carries `entered_at`, so it is another request
 * than the lost one, and the server refuses a key reused with another body. Should the lost
 * request have arrived after all, the queued one meets its audit rows (later than `entered_at`)
 * with the same values, and changes nothing (the server's conflict rule, services/exams.ts).
 *
 * Rules kept here rather than in the screen:
 * - a blank field means "not entered" and 0 is a real zero; "absent" (typed `a`, `ab`, `absent`,
 *   or Bangla `অ`) is its own mark; digits may be Bangla (০-৯) or Latin; at most two decimals;
 *   from 0 to the exam's full marks (the server checks the same bound and names the field);
 * - only changed marks are sent (a cleared mark is sent as null, to clear it); re-entry updates;
 * - nothing goes out before the teacher reviewed the list of changes and confirmed it, and not
 *   while any field holds something that is not a mark;
 * - a lost save (network, 5xx) keeps the marks; "Try again" sends the same list under the same
 *   idempotency key, so the server answers the first result instead of saving twice; a refusal
 *   (4xx) goes back to the sheet with the refused fields named;
 * - once the admin publishes a session's results the marks are locked: the sheet is read-only;
 * - Enter goes down the sheet and, on the last student, to the review; after a review that found
 *   problems (fixing), Enter on a fixed field goes to the next problem, and once none is left back
 *   to where the review was asked for: from the last student (or the server's refusal after a
 *   review), the review again, not on down the sheet away from where the teacher was asked to
 *   look; from a student above, that student (or the next, if it was that one), to go on filling.
 *   Fixing ends there, and when the review opens or the sheet is undone or reloaded.
 *
 * Pure: no React, no DOM. The I/O is the named actors loadSheet and saveMarks (tests replace them
 * with `.provide()`); `savedChanges` runs after the server confirmed a save (the screen provides
 * it to invalidate the exam queries).
 */
import { assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type {
  ExamMarkBody,
  ExamMarkSaved,
  MarkValue,
  StudentMarkQuery,
  StudentMarkRow,
  StudentMarkSheet,
} from '@/api/schemas/exams';
import { EXAM_CODES } from '@/api/schemas/exams';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { fetchMarkEntrySheet, saveMarks } from '@/api/exams';
import { latinDigits } from '@/i18n/digits';
import { enqueue } from '@/offline/store';
import { isRetryable } from './shared/failure';
import { notSent, queueTags, type QueueTag } from './shared/queue';

/** The screen's five filters, as the sheet is asked for. */
export interface MarkEntryQuery {
  session_id: number;
  exam_name_id: number;
  class_id: number;
  section_id: number;
  subject_id: number;
}

/** What is wrong with a typed mark. */
export type MarkProblem = 'not_a_mark' | 'negative' | 'decimals' | 'above_full';

export type ParsedMark = { ok: true; value: MarkValue } | { ok: false; problem: MarkProblem };

/** The text a field shows for an absent student (and what `a`, `ab`, `absent`, `অ` become). */
export const ABSENT_TEXT = 'AB';

const ABSENT_WORDS = /^(a|ab|abs|absent|অ|অনু|অনুপস্থিত)$/i;

/** A typed mark as the API speaks it, or what is wrong with it. */
export function parseMark(text: string, fullMarks: number): ParsedMark {
  const t = latinDigits(text).trim();
  if (t === '') return { ok: true, value: null };
  if (ABSENT_WORDS.test(t)) return { ok: true, value: 'absent' };
  if (/^-\s*(\d+(\.\d*)?|\.\d+)$/.test(t)) return { ok: false, problem: 'negative' };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return { ok: false, problem: 'not_a_mark' };
  const decimals = t.includes('.') ? t.split('.')[1].length : 0;
  if (decimals > 2) return { ok: false, problem: 'decimals' };
  const value = Number(t);
  if (value > fullMarks) return { ok: false, problem: 'above_full' };
  return { ok: true, value };
}

/** A saved mark as its field's text. */
export function markText(value: MarkValue): string {
  return value === null ? '' : value === 'absent' ? ABSENT_TEXT : String(value);
}

export interface MarkChange {
  student_id: number;
  mark_obtained: MarkValue;
}

export interface MarkEntryContext {
  query: MarkEntryQuery | null;
  sheet: StudentMarkSheet | null;
  /** What each field holds (by student id), as typed. */
  drafts: Record<number, string>;
  /** Index into the sheet's rows of the field the keyboard is on. */
  cursor: number;
  /** Review was asked for while a field held something that is not a mark: show every problem. */
  showProblems: boolean;
  /**
   * Fixing: the teacher was sent to the problems a review (or the server) found, and Enter walks
   * them; this is the row the review was asked from, where Enter goes once none is left. Null when
   * not fixing.
   */
  resumeAt: number | null;
  /** The server's word on a field it refused (by student id). */
  serverErrors: Record<number, string>;
  /** The changes of the save under way or last tried ("Try again" sends exactly these). */
  sent: MarkChange[] | null;
  result: ExamMarkSaved | null;
  error: string | null;
  /** Its code (`exams.locked`, `network`, ...): the screen words it in the user's language. */
  errorCode: string | null;
  /** One key per confirmed save: "Try again" reuses it (a queued save gets its own). */
  saveKey: string | null;
  /** When the teacher pressed "Save" (ISO instant): a queued save's `entered_at`. */
  enteredAt: string | null;
}

/** What the device's queue keeps of a save. */
export interface QueueMarksInput {
  key: string;
  takenAt: string;
  input: ExamMarkBody;
  label: string;
}

export type MarkEntryEvent =
  | { type: 'marks.search'; query: MarkEntryQuery }
  | { type: 'marks.clear' }
  | { type: 'marks.type'; studentId: number; text: string }
  | { type: 'marks.focus'; studentId: number }
  | { type: 'marks.next' }
  /**
   * Enter in a mark field: the next student, the review on the last; while fixing what a review
   * found, the next field still wrong, and once nothing is wrong, back where the review was asked
   * for (see the header).
   */
  | { type: 'marks.enter' }
  | { type: 'marks.prev' }
  | { type: 'marks.undo' }
  | { type: 'marks.review' }
  | { type: 'marks.confirm' }
  | { type: 'marks.cancel' }
  | { type: 'marks.retry' }
  | { type: 'marks.back' }
  | { type: 'marks.edit' }
  /** Open the sheet again as the server has it (after the school refused queued marks). */
  | { type: 'marks.reopen' }
  /** The queue (src/offline/sync.ts) started sending the save with this key. */
  | { type: 'marks.sync.start'; key: string }
  | { type: 'marks.sync.done'; key: string; result: ExamMarkSaved }
  | { type: 'marks.sync.failed'; key: string; code: string; message: string; retryable: boolean };

export type SaveMarksInput = ExamMarkBody & { idempotencyKey: string };

/** Fields of the sheet as they were saved. */
export function savedDrafts(rows: readonly StudentMarkRow[]): Record<number, string> {
  return Object.fromEntries(rows.map((r) => [r.student_id, markText(r.marks_obtained)]));
}

/** Each field's problem (by student id), for the fields that hold something that is not a mark. */
export function markProblems(ctx: Pick<MarkEntryContext, 'sheet' | 'drafts'>): Record<number, MarkProblem> {
  const out: Record<number, MarkProblem> = {};
  if (!ctx.sheet) return out;
  for (const r of ctx.sheet.rows) {
    const parsed = parseMark(ctx.drafts[r.student_id] ?? '', ctx.sheet.exam.full_marks);
    if (!parsed.ok) out[r.student_id] = parsed.problem;
  }
  return out;
}

/** The marks that differ from the saved ones, in roll order: what a save sends. */
export function markChanges(ctx: Pick<MarkEntryContext, 'sheet' | 'drafts'>): MarkChange[] {
  if (!ctx.sheet) return [];
  const out: MarkChange[] = [];
  for (const r of ctx.sheet.rows) {
    const parsed = parseMark(ctx.drafts[r.student_id] ?? '', ctx.sheet.exam.full_marks);
    if (parsed.ok && parsed.value !== r.marks_obtained)
      out.push({ student_id: r.student_id, mark_obtained: parsed.value });
  }
  return out;
}

/** A failure worth retrying as it is (./shared/failure.ts): kept exported, the tests name it here. */
export { isRetryable };

function errorCodeOf(error: unknown): string | null {
  const code = error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : null;
  return typeof code === 'string' ? code : null;
}

function fieldsOf(error: unknown): Record<string, string> {
  const fields = error && typeof error === 'object' && 'fields' in error ? (error as { fields: unknown }).fields : null;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

/** The server's refused fields (`mark_update.3.mark_obtained`) as the students they name. */
export function refusedStudents(error: unknown, sent: readonly MarkChange[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [field, message] of Object.entries(fieldsOf(error))) {
    const m = /^mark_update\.(\d+)\./.exec(field);
    const change = m ? sent[Number(m[1])] : undefined;
    if (change) out[change.student_id] = message;
  }
  return out;
}

const failure = (error: unknown) => ({ error: errorMessage(error), errorCode: errorCodeOf(error) });

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

/**
 * Where Enter goes while fixing: the field itself while it is still wrong, else the next wrong
 * one after it (from the top again past the last).
 */
function nextProblem(ctx: MarkEntryContext): number {
  const rows = ctx.sheet?.rows ?? [];
  const problems = markProblems(ctx);
  const wrong = (i: number) => rows[i] !== undefined && rows[i].student_id in problems;
  if (wrong(ctx.cursor)) return ctx.cursor;
  for (let step = 1; step <= rows.length; step++) {
    const i = (ctx.cursor + step) % rows.length;
    if (wrong(i)) return i;
  }
  return ctx.cursor;
}

const lastRow = (ctx: MarkEntryContext) => (ctx.sheet?.rows.length ?? 1) - 1;

const LOAD = { target: '#markEntry.loading', actions: 'setQuery' } as const;

type SyncDone = Extract<MarkEntryEvent, { type: 'marks.sync.done' }>;
type SyncFailed = Extract<MarkEntryEvent, { type: 'marks.sync.failed' }>;
const syncDone = ({ event }: { event: SyncDone }) => event;
const syncFailed = ({ event }: { event: SyncFailed }) => event;
/**
 * What the queue's answer about a queued save does, the same whether the sync was seen starting
 * (`syncing`) or the answer came first (`queued`): saved, kept (someone changed marks after them),
 * to try again, refused because the results are locked, or refused.
 */
const SYNC_OUTCOMES = {
  'marks.sync.done': [
    { guard: { type: 'isKeptSync', params: syncDone }, target: 'kept', actions: ['syncSaved', 'savedChanges'] },
    { guard: { type: 'isThisSave', params: syncDone }, target: 'synced', actions: ['syncSaved', 'savedChanges'] },
  ],
  'marks.sync.failed': [
    { guard: { type: 'isRetryableSync', params: syncFailed }, target: 'queued', actions: 'syncFailed' },
    { guard: { type: 'isLockedSync', params: syncFailed }, target: 'conflict', actions: ['syncFailed', 'lockSheet'] },
    { guard: { type: 'isThisSave', params: syncFailed }, target: 'syncRefused', actions: 'syncFailed' },
  ],
} as const;

/** What the screen asks of a snapshot (docs/ARCHITECTURE.md, "Adding a flow": tags, not state names). */
export type MarkEntryTag =
  | 'busy'
  | 'loading'
  | 'loadFailed'
  | 'sheet'
  | 'locked'
  | 'entering'
  | 'reviewing'
  | 'saving'
  | 'failed'
  | 'saved'
  | QueueTag;

export const markEntryMachine = setup({
  types: {
    context: {} as MarkEntryContext,
    events: {} as MarkEntryEvent,
    tags: {} as MarkEntryTag,
  },
  actors: {
    loadSheet: fromPromise<StudentMarkSheet, StudentMarkQuery>(({ input }) => fetchMarkEntrySheet(input)),
    saveMarks: fromPromise<ExamMarkSaved, SaveMarksInput>(({ input }) => {
      const { idempotencyKey, ...body } = input;
      return saveMarks(body, { idempotencyKey });
    }),
    queueMarks: fromPromise<void, QueueMarksInput>(({ input }) => enqueue({ ...input, kind: 'marks' })),
  },
  guards: {
    isLocked: (_, sheet: StudentMarkSheet) => sheet.locked,
    isKnownStudent: ({ context }, params: { studentId: number }) =>
      !!context.sheet?.rows.some((r) => r.student_id === params.studentId),
    canReview: ({ context }) => markChanges(context).length > 0 && Object.keys(markProblems(context)).length === 0,
    hasProblems: ({ context }) => Object.keys(markProblems(context)).length > 0,
    fixingMore: ({ context }) => context.resumeAt !== null && Object.keys(markProblems(context)).length > 0,
    /** Fixed, and the review had been asked for from above the last student: back there. */
    fixedMidSheet: ({ context }) => context.resumeAt !== null && context.resumeAt < lastRow(context),
    fixingDone: ({ context }) => context.resumeAt !== null,
    atLastStudent: ({ context }) => context.cursor >= (context.sheet?.rows.length ?? 1) - 1,
    isRetryable: (_, params: { error: unknown }) => isRetryable(params.error),
    isLockedError: (_, params: { error: unknown }) => errorCodeOf(params.error) === EXAM_CODES.locked,
    /**
     * Offline mode and the network (not the server) failed: the device keeps the marks. Off here
     * (the old behaviour); `offlineMarkEntryMachine` turns it on.
     */
    canQueue: (_, _params: { error: unknown }) => false,
    isThisSave: ({ context }, params: { key: string }) => params.key === context.saveKey,
    isRetryableSync: ({ context }, params: { key: string; retryable: boolean }) =>
      params.key === context.saveKey && params.retryable,
    isLockedSync: ({ context }, params: { key: string; code: string }) =>
      params.key === context.saveKey && params.code === EXAM_CODES.locked,
    /** The queued save arrived, but someone changed some of its marks after the teacher entered them. */
    isKeptSync: ({ context }, params: { key: string; result: ExamMarkSaved }) =>
      params.key === context.saveKey && (params.result.kept?.length ?? 0) > 0,
  },
  actions: {
    /** The screen provides it: invalidate what the server just changed. */
    savedChanges: () => {},
    setQuery: assign(({ event }) => (event.type === 'marks.search' ? { query: event.query } : {})),
    /** The queue saved the marks: the sheet holds the server's rows. */
    syncSaved: assign(({ context, event }) =>
      event.type === 'marks.sync.done'
        ? {
            result: event.result,
            sheet: context.sheet ? { ...context.sheet, rows: event.result.rows } : null,
            drafts: savedDrafts(event.result.rows),
            error: null,
            errorCode: null,
          }
        : {},
    ),
    syncFailed: assign(({ event }) =>
      event.type === 'marks.sync.failed' ? { error: event.message, errorCode: event.code } : {},
    ),
    /** The results were published meanwhile: the sheet shows them locked. */
    lockSheet: assign(({ context }) => ({ sheet: { ...context.sheet!, locked: true } })),
  },
}).createMachine({
  id: 'markEntry',
  context: {
    query: null,
    sheet: null,
    drafts: {},
    cursor: 0,
    showProblems: false,
    resumeAt: null,
    serverErrors: {},
    sent: null,
    result: null,
    error: null,
    errorCode: null,
    saveKey: null,
    enteredAt: null,
  },
  initial: 'filtering',
  states: {
    filtering: {
      entry: assign({ query: null, sheet: null, drafts: {}, result: null, error: null, errorCode: null }),
      on: { 'marks.search': LOAD },
    },

    loading: {
      tags: ['busy', 'loading'],
      // A new sheet: nothing of an earlier one stays behind.
      entry: assign({
        sheet: null,
        drafts: {},
        cursor: 0,
        showProblems: false,
        resumeAt: null,
        serverErrors: {},
        sent: null,
        result: null,
        error: null,
        errorCode: null,
      }),
      invoke: {
        id: 'loadSheet',
        src: 'loadSheet',
        input: ({ context }) => ({ ...context.query! }),
        onDone: [
          {
            guard: { type: 'isLocked', params: ({ event }) => event.output },
            target: 'locked',
            actions: assign(({ event }) => ({ sheet: event.output, drafts: savedDrafts(event.output.rows) })),
          },
          {
            target: 'entering',
            actions: assign(({ event }) => ({ sheet: event.output, drafts: savedDrafts(event.output.rows) })),
          },
        ],
        onError: { target: 'loadFailed', actions: assign(({ event }) => failure(event.error)) },
      },
      // Another sheet chosen while one loads: loading starts again for it (re-entered, so the
      // first request's answer is dropped), not the first sheet shown under the new choice.
      on: { 'marks.search': { ...LOAD, reenter: true }, 'marks.clear': 'filtering' },
    },

    loadFailed: {
      tags: 'loadFailed',
      on: { 'marks.retry': 'loading', 'marks.search': LOAD, 'marks.clear': 'filtering' },
    },

    /** Published results: the marks are shown, nothing can change them. */
    locked: {
      tags: ['sheet', 'locked'],
      on: { 'marks.search': LOAD, 'marks.clear': 'filtering' },
    },

    entering: {
      tags: ['sheet', 'entering'],
      on: {
        'marks.type': {
          guard: { type: 'isKnownStudent', params: ({ event }) => ({ studentId: event.studentId }) },
          actions: assign(({ context, event }) => {
            const { [event.studentId]: _refused, ...serverErrors } = context.serverErrors;
            return {
              drafts: { ...context.drafts, [event.studentId]: event.text },
              cursor: context.sheet!.rows.findIndex((r) => r.student_id === event.studentId),
              serverErrors,
            };
          }),
        },
        'marks.focus': {
          guard: { type: 'isKnownStudent', params: ({ event }) => ({ studentId: event.studentId }) },
          actions: assign({
            cursor: ({ context, event }) => context.sheet!.rows.findIndex((r) => r.student_id === event.studentId),
          }),
        },
        'marks.next': {
          actions: assign({
            cursor: ({ context }) => clamp(context.cursor + 1, (context.sheet?.rows.length ?? 1) - 1),
          }),
        },
        'marks.enter': [
          { guard: 'fixingMore', actions: assign({ cursor: ({ context }) => nextProblem(context) }) },
          {
            guard: 'fixedMidSheet',
            actions: assign(({ context }) => ({
              cursor: Math.max(context.resumeAt!, clamp(context.cursor + 1, lastRow(context))),
              resumeAt: null,
            })),
          },
          { guard: 'fixingDone', actions: [assign({ resumeAt: null }), raise({ type: 'marks.review' })] },
          { guard: 'atLastStudent', actions: raise({ type: 'marks.review' }) },
          {
            actions: assign({
              cursor: ({ context }) => clamp(context.cursor + 1, (context.sheet?.rows.length ?? 1) - 1),
            }),
          },
        ],
        'marks.prev': {
          actions: assign({
            cursor: ({ context }) => clamp(context.cursor - 1, (context.sheet?.rows.length ?? 1) - 1),
          }),
        },
        'marks.undo': {
          actions: assign(({ context }) => ({
            drafts: savedDrafts(context.sheet?.rows ?? []),
            showProblems: false,
            resumeAt: null,
            serverErrors: {},
            error: null,
            errorCode: null,
          })),
        },
        'marks.review': [
          {
            guard: 'canReview',
            target: 'reviewing',
            actions: assign({ error: null, errorCode: null, resumeAt: null }),
          },
          {
            // Not yet: every problem is shown and the keyboard goes to the first.
            guard: 'hasProblems',
            actions: assign(({ context }) => {
              const problems = markProblems(context);
              return {
                showProblems: true,
                // A second refusal while fixing keeps the row of the first.
                resumeAt: context.resumeAt ?? context.cursor,
                cursor: Math.max(
                  0,
                  context.sheet!.rows.findIndex((r) => r.student_id in problems),
                ),
              };
            }),
          },
        ],
        'marks.search': LOAD,
        'marks.clear': 'filtering',
      },
    },

    /** The changes as a list (old mark -> new mark): nothing leaves before "Save". */
    reviewing: {
      tags: ['sheet', 'reviewing'],
      on: {
        // A new save: a new idempotency key, kept by "Try again".
        'marks.confirm': {
          target: 'saving',
          actions: assign(({ context }) => ({
            saveKey: newIdempotencyKey(),
            enteredAt: new Date().toISOString(),
            sent: markChanges(context),
            result: null,
          })),
        },
        'marks.cancel': 'entering',
      },
    },

    saving: {
      tags: ['busy', 'sheet', 'saving'],
      entry: assign({ error: null, errorCode: null }),
      invoke: {
        id: 'saveMarks',
        src: 'saveMarks',
        input: ({ context }) => ({
          exam_info_id: context.sheet!.exam.id,
          subject_id: context.sheet!.exam.subject_id,
          mark_update: context.sent ?? [],
          idempotencyKey: context.saveKey ?? '',
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => ({
              result: event.output,
              sheet: { ...context.sheet!, rows: event.output.rows },
              drafts: savedDrafts(event.output.rows),
              showProblems: false,
              resumeAt: null,
              serverErrors: {},
            })),
            'savedChanges',
          ],
        },
        onError: [
          {
            guard: { type: 'canQueue', params: ({ event }) => ({ error: event.error }) },
            target: 'queueing',
          },
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: assign(({ event }) => failure(event.error)),
          },
          {
            guard: { type: 'isLockedError', params: ({ event }) => ({ error: event.error }) },
            target: 'locked',
            actions: assign(({ context, event }) => ({
              ...failure(event.error),
              sheet: { ...context.sheet!, locked: true },
            })),
          },
          {
            // Refused (a mark above full marks, a student moved out of the section...): back to
            // the sheet, the refused fields named.
            target: 'entering',
            actions: assign(({ context, event }) => ({
              ...failure(event.error),
              serverErrors: refusedStudents(event.error, context.sent ?? []),
              showProblems: true,
              // The teacher had reviewed the sheet: once fixed, Enter reviews it again.
              resumeAt: lastRow(context),
            })),
          },
        ],
      },
    },

    /**
     * The network failed: the marks go to the device's queue with the time the teacher saved them
     * (`entered_at`) and a key of their own (see the header: another body, another key).
     */
    queueing: {
      tags: ['busy', ...queueTags('queueing')],
      entry: assign(({ context }) => ({
        saveKey: newIdempotencyKey(),
        enteredAt: context.enteredAt ?? new Date().toISOString(),
      })),
      invoke: {
        id: 'queueMarks',
        src: 'queueMarks',
        input: ({ context }) => {
          const e = context.sheet!.exam;
          const enteredAt = context.enteredAt ?? new Date().toISOString();
          return {
            key: context.saveKey ?? '',
            takenAt: enteredAt,
            input: {
              exam_info_id: e.id,
              subject_id: e.subject_id,
              mark_update: context.sent ?? [],
              entered_at: enteredAt,
            },
            label: `${e.exam_name} · ${e.subject_name} · ${e.class_name} ${e.section_default_name}`,
          };
        },
        onDone: { target: 'queued', actions: assign({ error: null, errorCode: null }) },
        // The device could not keep it either: as before, "Try again" with the same key.
        onError: { target: 'failed', actions: assign(({ event }) => failure(event.error)) },
      },
    },

    /** "Saved on this phone, will send when online". Leaving is safe: the queue keeps it. */
    queued: {
      tags: queueTags('queued'),
      on: {
        'marks.sync.start': { guard: { type: 'isThisSave', params: ({ event }) => event }, target: 'syncing' },
        ...SYNC_OUTCOMES,
        'marks.search': LOAD,
        'marks.clear': 'filtering',
      },
    },

    syncing: {
      tags: ['busy', ...queueTags('syncing')],
      on: {
        ...SYNC_OUTCOMES,
        'marks.search': LOAD,
        'marks.clear': 'filtering',
      },
    },

    /** The queued marks reached the server and were saved: the sheet holds them as saved. */
    synced: {
      tags: queueTags('synced'),
      on: {
        'marks.edit': { target: 'entering', actions: assign({ result: null }) },
        'marks.search': LOAD,
        'marks.clear': 'filtering',
      },
    },

    /**
     * The queued marks arrived, but someone changed some of them after the teacher entered them
     * on the phone: those newer marks stand (the result's `kept`), the rest were saved. The
     * teacher is told how many stood; the sheet holds the marks as the server has them.
     */
    kept: {
      tags: queueTags('kept'),
      on: {
        'marks.edit': { target: 'entering', actions: assign({ result: null }) },
        'marks.search': LOAD,
        'marks.clear': 'filtering',
      },
    },

    /** Results were published before the queued marks arrived: the marks are locked, not saved. */
    conflict: {
      tags: queueTags('conflict'),
      on: { 'marks.reopen': 'loading', 'marks.search': LOAD, 'marks.clear': 'filtering' },
    },

    /** The school refused the queued marks (another 4xx): its words are shown. */
    syncRefused: {
      tags: queueTags('syncRefused'),
      on: { 'marks.reopen': 'loading', 'marks.search': LOAD, 'marks.clear': 'filtering' },
    },

    /** Not saved for a network or server failure: the marks are kept. */
    failed: {
      tags: ['sheet', 'failed'],
      on: {
        'marks.retry': 'saving',
        'marks.back': { target: 'entering', actions: assign({ error: null, errorCode: null }) },
      },
    },

    /** The server's "{n} students Mark entry successful!!" and the "Inserted data". */
    saved: {
      tags: 'saved',
      on: {
        // Back to the sheet, holding the saved marks; the last result is done with.
        'marks.edit': { target: 'entering', actions: assign({ result: null }) },
        'marks.search': LOAD,
        'marks.clear': 'filtering',
      },
    },
  },
});

/** The same flow with offline on: a save the network fails (status 0) is queued on the device. */
export const offlineMarkEntryMachine = markEntryMachine.provide({
  guards: { canQueue: (_, params: { error: unknown }) => notSent(params.error) },
});

export type MarkEntryMachine = typeof markEntryMachine;
export type MarkEntrySnapshot = SnapshotFrom<MarkEntryMachine>;

/** Marks on screen that the server does not have (changes, or fields that hold no mark yet), while worked on. */
export function hasUnsavedMarks(snapshot: MarkEntrySnapshot): boolean {
  const working = (['entering', 'reviewing', 'saving', 'failed'] as const).some((s) => snapshot.matches(s));
  if (!working) return false;
  return markChanges(snapshot.context).length > 0 || Object.keys(markProblems(snapshot.context)).length > 0;
}
