/**
 * Subject registration (spec part 2 §Subject registration, §4 States): the admin chooses session,
 * class, group and section, loads the section's students and the class's subjects, ticks students,
 * subjects and one 4th subject, and saves; the two registration lists below offer deletion after
 * "Are you sure to delete?".
 *
 *   registration:  filtering ─search─> loading ─┬─ done ─> ready.selecting ─save─> ready.saving ─┬─ done ─> ready.saved
 *                      ^   (filter.change from  └─ error ─> loadFailed ─retry┘                   └─ error ─> ready.failed
 *                      └── any later state)     (toggles, select-all and save work in every ready state but saving)
 *   deletion:      idle ─delete.request─> confirming ─delete.confirm─> deleting ─> idle (message or error)
 *                                             └─delete.cancel─> idle
 *
 * Choices: a student has one 4th subject, so ticking a 4th subject replaces the one ticked before
 * (and ticking it again clears it). Saving with nothing ticked is not blocked (spec §5); the
 * server's 400 is shown. After a save with an empty id every selection resets (spec §4); the
 * spec's message comes from the server's answer, shown only once it answered.
 *
 * Pure: the calls are the `load`, `save` and `remove` actors (tests `.provide()` them); `saved`
 * and `deleted` run after a success (the screen provides them to refresh the lists).
 */
import { assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { AdminSearchRow } from '@/api/schemas/people';
import type { RegistrationSubjectRow, SaveSubjectRegistrationInput } from '@/api/schemas/subject-registration';
import {
  deleteRegistration,
  fetchRegistrationTables,
  saveSubjectRegistration,
  type RegistrationFilters,
  type RegistrationKind,
} from '@/api/subject-registration';
import { type Feedback, nextSeq } from './shared/feedback';

/** The server's confirmation as the flow shows it (./shared/feedback.ts). */
export type { Feedback };

export interface PendingDelete {
  kind: RegistrationKind;
  id: number;
  /** What the confirmation names: the student and the subject. */
  label: string;
}

export interface SubjectRegistrationContext {
  filters: RegistrationFilters;
  schoolId: number | null;
  students: AdminSearchRow[];
  subjects: RegistrationSubjectRow[];
  selectedStudents: number[];
  selectedSubjects: number[];
  fourth: number | null;
  /** A registration's id: the save edits (spec: "otherwise Routine updated successfully"). */
  editId: number | null;
  feedback: Feedback | null;
  /** The last failure of loading or saving, for the screen to word in the user's language. */
  error: unknown;
  pendingDelete: PendingDelete | null;
  deleteError: unknown;
}

export type FilterField = keyof RegistrationFilters;

export type SubjectRegistrationEvent =
  | { type: 'filter.change'; field: FilterField; value: number }
  | { type: 'registration.search' }
  | { type: 'registration.retry' }
  | { type: 'toggle.student'; id: number }
  | { type: 'toggle.subject'; id: number }
  | { type: 'toggle.fourth'; id: number }
  | { type: 'select-all.students' }
  | { type: 'select-all.subjects' }
  | { type: 'registration.edit'; id: number; studentId: number; subjectIds: number[]; fourth: number | null }
  | { type: 'registration.save' }
  | ({ type: 'delete.request' } & PendingDelete)
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export interface SubjectRegistrationInput {
  filters?: Partial<RegistrationFilters>;
  schoolId?: number | null;
}

export const emptyFilters = (): RegistrationFilters => ({ session_id: 0, class_id: 0, group_id: 0, section_id: 0 });

/** Whether the filters name enough to load: a session, a class and a section. */
export const filtersComplete = (f: RegistrationFilters) => f.session_id > 0 && f.class_id > 0 && f.section_id > 0;

const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
/** Select-all: every row when not all are ticked, none when all are. */
const all = (list: number[], rows: { id: number }[]) =>
  rows.length > 0 && rows.every((r) => list.includes(r.id)) ? [] : rows.map((r) => r.id);

/** The spec's save payload: the ticked rows as records, school_info_id and id ('' for new). */
export function savePayload(c: SubjectRegistrationContext): SaveSubjectRegistrationInput {
  const fourth = c.subjects.find((s) => s.id === c.fourth);
  return {
    studentChecked: c.students
      .filter((s) => c.selectedStudents.includes(s.id))
      .map((s) => ({ id: s.id, student_code: s.student_code, full_name: s.full_name })),
    subjectChecked: c.subjects
      .filter((s) => c.selectedSubjects.includes(s.id))
      .map((s) => ({ id: s.id, subject_name: s.subject_name })),
    forthChecked: fourth ? [{ id: fourth.id, subject_name: fourth.subject_name }] : [],
    school_info_id: c.schoolId ?? undefined,
    session_id: c.filters.session_id || undefined,
    id: c.editId ?? '',
  };
}

export const subjectRegistrationMachine = setup({
  types: {
    context: {} as SubjectRegistrationContext,
    events: {} as SubjectRegistrationEvent,
    input: {} as SubjectRegistrationInput,
  },
  actors: {
    load: fromPromise<Awaited<ReturnType<typeof fetchRegistrationTables>>, RegistrationFilters>(({ input }) =>
      fetchRegistrationTables(input),
    ),
    save: fromPromise<{ message: string; code: string }, SaveSubjectRegistrationInput>(({ input }) =>
      saveSubjectRegistration(input),
    ),
    remove: fromPromise<{ message: string; code: string }, { kind: RegistrationKind; id: number }>(({ input }) =>
      deleteRegistration(input.kind, input.id),
    ),
  },
  actions: {
    saved: () => {},
    deleted: () => {},
  },
  guards: {
    canSearch: ({ context }) => filtersComplete(context.filters),
    notSaving: not(stateIn({ registration: { ready: 'saving' } })),
  },
}).createMachine({
  id: 'subjectRegistration',
  type: 'parallel',
  context: ({ input }) => ({
    filters: { ...emptyFilters(), ...(input.filters ?? {}) },
    schoolId: input.schoolId ?? null,
    students: [],
    subjects: [],
    selectedStudents: [],
    selectedSubjects: [],
    fourth: null,
    editId: null,
    feedback: null,
    error: null,
    pendingDelete: null,
    deleteError: null,
  }),
  states: {
    registration: {
      initial: 'filtering',
      on: {
        'filter.change': {
          guard: 'notSaving',
          target: '.filtering',
          actions: assign(({ context, event }) => {
            const filters = { ...context.filters, [event.field]: event.value };
            // A new class reloads its sections and subjects (spec §4): the section goes.
            if (event.field === 'class_id') filters.section_id = 0;
            return {
              filters,
              students: [],
              subjects: [],
              selectedStudents: [],
              selectedSubjects: [],
              fourth: null,
              editId: null,
              error: null,
            };
          }),
        },
      },
      states: {
        filtering: {
          tags: ['filtering'],
          on: { 'registration.search': { guard: 'canSearch', target: 'loading' } },
        },
        loading: {
          tags: ['busy', 'loading'],
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => context.filters,
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                students: event.output.students,
                subjects: event.output.subjects,
                selectedStudents: [],
                selectedSubjects: [],
                fourth: null,
                error: null,
              })),
            },
            onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: event.error })) },
          },
        },
        loadFailed: {
          tags: ['loadFailed'],
          on: { 'registration.retry': 'loading', 'registration.search': { guard: 'canSearch', target: 'loading' } },
        },
        ready: {
          tags: ['ready'],
          initial: 'selecting',
          on: {
            'registration.search': { guard: 'notSaving', target: 'loading' },
            'toggle.student': {
              guard: 'notSaving',
              actions: assign(({ context, event }) => ({
                selectedStudents: toggle(context.selectedStudents, event.id),
              })),
            },
            'toggle.subject': {
              guard: 'notSaving',
              actions: assign(({ context, event }) => ({
                selectedSubjects: toggle(context.selectedSubjects, event.id),
              })),
            },
            'toggle.fourth': {
              guard: 'notSaving',
              actions: assign(({ context, event }) => ({ fourth: context.fourth === event.id ? null : event.id })),
            },
            'select-all.students': {
              guard: 'notSaving',
              actions: assign(({ context }) => ({ selectedStudents: all(context.selectedStudents, context.students) })),
            },
            'select-all.subjects': {
              guard: 'notSaving',
              actions: assign(({ context }) => ({ selectedSubjects: all(context.selectedSubjects, context.subjects) })),
            },
            'registration.edit': {
              guard: 'notSaving',
              actions: assign(({ event }) => ({
                editId: event.id,
                selectedStudents: [event.studentId],
                selectedSubjects: event.subjectIds,
                fourth: event.fourth,
              })),
            },
            'registration.save': { guard: 'notSaving', target: '.saving' },
          },
          states: {
            selecting: {},
            saving: {
              tags: ['busy'],
              entry: assign({ error: null }),
              invoke: {
                id: 'save',
                src: 'save',
                input: ({ context }) => savePayload(context),
                onDone: {
                  target: 'saved',
                  actions: [
                    assign(({ context, event }) => ({
                      feedback: {
                        code: event.output.code,
                        text: event.output.message,
                        seq: nextSeq(context.feedback),
                      },
                      // Spec §4: after a save with an empty id every selection resets.
                      ...(context.editId === null ? { selectedStudents: [], selectedSubjects: [], fourth: null } : {}),
                      editId: null,
                    })),
                    'saved',
                  ],
                },
                onError: { target: 'failed', actions: assign(({ event }) => ({ error: event.error })) },
              },
            },
            saved: {},
            failed: { tags: ['failed'] },
          },
        },
      },
    },
    deletion: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'delete.request': {
              target: 'confirming',
              actions: assign(({ event }) => ({
                pendingDelete: { kind: event.kind, id: event.id, label: event.label },
                deleteError: null,
              })),
            },
          },
        },
        confirming: {
          tags: ['confirm'],
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: assign({ pendingDelete: null }) },
          },
        },
        deleting: {
          tags: ['deleting', 'confirm'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ kind: context.pendingDelete!.kind, id: context.pendingDelete!.id }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  pendingDelete: null,
                  feedback: {
                    code: event.output.code,
                    text: event.output.message,
                    seq: nextSeq(context.feedback),
                  },
                })),
                'deleted',
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({ pendingDelete: null, deleteError: event.error })),
            },
          },
        },
      },
    },
  },
});
