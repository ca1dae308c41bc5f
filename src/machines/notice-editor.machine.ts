/**
 * The notice editor (spec part 1: teacher and school admin notice screens; sections 4, 5 and 7):
 * the 'Create Note's' form and, beside it, the list of notices it manages. Two regions run side
 * by side:
 *
 * form:
 *   loadingLookups ─┬─> editing ─────────────notice.submit (from ready)─────> submitting ─┬─> saved
 *                   └─> lookupsFailed ─notice.retry─┘                                    └─> failed
 *   editing: loadingStudents ─> ready   (class, section or session change and notice.reset
 *                                         go back to loadingStudents)
 *   editing / saved / failed ─notice.edit─> loadingNotice ─> editing (the notice in the form)
 *   editing / saved / failed ─notice.delete─> confirmingDelete ─notice.confirm─> deleting ─> editing
 *                                                         └─notice.cancel─> editing
 *   failed ─notice.retry─> submitting; any edit in failed continues in editing
 *   saved: the server confirmed; the form is back to its defaults and their students reload
 * list:
 *   loading ─┬─> ready
 *            └─> failed ─notice.reloadList─> loading;   a save or delete reloads it (notice.listChanged)
 *
 * Rules kept here rather than in the screen:
 * - no client-side checks on the fields (spec section 5): the server's message says what is wrong,
 *   and the form keeps what was typed;
 * - a success message is only ever the server's own (noticeWriteResponse / noticeDeleteResponse),
 *   set after the server answered;
 * - changing class or section clears the chosen students (a new list, a fresh choice); loaded
 *   students keep only the chosen ones still in the list (an edited notice keeps its recipients),
 *   and the ones that are not are kept in `droppedStudents` for the screen to tell, never dropped
 *   silently;
 * - Edit and Delete act on notices of the loaded list only.
 *
 * Pure: no React, no DOM. All I/O goes through the named actors loadLookups, loadStudents,
 * loadNotice, saveNotice, deleteNotice and loadList; tests replace them with `.provide()`.
 */
import { and, assertEvent, assign, fromPromise, raise, setup, stateIn } from 'xstate';
import type { ClassRow, SectionRow, SessionRow } from '@/api/schemas/lookups';
import type { SectionStudentRow } from '@/api/schemas/people';
import type {
  NoticeDeleteResponse,
  NoticeType,
  NoticeWriteBody,
  NoticeWriteResponse,
  SchoolNoticeRow,
} from '@/api/schemas/notices';
import { errorMessage } from '@/api/client';
import {
  defaultSession,
  fetchClasses,
  fetchSectionStudents,
  fetchSections,
  fetchSessions,
  type SectionStudentsQuery,
} from '@/api/lookups';
import { deleteNotice, fetchCreatorNotices, fetchNoticeForEdit, fetchSchoolNotices, saveNotice } from '@/api/notices';

export const DELETE_QUESTION = 'Are you sure to delete?';

/** Whose notices the list shows: the signed-in author's (teacher) or the whole school's (admin). */
export type NoticeScope = 'creator' | 'school';

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
  /** YYYY-MM-DD */
  date: string;
  /** Chosen student ids; none = the whole class/section audience. */
  students: number[];
}

export type NoticeField = 'headline' | 'description' | 'date' | 'session_id';

export interface NoticeLookups {
  classes: ClassRow[];
  sections: SectionRow[];
  sessions: SessionRow[];
}

export interface NoticeEditorInput {
  scope: NoticeScope;
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
  /** Grows with every message, so the same text twice is still two messages. */
  seq: number;
}

export interface SaveError {
  message: string;
  fields: Record<string, string>;
}

export interface NoticeEditorContext extends NoticeEditorInput, NoticeLookups {
  form: NoticeForm;
  students: SectionStudentRow[];
  /** False while a student list is on its way. */
  studentsSettled: boolean;
  /**
   * Chosen students a reloaded list no longer has (e.g. an edited notice's recipients who left
   * its section): they were unticked, and the screen says so, since saving drops them.
   */
  droppedStudents: number[];
  studentsError: string | null;
  notices: SchoolNoticeRow[];
  listError: string | null;
  lookupsError: string | null;
  /** The last failed save (kept while the user fixes the form). */
  error: SaveError | null;
  /** The notice the user asked to delete. */
  pendingDelete: number | null;
  feedback: NoticeFeedback | null;
}

export type NoticeEditorEvent =
  | { type: 'notice.field'; field: NoticeField; value: string }
  | { type: 'notice.class'; class_id: number }
  | { type: 'notice.section'; section_id: number }
  | { type: 'notice.toggleStudent'; student_id: number }
  | { type: 'notice.toggleAll' }
  | { type: 'notice.submit' }
  | { type: 'notice.edit'; id: number }
  | { type: 'notice.delete'; id: number }
  | { type: 'notice.confirm' }
  | { type: 'notice.cancel' }
  | { type: 'notice.retry' }
  | { type: 'notice.reset' }
  | { type: 'notice.reloadList' }
  /** Raised by the form after a save or delete; the list region reloads. */
  | { type: 'notice.listChanged' };

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

function defaultForm(context: NoticeEditorContext): NoticeForm {
  return emptyForm(context.today, defaultSession(context.sessions)?.id ?? null);
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

function nextFeedback(context: NoticeEditorContext, tone: NoticeFeedback['tone'], text: string): NoticeFeedback {
  return { tone, text, seq: (context.feedback?.seq ?? 0) + 1 };
}

const EDITING_READY = '#noticeEditor.form.editing.ready';
const EDITING_LOADING = '#noticeEditor.form.editing.loadingStudents';

export const noticeEditorMachine = setup({
  types: {
    context: {} as NoticeEditorContext,
    events: {} as NoticeEditorEvent,
    input: {} as NoticeEditorInput,
    tags: {} as 'busy',
  },
  actors: {
    loadLookups: fromPromise<NoticeLookups, { schoolTypeId: number | null }>(async ({ input }) => {
      const [classes, sections, sessions] = await Promise.all([
        fetchClasses(input.schoolTypeId),
        fetchSections(),
        fetchSessions(),
      ]);
      return { classes, sections, sessions };
    }),
    loadStudents: fromPromise<SectionStudentRow[], SectionStudentsQuery>(({ input }) => fetchSectionStudents(input)),
    loadNotice: fromPromise<SchoolNoticeRow, { id: number }>(({ input }) => fetchNoticeForEdit(input.id)),
    saveNotice: fromPromise<NoticeWriteResponse, NoticeWriteBody>(({ input }) => saveNotice(input)),
    deleteNotice: fromPromise<NoticeDeleteResponse, { id: number }>(({ input }) => deleteNotice(input.id)),
    loadList: fromPromise<SchoolNoticeRow[], { scope: NoticeScope }>(({ input }) =>
      input.scope === 'creator' ? fetchCreatorNotices() : fetchSchoolNotices(),
    ),
  },
  actions: {
    setField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'notice.field');
        if (event.field === 'session_id') {
          const id = Number(event.value);
          return { ...context.form, session_id: Number.isInteger(id) && id > 0 ? id : null };
        }
        return { ...context.form, [event.field]: event.value };
      },
    }),
    setClass: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'notice.class');
        return { ...context.form, class_id: event.class_id, section_id: 0, students: [] };
      },
      // A new audience was chosen on purpose: what the old one lost no longer matters.
      droppedStudents: [],
    }),
    setSection: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'notice.section');
        return { ...context.form, section_id: event.section_id, students: [] };
      },
      droppedStudents: [],
    }),
    toggleStudent: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'notice.toggleStudent');
        const chosen = context.form.students;
        const students = chosen.includes(event.student_id)
          ? chosen.filter((id) => id !== event.student_id)
          : context.students.map((s) => s.id).filter((id) => id === event.student_id || chosen.includes(id));
        return { ...context.form, students };
      },
    }),
    toggleAll: assign({
      form: ({ context }) => {
        const all = context.students.map((s) => s.id);
        const everyone = all.every((id) => context.form.students.includes(id));
        return { ...context.form, students: everyone ? [] : all };
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
    })),
    resetForm: assign(({ context }) => ({ form: defaultForm(context), error: null, droppedStudents: [] })),
    askDelete: assign({
      pendingDelete: ({ event }) => {
        assertEvent(event, 'notice.delete');
        return event.id;
      },
    }),
    forgetDelete: assign({ pendingDelete: null }),
    succeed: assign({ feedback: ({ context }, text: string) => nextFeedback(context, 'success', text) }),
    complain: assign({
      feedback: ({ context }, error: unknown) => nextFeedback(context, 'error', errorMessage(error)),
    }),
    listChanged: raise({ type: 'notice.listChanged' }),
  },
  guards: {
    studentsSettled: ({ context }) => context.studentsSettled,
    hasStudents: ({ context }) => context.students.length > 0,
    knownStudent: ({ context, event }) =>
      event.type === 'notice.toggleStudent' && context.students.some((s) => s.id === event.student_id),
    knownClass: ({ context, event }) =>
      event.type === 'notice.class' && (event.class_id === 0 || context.classes.some((c) => c.id === event.class_id)),
    knownSection: ({ context, event }) =>
      event.type === 'notice.section' &&
      (event.section_id === 0 ||
        context.sections.some((s) => s.id === event.section_id && s.class_id === context.form.class_id)),
    isSessionField: ({ event }) => event.type === 'notice.field' && event.field === 'session_id',
    listed: ({ context, event }) =>
      (event.type === 'notice.edit' || event.type === 'notice.delete') &&
      context.notices.some((n) => n.id === event.id),
    deletedIsForm: ({ context }) => context.pendingDelete !== null && context.pendingDelete === context.form.id,
  },
}).createMachine({
  id: 'noticeEditor',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    classes: [],
    sections: [],
    sessions: [],
    form: emptyForm(input.today, null),
    students: [],
    studentsSettled: false,
    droppedStudents: [],
    studentsError: null,
    notices: [],
    listError: null,
    lookupsError: null,
    error: null,
    pendingDelete: null,
    feedback: null,
  }),
  states: {
    form: {
      initial: 'loadingLookups',
      states: {
        loadingLookups: {
          tags: 'busy',
          entry: assign({ lookupsError: null }),
          invoke: {
            id: 'loadLookups',
            src: 'loadLookups',
            input: ({ context }) => ({ schoolTypeId: context.schoolTypeId }),
            onDone: {
              target: 'editing',
              actions: assign(({ context, event }) => ({
                ...event.output,
                form: emptyForm(context.today, defaultSession(event.output.sessions)?.id ?? null),
              })),
            },
            onError: {
              target: 'lookupsFailed',
              actions: assign({ lookupsError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },

        lookupsFailed: {
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
                  actions: {
                    type: 'studentsFailed',
                    params: ({ event }: { event: { error: unknown } }) => event.error,
                  },
                },
              },
            },
            ready: {
              on: {
                'notice.toggleStudent': { guard: 'knownStudent', actions: 'toggleStudent' },
                'notice.toggleAll': { guard: 'hasStudents', actions: 'toggleAll' },
                'notice.submit': { target: '#noticeEditor.form.submitting' },
              },
            },
          },
          on: {
            'notice.field': [
              { guard: 'isSessionField', target: '.loadingStudents', reenter: true, actions: 'setField' },
              { actions: 'setField' },
            ],
            'notice.class': { guard: 'knownClass', target: '.loadingStudents', reenter: true, actions: 'setClass' },
            'notice.section': {
              guard: 'knownSection',
              target: '.loadingStudents',
              reenter: true,
              actions: 'setSection',
            },
            'notice.edit': { guard: and(['listed', stateIn('#noticeEditor.list.ready')]), target: 'loadingNotice' },
            'notice.delete': {
              guard: and(['listed', stateIn('#noticeEditor.list.ready')]),
              target: 'confirmingDelete',
              actions: 'askDelete',
            },
            'notice.reset': { target: '.loadingStudents', reenter: true, actions: 'resetForm' },
          },
        },

        loadingNotice: {
          tags: 'busy',
          invoke: {
            id: 'loadNotice',
            src: 'loadNotice',
            input: ({ event }) => {
              assertEvent(event, 'notice.edit');
              return { id: event.id };
            },
            onDone: {
              target: 'editing',
              actions: assign({ form: ({ event }) => formFromNotice(event.output), error: null, droppedStudents: [] }),
            },
            onError: [
              {
                guard: 'studentsSettled',
                target: EDITING_READY,
                actions: { type: 'complain', params: ({ event }: { event: { error: unknown } }) => event.error },
              },
              {
                target: EDITING_LOADING,
                actions: { type: 'complain', params: ({ event }: { event: { error: unknown } }) => event.error },
              },
            ],
          },
        },

        submitting: {
          tags: 'busy',
          entry: assign({ error: null }),
          invoke: {
            id: 'saveNotice',
            src: 'saveNotice',
            input: ({ context }) => noticeBody(context),
            onDone: {
              target: 'saved',
              actions: [
                'resetForm',
                {
                  type: 'succeed',
                  params: ({ event }: { event: { output: { message: string } } }) => event.output.message,
                },
                'listChanged',
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({
                error: ({ event }) => ({ message: errorMessage(event.error), fields: fieldsOf(event.error) }),
              }),
            },
          },
        },

        saved: {
          // The form is back to its defaults (class and section ALL): load their students.
          entry: 'startStudents',
          invoke: {
            id: 'loadStudents',
            src: 'loadStudents',
            input: ({ context }) => studentsQuery(context),
            onDone: { actions: { type: 'takeStudents', params: ({ event }) => event.output } },
            onError: {
              actions: { type: 'studentsFailed', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
          on: {
            'notice.field': [
              { guard: 'isSessionField', target: EDITING_LOADING, actions: 'setField' },
              { guard: 'studentsSettled', target: EDITING_READY, actions: 'setField' },
              { target: EDITING_LOADING, actions: 'setField' },
            ],
            // No notice.section: the form is back to class ALL, whose only section is ALL.
            'notice.class': { guard: 'knownClass', target: EDITING_LOADING, actions: 'setClass' },
            'notice.toggleStudent': {
              guard: and(['studentsSettled', 'knownStudent']),
              target: EDITING_READY,
              actions: 'toggleStudent',
            },
            'notice.toggleAll': {
              guard: and(['studentsSettled', 'hasStudents']),
              target: EDITING_READY,
              actions: 'toggleAll',
            },
            'notice.submit': { guard: 'studentsSettled', target: 'submitting' },
            'notice.edit': { guard: and(['listed', stateIn('#noticeEditor.list.ready')]), target: 'loadingNotice' },
            'notice.delete': {
              guard: and(['listed', stateIn('#noticeEditor.list.ready')]),
              target: 'confirmingDelete',
              actions: 'askDelete',
            },
            'notice.reset': { target: EDITING_LOADING, actions: 'resetForm' },
          },
        },

        failed: {
          // The form is as the user left it, and its students are loaded (submit needs both).
          // Sending it again is notice.retry (the screen's 'Try again').
          on: {
            'notice.retry': { target: 'submitting' },
            'notice.field': [
              { guard: 'isSessionField', target: EDITING_LOADING, actions: 'setField' },
              { target: EDITING_READY, actions: 'setField' },
            ],
            'notice.class': { guard: 'knownClass', target: EDITING_LOADING, actions: 'setClass' },
            'notice.section': { guard: 'knownSection', target: EDITING_LOADING, actions: 'setSection' },
            'notice.toggleStudent': { guard: 'knownStudent', target: EDITING_READY, actions: 'toggleStudent' },
            'notice.toggleAll': { guard: 'hasStudents', target: EDITING_READY, actions: 'toggleAll' },
            'notice.edit': { guard: and(['listed', stateIn('#noticeEditor.list.ready')]), target: 'loadingNotice' },
            'notice.delete': {
              guard: and(['listed', stateIn('#noticeEditor.list.ready')]),
              target: 'confirmingDelete',
              actions: 'askDelete',
            },
            'notice.reset': { target: EDITING_LOADING, actions: 'resetForm' },
          },
        },

        confirmingDelete: {
          on: {
            'notice.confirm': { target: 'deleting' },
            'notice.cancel': [
              { guard: 'studentsSettled', target: EDITING_READY, actions: 'forgetDelete' },
              { target: EDITING_LOADING, actions: 'forgetDelete' },
            ],
          },
        },

        deleting: {
          tags: 'busy',
          invoke: {
            id: 'deleteNotice',
            src: 'deleteNotice',
            input: ({ context }) => ({ id: context.pendingDelete ?? 0 }),
            onDone: [
              {
                // The notice in the form is gone: start a new one.
                guard: 'deletedIsForm',
                target: EDITING_LOADING,
                actions: [
                  'forgetDelete',
                  'resetForm',
                  {
                    type: 'succeed',
                    params: ({ event }: { event: { output: { message: string } } }) => event.output.message,
                  },
                  'listChanged',
                ],
              },
              {
                guard: 'studentsSettled',
                target: EDITING_READY,
                actions: [
                  'forgetDelete',
                  {
                    type: 'succeed',
                    params: ({ event }: { event: { output: { message: string } } }) => event.output.message,
                  },
                  'listChanged',
                ],
              },
              {
                target: EDITING_LOADING,
                actions: [
                  'forgetDelete',
                  {
                    type: 'succeed',
                    params: ({ event }: { event: { output: { message: string } } }) => event.output.message,
                  },
                  'listChanged',
                ],
              },
            ],
            onError: [
              {
                guard: 'studentsSettled',
                target: EDITING_READY,
                actions: [
                  'forgetDelete',
                  { type: 'complain', params: ({ event }: { event: { error: unknown } }) => event.error },
                ],
              },
              {
                target: EDITING_LOADING,
                actions: [
                  'forgetDelete',
                  { type: 'complain', params: ({ event }: { event: { error: unknown } }) => event.error },
                ],
              },
            ],
          },
        },
      },
    },

    list: {
      initial: 'loading',
      // Handled in each state rather than on `list`: re-entering from the region itself would
      // re-enter the whole parallel machine and restart the form.
      states: {
        loading: {
          on: { 'notice.listChanged': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadList',
            src: 'loadList',
            input: ({ context }) => ({ scope: context.scope }),
            onDone: { target: 'ready', actions: assign({ notices: ({ event }) => event.output, listError: null }) },
            onError: { target: 'failed', actions: assign({ listError: ({ event }) => errorMessage(event.error) }) },
          },
        },
        ready: {
          on: { 'notice.listChanged': { target: 'loading' } },
        },
        failed: {
          on: { 'notice.listChanged': { target: 'loading' }, 'notice.reloadList': { target: 'loading' } },
        },
      },
    },
  },
});

export type NoticeEditorMachine = typeof noticeEditorMachine;
