/**
 * Deleting a record made by mistake (docs/DOMAIN.md, "Deleting"): a student, a teacher, an exam,
 * an exam type, a fee head, an unpaid invoice (cancelled, with a reason), a school (the super
 * admin's) and several routine entries at once. A record something depends on is refused with 409
 * `deletes.has_dependents`, its error naming what depends on it with counts (`dependents`) and the
 * alternative (`instead`: deactivate a person, refund a paid invoice), beside the usual
 * `{ code, message }` of server/errors.ts.
 */
import { z } from 'zod';
import { id, idList } from './common';

/** The records the admin may delete, as the API's paths name them. */
export const DELETABLE_KINDS = [
  'student',
  'teacher',
  'exam',
  'exam_type',
  'fee_head',
  'invoice',
  'school',
  'routine',
] as const;
export type DeletableKind = (typeof DELETABLE_KINDS)[number];

/** `?id=` of a record to delete. */
export const deleteIdQuery = z.strictObject({ id: id('id') });
export type DeleteIdQuery = z.input<typeof deleteIdQuery>;

export const REASON_MAX = 300;
const reason = z
  .string({ error: 'reason must be text' })
  .trim()
  .max(REASON_MAX, `reason must be at most ${REASON_MAX} characters`);

/** DELETE /api/invoice/delete?id=&reason=: the reason in the query or in the body. */
export const invoiceCancelQuery = z.strictObject({ id: id('id'), reason: reason.optional() });
export const invoiceCancelBody = z.strictObject({ reason: reason.optional() }).nullish();
export type InvoiceCancelQuery = z.input<typeof invoiceCancelQuery>;

/** POST /api/routine/deleteAll { ids }: every entry goes, or none. */
export const ROUTINE_DELETE_MAX = 500;
export const routineDeleteAllBody = z.strictObject({
  ids: idList('ids', ROUTINE_DELETE_MAX).min(1, 'ids: choose at least one'),
});
export type RoutineDeleteAllBody = z.input<typeof routineDeleteAllBody>;

/** What a delete answers: the record's id (or the routine entries'), the message and its code. */
export const deletedResponse = z.object({
  ok: z.literal(true),
  id: z.number().int(),
  message: z.string(),
  code: z.string(),
});
export type DeletedResponse = z.infer<typeof deletedResponse>;

export const routinesDeletedResponse = z.object({
  ok: z.literal(true),
  ids: z.array(z.number().int()),
  message: z.string(),
  code: z.string(),
});
export type RoutinesDeletedResponse = z.infer<typeof routinesDeletedResponse>;

/** What the admin may do instead of deleting a record something depends on. */
export const INSTEAD = ['deactivate', 'refund'] as const;
export type Instead = (typeof INSTEAD)[number];

/** The 409's body: the error shape of server/errors.ts, with what depends on the record. */
export const dependentsError = z.object({
  error: z.object({
    code: z.literal('deletes.has_dependents'),
    message: z.string(),
    dependents: z.record(z.string(), z.number().int()),
    instead: z.enum(INSTEAD).optional(),
  }),
});
export type DependentsErrorBody = z.infer<typeof dependentsError>;

/** The English messages of the answers (the client words them from `deletes.success.<kind>`). */
export const DELETE_MESSAGES: Record<DeletableKind, string> = {
  student: 'Student deleted.',
  teacher: 'Teacher deleted.',
  exam: 'Exam deleted.',
  exam_type: 'Exam type deleted.',
  fee_head: 'Fee head deleted.',
  invoice: 'Invoice cancelled.',
  school: 'School deleted.',
  routine: 'Routine deleted successfully',
};

export const DELETE_SUCCESS_CODES: Record<DeletableKind, string> = {
  student: 'deletes.student',
  teacher: 'deletes.teacher',
  exam: 'deletes.exam',
  exam_type: 'deletes.exam_type',
  fee_head: 'deletes.fee_head',
  invoice: 'deletes.invoice',
  school: 'deletes.school',
  routine: 'deletes.routine',
};
