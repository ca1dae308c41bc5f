/**
 * The notice editor (spec part 1: teacher and school admin notice screens; sections 4, 5 and 7;
 * the 'Create notice' form. The list beside it is a plain read (TanStack Query in the
 * screen); Edit and Delete in that list send events here.
 *
 *   loadingLookups ─┬─> editing ────────── notice.submit (from ready, form valid) ──┐
 *                   └─> lookupsFailed ─notice.retry─┘                                │
 *   editing: loadingStudents ─> ready   (session, class or section change and        │
 *            notice.reset go back to loadingStudents)                                │
 *   a whole class, section or school (no student chosen):                           v
 *     countingAudience ─> confirmingPublish ─notice.confirm─> submitting ─┬─> editing (saved: a new form)
 *                              └─notice.cancel─> editing.ready             └─> editing.ready (error kept)
 *   chosen students: submitting at once (the count is on screen already)
 *   editing ─notice.edit─> loadingNotice ─> editing (the notice in the form)
 *   editing ─notice.delete─> confirmingDelete ─notice.confirm─> deleting ─> editing
 *                                        └─notice.cancel─> editing
 *
 * Rules kept here rather than in the screen:
 * - nothing reaching a whole group goes out unconfirmed: the server counts the audience and the
 *   screen asks "This goes to N students";
 * - the form is checked with the shared request schema before sending (a description is
 *   required); a field error keeps the form as it is and Submit stays Submit. Only a failure
 *   retrying can fix (the network, a timeout, a 5xx) is `retryable`: the screen offers "Try again";
 * - one idempotency key per submission: made when a submission starts, kept while its outcome is
 *   unknown (network or 5xx), dropped once the server answered for sure (saved, or a 4xx). So a
 *   retry after a lost answer never saves twice;
 * - a success message is only ever the server's own, set after the server answered; a successful
 *   save or delete runs `savedChanges` (no-op here: the screen provides it to invalidate reads);
 * - changing class or section clears the chosen students; loaded students keep only the chosen
 *   ones still in the list, and the others are kept in `droppedStudents` for the screen to tell;
 * - `pristine` is the form as loaded or last reset: the screen's unsaved-work guard compares;
 * - a teacher addresses only their reach, the sections they teach in the form's session (the
 *   server refuses anything wider): only those classes and sections are choices, ALL only when
 *   every section under it is theirs, and a new form or a session change starts within the reach.
 *
 * Pure: no React, no DOM. All I/O goes through the named actors loadLookups (with the reach), loadStudents,
 * loadNotice, countAudience, saveNotice and deleteNotice; tests replace them with `.provide()`.
 */
import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import type { ClassRow, SectionRow, SessionRow } from '@/api/schemas/lookups';
import type { SectionStudentRow } from '@/api/schemas/people';
import {
  NOTICE_FIELD_MESSAGES,
  noticeWriteBody,
  type NoticeAudienceQuery,
  type NoticeDeleteResponse,
  type NoticeReach,
  type NoticeType,
  type NoticeWriteBody,
  type NoticeWriteResponse,
  type SchoolNoticeRow,
} from '@/api/schemas/notices';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import {
  defaultSession,
  fetchClasses,
  fetchSectionStudents,
  fetchSections,
  fetchSessions,
  type SectionStudentsQuery,
} from '@/api/lookups';
import { deleteNotice, fetchNoticeAudience, fetchNoticeForEdit, fetchNoticeReach, saveNotice } from '@/api/notices';
import { isRetryable } from './shared/failure';
import { nextSeq } from './shared/feedback';

export const DELETE_QUESTION = 'Are you sure to delete?';

export interface NoticeForm {
  /** null: a new notice; a number: the notice being edited. */
  id: number | null;
  headline: string;
  description: string;
  session_id: number | null;
  /** 0 = ALL */
  class_id: number;
  /** 0 = ALL */
  section_id: number;
  /** YYYY-MM-DD ('' while the date field holds no valid date) */
  date: string;
  /** Chosen student ids; none = the whole class/section audience. */
  students: number[];
}

export type NoticeField = 'headline' | 'description' | 'date' | 'session_id';

export interface NoticeLookups {
  classes: ClassRow[];
  sections: SectionRow[];
  sessions: SessionRow[];
  /** Whom the author may address: the whole school (an admin), or a teacher's sections per session. */
  reach: NoticeReach;
}

export interface NoticeEditorInput {
  /** Sent as the old client did; the server decides the type from the author's role. */
  type: NoticeType;
  schoolInfoId: number | null;
  schoolTypeId: number | null;
  /** The author's profile id (sent as uid, as the old client did). */
  uid: number | null;
  /** The school's today (YYYY-MM-DD), the default publishing date. */
  today: string;
}

export interface NoticeFeedback {
  tone: 'success' | 'error';
  text: string;
  /** A success answer's stable code (`notices.created` ...): the screen shows it in the user's language. */
  code?: string;
  /** What failed, for an error: the screen words it in the user's language. */
  error?: unknown;
  /** Grows with every message, so the same text twice is still two messages. */
  seq: number;
}

export interface SaveError {
  /** The server's message (or the form check's), for errors that name no field. */
  message: string;
  /** Wire field name -> what is wrong with it. */
  fields: Record<string, string>;
  /** The network or the server failed: sending the same again may work ("Try again"). */
  retryable: boolean;
  /** The failure itself (none for the form's own check), for wording it in the user's language. */
  cause?: unknown;
}

export interface SaveInput {
  body: NoticeWriteBody;
  idempotencyKey: string;
}

export interface NoticeEditorContext extends NoticeEditorInput, NoticeLookups {
  form: NoticeForm;
  /** The form as loaded or last reset: anything else is unsaved work. */
  pristine: NoticeForm;
  students: SectionStudentRow[];
  /** False while a student list is on its way. */
  studentsSettled: boolean;
  /**
   * Chosen students a reloaded list no longer has (e.g. an edited notice's recipients who left
   * its section): they were unticked, and the screen says so, since saving drops them.
   */
  droppedStudents: number[];
  studentsError: string | null;
  lookupsError: string | null;
  /** The failures behind studentsError and lookupsError, for wording them in the user's language. */
  studentsCause?: unknown;
  lookupsCause?: unknown;
  /** The last failed submission (kept while the user fixes the form). */
  error: SaveError | null;
  /** How many students the notice reaches, as the server counted it for the confirmation. */
  audience: number | null;
  /** The key of the submission under way or whose outcome is unknown. */
  idempotencyKey: string | null;
  /** The notice the user asked to delete. */
  pendingDelete: { id: number; headline: string } | null;
  /** Who other than its author last changed the notice in the form, and when (ISO): "edited by". */
  editedBy: { name: string; at: string } | null;
  feedback: NoticeFeedback | null;
}

export type NoticeEditorEvent =
  | { type: 'notice.field'; field: NoticeField; value: string }
  | { type: 'notice.class'; class_id: number }
  | { type: 'notice.section'; section_id: number }
  /** The picker's whole choice (kept in list order; unknown ids are ignored). */
  | { type: 'notice.chooseStudents'; student_ids: number[] }
  /** Select all of a section's listed students, or none when all are chosen. */
  | { type: 'notice.toggleSection'; section_id: number }
  | { type: 'notice.submit' }
  | { type: 'notice.edit'; id: number }
  | { type: 'notice.delete'; id: number; headline: string }
  | { type: 'notice.confirm' }
  | { type: 'notice.cancel' }
  | { type: 'notice.retry' }
  | { type: 'notice.reset' };

export function emptyForm(today: string, sessionId: number | null): NoticeForm {
  return {
    id: null,
    headline: '',
    description: '',
    session_id: sessionId,
    class_id: 0,
    section_id: 0,
    date: today,
    students: [],
  };
}

/** What POST /api/notice gets (spec section 7's payload). */
export function noticeBody(
  context: Pick<NoticeEditorContext, 'form' | 'schoolInfoId' | 'uid' | 'type'>,
): NoticeWriteBody {
  const f = context.form;
  return {
    id: f.id ?? '',
    school_info_id: context.schoolInfoId,
    class_id: f.class_id,
    section_id: f.section_id,
    students: f.students,
    session_id: f.session_id ?? 0,
    headline: f.headline,
    description: f.description,
    date: f.date,
    uid: context.uid,
    type: context.type,
  };
}

export function studentsQuery(context: Pick<NoticeEditorContext, 'form'>): SectionStudentsQuery {
  return { class_id: context.form.class_id, section_id: context.form.section_id, session_id: context.form.session_id };
}

export function audienceQuery(context: Pick<NoticeEditorContext, 'form' | 'schoolInfoId'>): NoticeAudienceQuery {
  const f = context.form;
  return {
    school_info_id: context.schoolInfoId ?? undefined,
    session_id: f.session_id ?? undefined,
    class_id: f.class_id,
    section_id: f.section_id,
  };
}

type ReachContext = Pick<NoticeEditorContext, 'form' | 'classes' | 'sections' | 'reach'>;

/** The school's sections the author may address in the form's session; null: every one (the whole school). */
export function reachableSections(context: ReachContext): SectionRow[] | null {
  if (context.reach.whole_school) return null;
  const mine = new Set(
    context.reach.sections.filter((r) => r.session_id === context.form.session_id).map((r) => r.section_id),
  );
  return context.sections.filter((s) => mine.has(s.id));
}

/** The class choices: ALL only when every section of the school is within reach. */
export function classChoices(context: ReachContext): { all: boolean; classes: ClassRow[] } {
  const mine = reachableSections(context);
  if (!mine) return { all: true, classes: context.classes };
  return {
    all: mine.length > 0 && mine.length === context.sections.length,
    classes: context.classes.filter((c) => mine.some((s) => s.class_id === c.id)),
  };
}

/** The section choices of the form's class: ALL only when every section of it is within reach. */
export function sectionChoices(context: ReachContext): { all: boolean; sections: SectionRow[] } {
  const classId = context.form.class_id;
  const ofClass = context.sections.filter((s) => classId !== 0 && s.class_id === classId);
  const mine = reachableSections(context);
  if (!mine) return { all: true, sections: ofClass };
  const ids = new Set(mine.map((s) => s.id));
  const taught = ofClass.filter((s) => ids.has(s.id));
  return {
    all: classId === 0 ? classChoices(context).all : taught.length > 0 && taught.length === ofClass.length,
    sections: taught,
  };
}

/** The reason the form's class and section are beyond the author's reach (by wire field), if they are. */
function reachError(context: ReachContext): Record<string, string> {
  const mine = reachableSections(context);
  if (!mine || context.form.students.length) return {};
  if (!mine.length) return { class_id: NOTICE_FIELD_MESSAGES.noSectionTaught };
  const { form } = context;
  if (form.section_id) {
    return mine.some((s) => s.id === form.section_id) ? {} : { section_id: NOTICE_FIELD_MESSAGES.notYourSection };
  }
  if (form.class_id) return sectionChoices(context).all ? {} : { section_id: NOTICE_FIELD_MESSAGES.notAllSections };
  return classChoices(context).all ? {} : { class_id: NOTICE_FIELD_MESSAGES.notWholeSchool };
}

/**
 * The form moved within the author's reach: a class and section beyond it become the first of
 * theirs (the class kept when it has one), chosen students going with them. A form within reach,
 * or an author with no section in the session, is left as it is (formErrors then says why).
 */
export function fitToReach(context: ReachContext): NoticeForm {
  const { form } = context;
  const mine = reachableSections(context);
  if (!mine || !mine.length || !Object.keys(reachError(context)).length) return form;
  const classId = mine.some((s) => s.class_id === form.class_id) ? form.class_id : mine[0].class_id;
  const fitted = { ...form, class_id: classId, section_id: 0, students: [] };
  const whole = sectionChoices({ ...context, form: fitted }).all;
  return whole ? fitted : { ...fitted, section_id: mine.find((s) => s.class_id === classId)!.id };
}

/**
 * What is wrong with the form before it goes out, by wire field: the shared request schema's
 * own checks (the server runs the same), the two choices the form may lack, and a class or
 * section beyond a teacher's reach.
 */
export function formErrors(
  context: Pick<NoticeEditorContext, 'form' | 'schoolInfoId' | 'uid' | 'type'> & Partial<ReachContext>,
) {
  const fields: Record<string, string> = {};
  if (context.form.session_id === null) fields.session_id = 'Choose an academic session';
  if (!context.form.date) fields.date = 'Choose a publishing date';
  if (context.reach && context.classes && context.sections)
    Object.assign(
      fields,
      reachError({ ...context, reach: context.reach, classes: context.classes, sections: context.sections }),
    );
  const parsed = noticeWriteBody.safeParse(noticeBody(context));
  for (const issue of parsed.success ? [] : parsed.error.issues)
    fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return fields;
}

/** The same notice content (the chosen students as a set). */
export function sameForm(a: NoticeForm, b: NoticeForm): boolean {
  const ids = (f: NoticeForm) => [...f.students].sort((x, y) => x - y).join(',');
  return (
    a.id === b.id &&
    a.headline === b.headline &&
    a.description === b.description &&
    a.session_id === b.session_id &&
    a.class_id === b.class_id &&
    a.section_id === b.section_id &&
    a.date === b.date &&
    ids(a) === ids(b)
  );
}

export const isDirty = (context: Pick<NoticeEditorContext, 'form' | 'pristine'>) =>
  !sameForm(context.form, context.pristine);

function defaultForm(context: NoticeEditorContext): NoticeForm {
  return fitToReach({ ...context, form: emptyForm(context.today, defaultSession(context.sessions)?.id ?? null) });
}

function formFromNotice(n: SchoolNoticeRow): NoticeForm {
  return {
    id: n.id,
    headline: n.notice_headline,
    description: n.notice_description,
    session_id: n.session_id,
    class_id: n.class_id,
    section_id: n.section_id,
    date: n.publishing_date,
    students: [...n.students],
  };
}

function fieldsOf(error: unknown): Record<string, string> {
  if (error && typeof error === 'object' && 'fields' in error) {
    const fields = (error as { fields: unknown }).fields;
    if (fields && typeof fields === 'object') return { ...(fields as Record<string, string>) };
  }
  return {};
}

/** Retrying helps only when the request may not have been answered (./shared/failure.ts). */
export { isRetryable };

function nextFeedback(
  context: NoticeEditorContext,
  tone: NoticeFeedback['tone'],
  text: string,
  extra: Pick<NoticeFeedback, 'code' | 'error'> = {},
): NoticeFeedback {
  return { tone, text, ...extra, seq: nextSeq(context.feedback) };
}

const EDITING_READY = '#noticeEditor.editing.ready';
const EDITING_LOADING = '#noticeEditor.editing.loadingStudents';
/** Back to where the form was (ready, or its students still loading: they load again). */
const EDITING_BACK = '#noticeEditor.editing.back';

type ErrorEvent = { event: { error: unknown } };
type MessageEvent = { event: { output: { message: string; code?: string } } };
type Success = { message: string; code?: string };

export const noticeEditorMachine = setup({
  types: {
    context: {} as NoticeEditorContext,
    events: {} as NoticeEditorEvent,
    input: {} as NoticeEditorInput,
    tags: {} as
      | 'busy'
      | 'loadingLookups'
      | 'lookupsFailed'
      | 'loadingNotice'
      | 'counting'
      | 'confirmPublish'
      | 'saving'
      | 'confirmDelete'
      | 'deleting',
  },
  actors: {
    loadLookups: fromPromise<NoticeLookups, { schoolTypeId: number | null }>(async ({ input }) => {
      const [classes, sections, sessions, reach] = await Promise.all([
        fetchClasses(input.schoolTypeId),
        fetchSections(),
        fetchSessions(),
        fetchNoticeReach(),
      ]);
      return { classes, sections, sessions, reach };
    }),
    loadStudents: fromPromise<SectionStudentRow[], SectionStudentsQuery>(({ input }) => fetchSectionStudents(input)),
    loadNotice: fromPromise<SchoolNoticeRow, { id: number }>(({ input }) => fetchNoticeForEdit(input.id)),
    countAudience: fromPromise<number, NoticeAudienceQuery>(({ input }) => fetchNoticeAudience(input)),
    saveNotice: fromPromise<NoticeWriteResponse, SaveInput>(({ input }) =>
      saveNotice(input.body, { idempotencyKey: input.idempotencyKey }),
    ),
    deleteNotice: fromPromise<NoticeDeleteResponse, { id: number }>(({ input }) => deleteNotice(input.id)),
  },
  actions: {
    /** A save or delete succeeded: the screen provides this to refresh what it read. */
    savedChanges: () => {},
    setField: assign(({ context, event }) => {
      assertEvent(event, 'notice.field');
      if (event.field !== 'session_id')
        return {
          form: { ...context.form, [event.field]: event.value },
          error: withoutField(context.error, event.field),
        };
      const sessionId = Number.isInteger(Number(event.value)) && Number(event.value) > 0 ? Number(event.value) : null;
      // Another session may be another reach: the class and section move within it.
      const form = fitToReach({ ...context, form: { ...context.form, session_id: sessionId } });
      const moved = form.class_id !== context.form.class_id || form.section_id !== context.form.section_id;
      let error = withoutField(context.error, 'session_id');
      if (moved) error = withoutField(withoutField(error, 'class_id'), 'section_id');
      return { form, error, ...(moved ? { droppedStudents: [] } : {}) };
    }),
    setClass: assign(({ context, event }) => {
      assertEvent(event, 'notice.class');
      // ALL sections when the whole class is the author's; else the first section of it that is.
      const form = { ...context.form, class_id: event.class_id, section_id: 0, students: [] };
      const sections = sectionChoices({ ...context, form });
      if (!sections.all && sections.sections.length) form.section_id = sections.sections[0].id;
      return {
        form,
        // A new audience was chosen on purpose: what the old one lost no longer matters.
        droppedStudents: [],
        error: withoutField(withoutField(context.error, 'class_id'), 'section_id'),
      };
    }),
    setSection: assign(({ context, event }) => {
      assertEvent(event, 'notice.section');
      return {
        form: { ...context.form, section_id: event.section_id, students: [] },
        droppedStudents: [],
        error: withoutField(context.error, 'section_id'),
      };
    }),
    chooseStudents: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'notice.chooseStudents');
        const wanted = new Set(event.student_ids);
        return { ...context.form, students: context.students.map((s) => s.id).filter((id) => wanted.has(id)) };
      },
    }),
    toggleSection: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'notice.toggleSection');
        const ofSection = context.students.filter((s) => s.section_id === event.section_id).map((s) => s.id);
        const chosen = new Set(context.form.students);
        const everyone = ofSection.every((id) => chosen.has(id));
        for (const id of ofSection) {
          if (everyone) chosen.delete(id);
          else chosen.add(id);
        }
        return { ...context.form, students: context.students.map((s) => s.id).filter((id) => chosen.has(id)) };
      },
    }),
    startStudents: assign({ studentsSettled: false, studentsError: null }),
    takeStudents: assign(({ context }, students: SectionStudentRow[]) => {
      const ids = new Set(students.map((s) => s.id));
      const dropped = context.form.students.filter((id) => !ids.has(id));
      return {
        students,
        studentsSettled: true,
        studentsError: null,
        form: { ...context.form, students: context.form.students.filter((id) => ids.has(id)) },
        droppedStudents: dropped.length ? [...context.droppedStudents, ...dropped] : context.droppedStudents,
      };
    }),
    // The chosen students stay chosen: clearing them would silently widen an edited notice to the
    // whole class and section. The server checks them on save.
    studentsFailed: assign((_, error: unknown) => ({
      students: [],
      studentsSettled: true,
      studentsError: errorMessage(error),
      studentsCause: error,
    })),
    resetForm: assign(({ context }) => {
      const form = defaultForm(context);
      return {
        form,
        pristine: form,
        error: null,
        droppedStudents: [],
        idempotencyKey: null,
        audience: null,
        editedBy: null,
      };
    }),
    showFormErrors: assign(({ context }) => {
      const fields = formErrors(context);
      return { error: { message: Object.values(fields)[0] ?? '', fields, retryable: false } };
    }),
    startSubmission: assign(({ context }) => ({
      error: null,
      idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
    })),
    submissionFailed: assign((_, error: unknown) => {
      const retryable = isRetryable(error);
      return {
        error: { message: errorMessage(error), fields: fieldsOf(error), retryable, cause: error },
        audience: null,
        // The server answered for sure (a 4xx): nothing was saved, the next submission is a new one.
        ...(retryable ? {} : { idempotencyKey: null }),
      };
    }),
    askDelete: assign({
      pendingDelete: ({ event }) => {
        assertEvent(event, 'notice.delete');
        return { id: event.id, headline: event.headline };
      },
    }),
    forgetDelete: assign({ pendingDelete: null }),
    succeed: assign({
      feedback: ({ context }, answer: Success) =>
        nextFeedback(context, 'success', answer.message, answer.code ? { code: answer.code } : {}),
    }),
    complain: assign({
      feedback: ({ context }, error: unknown) => nextFeedback(context, 'error', errorMessage(error), { error }),
    }),
  },
  guards: {
    isSessionField: ({ event }) => event.type === 'notice.field' && event.field === 'session_id',
    /** A class the author may address (ALL only when all of the school is theirs). */
    knownClass: ({ context, event }) => {
      if (event.type !== 'notice.class') return false;
      const choices = classChoices(context);
      return event.class_id === 0 ? choices.all : choices.classes.some((c) => c.id === event.class_id);
    },
    knownSection: ({ context, event }) => {
      if (event.type !== 'notice.section') return false;
      const choices = sectionChoices(context);
      return event.section_id === 0 ? choices.all : choices.sections.some((s) => s.id === event.section_id);
    },
    sectionListed: ({ context, event }) =>
      event.type === 'notice.toggleSection' && context.students.some((s) => s.section_id === event.section_id),
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    /** No student chosen: the notice goes to everyone in the class and section (or school). */
    wholeGroup: ({ context }) => context.form.students.length === 0,
    deletedIsForm: ({ context }) => context.pendingDelete !== null && context.pendingDelete.id === context.form.id,
  },
}).createMachine({
  id: 'noticeEditor',
  context: ({ input }) => {
    const form = emptyForm(input.today, null);
    return {
      ...input,
      classes: [],
      sections: [],
      sessions: [],
      // Nothing is addressable until the lookups say whom the author may address.
      reach: { whole_school: false, sections: [] },
      form,
      pristine: form,
      students: [],
      studentsSettled: false,
      droppedStudents: [],
      studentsError: null,
      lookupsError: null,
      error: null,
      audience: null,
      idempotencyKey: null,
      pendingDelete: null,
      editedBy: null,
      feedback: null,
    };
  },
  initial: 'loadingLookups',
  states: {
    loadingLookups: {
      tags: ['busy', 'loadingLookups'],
      entry: assign({ lookupsError: null }),
      invoke: {
        id: 'loadLookups',
        src: 'loadLookups',
        input: ({ context }) => ({ schoolTypeId: context.schoolTypeId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const form = defaultForm({ ...context, ...event.output });
            return { ...event.output, form, pristine: form };
          }),
        },
        onError: {
          target: 'lookupsFailed',
          actions: assign({
            lookupsError: ({ event }) => errorMessage(event.error),
            lookupsCause: ({ event }) => event.error,
          }),
        },
      },
    },

    lookupsFailed: {
      tags: 'lookupsFailed',
      on: { 'notice.retry': { target: 'loadingLookups' } },
    },

    editing: {
      initial: 'loadingStudents',
      states: {
        loadingStudents: {
          entry: 'startStudents',
          invoke: {
            id: 'loadStudents',
            src: 'loadStudents',
            input: ({ context }) => studentsQuery(context),
            onDone: { target: 'ready', actions: { type: 'takeStudents', params: ({ event }) => event.output } },
            onError: {
              target: 'ready',
              actions: { type: 'studentsFailed', params: ({ event }: ErrorEvent) => event.error },
            },
          },
        },
        ready: {
          on: {
            'notice.chooseStudents': { actions: 'chooseStudents' },
            'notice.toggleSection': { guard: 'sectionListed', actions: 'toggleSection' },
            'notice.submit': [
              { guard: not('formValid'), actions: 'showFormErrors' },
              { guard: 'wholeGroup', target: '#noticeEditor.countingAudience', actions: 'startSubmission' },
              { target: '#noticeEditor.submitting', actions: 'startSubmission' },
            ],
          },
        },
        back: { type: 'history' },
      },
      on: {
        'notice.field': [
          { guard: 'isSessionField', target: '.loadingStudents', reenter: true, actions: 'setField' },
          { actions: 'setField' },
        ],
        'notice.class': { guard: 'knownClass', target: '.loadingStudents', reenter: true, actions: 'setClass' },
        'notice.section': { guard: 'knownSection', target: '.loadingStudents', reenter: true, actions: 'setSection' },
        'notice.edit': { target: 'loadingNotice' },
        'notice.delete': { target: 'confirmingDelete', actions: 'askDelete' },
        'notice.reset': { target: '.loadingStudents', reenter: true, actions: 'resetForm' },
      },
    },

    loadingNotice: {
      tags: ['busy', 'loadingNotice'],
      invoke: {
        id: 'loadNotice',
        src: 'loadNotice',
        input: ({ event }) => {
          assertEvent(event, 'notice.edit');
          return { id: event.id };
        },
        onDone: {
          target: EDITING_LOADING,
          actions: assign(({ event }) => {
            const n = event.output;
            const form = formFromNotice(n);
            return {
              form,
              pristine: form,
              error: null,
              droppedStudents: [],
              idempotencyKey: null,
              audience: null,
              editedBy: n.edited_by_name && n.edited_at ? { name: n.edited_by_name, at: n.edited_at } : null,
            };
          }),
        },
        onError: {
          target: EDITING_BACK,
          actions: { type: 'complain', params: ({ event }: ErrorEvent) => event.error },
        },
      },
    },

    countingAudience: {
      tags: ['busy', 'counting'],
      invoke: {
        id: 'countAudience',
        src: 'countAudience',
        input: ({ context }) => audienceQuery(context),
        onDone: { target: 'confirmingPublish', actions: assign({ audience: ({ event }) => event.output }) },
        onError: {
          target: EDITING_READY,
          actions: { type: 'submissionFailed', params: ({ event }: ErrorEvent) => event.error },
        },
      },
    },

    confirmingPublish: {
      tags: 'confirmPublish',
      on: {
        'notice.confirm': { target: 'submitting' },
        'notice.cancel': { target: EDITING_READY, actions: assign({ audience: null }) },
      },
    },

    submitting: {
      tags: ['busy', 'saving'],
      invoke: {
        id: 'saveNotice',
        src: 'saveNotice',
        input: ({ context }): SaveInput => ({
          body: noticeBody(context),
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: {
          // Saved: a new, empty form (class and section ALL), whose students load.
          target: EDITING_LOADING,
          actions: [
            'resetForm',
            { type: 'succeed', params: ({ event }: MessageEvent) => event.output },
            'savedChanges',
          ],
        },
        onError: {
          target: EDITING_READY,
          actions: { type: 'submissionFailed', params: ({ event }: ErrorEvent) => event.error },
        },
      },
    },

    confirmingDelete: {
      tags: 'confirmDelete',
      on: {
        'notice.confirm': { target: 'deleting' },
        'notice.cancel': { target: EDITING_BACK, actions: 'forgetDelete' },
      },
    },

    deleting: {
      tags: ['busy', 'deleting'],
      invoke: {
        id: 'deleteNotice',
        src: 'deleteNotice',
        input: ({ context }) => ({ id: context.pendingDelete?.id ?? 0 }),
        onDone: [
          {
            // The notice in the form is gone: start a new one.
            guard: 'deletedIsForm',
            target: EDITING_LOADING,
            actions: [
              'forgetDelete',
              'resetForm',
              { type: 'succeed', params: ({ event }: MessageEvent) => event.output },
              'savedChanges',
            ],
          },
          {
            target: EDITING_BACK,
            actions: [
              'forgetDelete',
              { type: 'succeed', params: ({ event }: MessageEvent) => event.output },
              'savedChanges',
            ],
          },
        ],
        onError: {
          target: EDITING_BACK,
          actions: ['forgetDelete', { type: 'complain', params: ({ event }: ErrorEvent) => event.error }],
        },
      },
    },
  },
});

/** The error with one field's complaint removed (the user is fixing it). */
function withoutField(error: SaveError | null, field: string): SaveError | null {
  if (!error || !(field in error.fields)) return error;
  const fields = { ...error.fields };
  delete fields[field];
  if (Object.keys(fields).length === 0 && !error.retryable) return null;
  return { ...error, fields };
}

export type NoticeEditorMachine = typeof noticeEditorMachine;
