/**
 * Adding an exam type (another monthly class test, say) or renaming one (/create-exam:
 * "a school may rename them"). The name is checked before sending (non-empty, at most 60
 * characters); the server's 409 (the name is taken) comes back as the `exam_name` field's error.
 * The optional Bangla name (`nameBn`, at most 60 characters; docs/i18n.md, "Bangla names") goes
 * with it as `exam_name_bn`; absent, the server keeps the stored one.
 *
 *   idle ─type.add (kind, name) / type.rename (id, name)─┬─ name valid ─> saving ─┬─ done ─> idle (feedback, `changed`)
 *                                                         └─ invalid ─> idle (error) └─ error ─> idle (error)
 *
 * Pure: the calls are the `add` and `rename` actors; a success runs `changed` (the screen reloads
 * the types).
 */
import { assign, fromPromise, setup } from 'xstate';
import { createExamType, renameExamType } from '@/api/exams';
import type { ExamKind, ExamNameRow } from '@/api/schemas/exams';

export const EXAM_TYPE_NAME_MAX = 60;

export type ExamTypeRequest =
  | { op: 'add'; kind: ExamKind; name: string; nameBn?: string }
  | { op: 'rename'; id: number; name: string; nameBn?: string };

export interface ExamTypeContext {
  request: ExamTypeRequest | null;
  /** What was saved last (the screen clears its input and says so). */
  saved: { row: ExamNameRow; op: 'add' | 'rename'; seq: number } | null;
  /** 'required' | 'tooLong' | 'bnTooLong' from the form's check, or the server's error. */
  error: { problem: ExamTypeNameProblem } | { cause: unknown } | null;
}

export type ExamTypeEvent =
  | { type: 'type.add'; kind: ExamKind; name: string; nameBn?: string }
  | { type: 'type.rename'; id: number; name: string; nameBn?: string };

export type ExamTypeNameProblem = 'required' | 'tooLong' | 'bnTooLong';

export function examTypeNameProblem(name: string, nameBn?: string): ExamTypeNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > EXAM_TYPE_NAME_MAX) return 'tooLong';
  if (nameBn !== undefined && nameBn.trim().length > EXAM_TYPE_NAME_MAX) return 'bnTooLong';
  return null;
}

const bnField = (nameBn: string | undefined) => (nameBn === undefined ? {} : { exam_name_bn: nameBn.trim() });

export const examTypeMachine = setup({
  types: { context: {} as ExamTypeContext, events: {} as ExamTypeEvent },
  actors: {
    save: fromPromise<ExamNameRow, ExamTypeRequest>(({ input }) =>
      input.op === 'add'
        ? createExamType({ kind: input.kind, exam_name: input.name.trim(), ...bnField(input.nameBn) })
        : renameExamType(input.id, { exam_name: input.name.trim(), ...bnField(input.nameBn) }),
    ),
  },
  guards: {
    nameValid: ({ event }) => examTypeNameProblem(event.name, event.nameBn) === null,
  },
  actions: {
    changed: () => {},
  },
}).createMachine({
  id: 'examType',
  context: { request: null, saved: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'type.add': [
          {
            guard: 'nameValid',
            target: 'saving',
            actions: assign(({ event }) => ({
              request: { op: 'add' as const, kind: event.kind, name: event.name, nameBn: event.nameBn },
              error: null,
            })),
          },
          {
            actions: assign(({ event }) => ({
              request: { op: 'add' as const, kind: event.kind, name: event.name, nameBn: event.nameBn },
              error: { problem: examTypeNameProblem(event.name, event.nameBn)! },
            })),
          },
        ],
        'type.rename': [
          {
            guard: 'nameValid',
            target: 'saving',
            actions: assign(({ event }) => ({
              request: { op: 'rename' as const, id: event.id, name: event.name, nameBn: event.nameBn },
              error: null,
            })),
          },
          {
            actions: assign(({ event }) => ({
              request: { op: 'rename' as const, id: event.id, name: event.name, nameBn: event.nameBn },
              error: { problem: examTypeNameProblem(event.name, event.nameBn)! },
            })),
          },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              saved: { row: event.output, op: context.request!.op, seq: (context.saved?.seq ?? 0) + 1 },
            })),
            'changed',
          ],
        },
        onError: { target: 'idle', actions: assign(({ event }) => ({ error: { cause: event.error } })) },
      },
    },
  },
});
