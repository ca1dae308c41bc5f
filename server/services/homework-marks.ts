/**
 * Homework marks (docs/DOMAIN.md, "Homework marks"): the homework's own teacher gives a submitted
 * answer a mark from 0 to the homework's full mark (100: homework has no full mark of its own)
 * and feedback; saving again replaces both. One row per submission (homework_marks), written with
 * its audit row in one transaction (security_audit, action `homework.mark`, the mark and feedback
 * before and after). The student and their guardians read it with the answer
 * (services/homework.ts), the teacher in the submission list.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  HOMEWORK_MARK_MAX,
  HOMEWORK_MARK_MESSAGES,
  HOMEWORK_MARK_SUCCESS_CODES,
  type homeworkMarkBody,
} from '@/api/schemas/homework-marks';
import type { Db, DbOrTx } from '../db/client';
import { homework, homeworkMarks, homeworkSubmissions, students } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { recordAudit } from './audit';

/** The submission a mark is for, with its homework's teacher and school (404 for none). */
export async function submissionToMark(db: DbOrTx, submissionId: number) {
  const [row] = await db
    .select({
      id: homeworkSubmissions.id,
      schoolId: homeworkSubmissions.schoolId,
      homeworkId: homeworkSubmissions.homeworkId,
      teacherId: homework.teacherId,
      studentUserId: students.userId,
    })
    .from(homeworkSubmissions)
    .innerJoin(homework, eq(homework.id, homeworkSubmissions.homeworkId))
    .innerJoin(students, eq(students.id, homeworkSubmissions.studentId))
    .where(eq(homeworkSubmissions.id, submissionId));
  if (!row) throw notFound('Submission');
  return row;
}
export type SubmissionToMark = Awaited<ReturnType<typeof submissionToMark>>;

/** What the mark is out of: homework carries no full mark, so 100 (the schema's check agrees). */
export const fullMarkOf = (): number => HOMEWORK_MARK_MAX;

export async function saveHomeworkMark(
  db: Db,
  actorUserId: number,
  target: SubmissionToMark,
  b: z.output<typeof homeworkMarkBody>,
) {
  const full = fullMarkOf();
  if (b.mark > full) throw badRequest('mark', `mark ${HOMEWORK_MARK_MESSAGES.range(full)}`);
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ mark: homeworkMarks.mark, feedback: homeworkMarks.feedback })
      .from(homeworkMarks)
      .where(eq(homeworkMarks.submissionId, target.id))
      .for('update');
    const [row] = await tx
      .insert(homeworkMarks)
      .values({
        submissionId: target.id,
        schoolId: target.schoolId,
        mark: b.mark,
        feedback: b.feedback,
        markedBy: actorUserId,
      })
      .onConflictDoUpdate({
        target: [homeworkMarks.submissionId, homeworkMarks.schoolId],
        set: { mark: b.mark, feedback: b.feedback, markedBy: actorUserId, markedAt: sql`now()` },
      })
      .returning({ mark: homeworkMarks.mark, feedback: homeworkMarks.feedback, markedAt: homeworkMarks.markedAt });
    if (!before || before.mark !== row.mark || before.feedback !== row.feedback) {
      await recordAudit(tx, {
        actorUserId,
        action: 'homework.mark',
        subjectUserId: target.studentUserId,
        schoolId: target.schoolId,
        detail: {
          submission_id: target.id,
          homework_id: target.homeworkId,
          before: before ? { mark: before.mark, feedback: before.feedback } : null,
          after: { mark: row.mark, feedback: row.feedback },
        },
      });
    }
    return row;
  });
  return {
    ok: true as const,
    message: HOMEWORK_MARK_MESSAGES.saved,
    code: HOMEWORK_MARK_SUCCESS_CODES.saved,
    submission_id: target.id,
    mark: saved.mark,
    feedback: saved.feedback,
    marked_at: saved.markedAt.toISOString(),
    full_mark: full,
  };
}
