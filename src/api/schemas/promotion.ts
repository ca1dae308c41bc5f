import { z } from 'zod';
import { id, idList, optionalId } from './common';

/**
 * POST /api/student/promote: a section's students of one session move to a class and section of a
 * later session. Each keeps their class roll; their old enrolment (attendance, marks) stays as it was.
 */
export const PROMOTE_MAX_STUDENTS = 500;
export const promoteBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    from_session_id: id('from_session_id'),
    section_id: id('section_id'),
    to_session_id: id('to_session_id'),
    to_section_id: id('to_section_id'),
    /** Only these students of the section (ids of students); all of them when left out. */
    student_ids: idList('student_ids', PROMOTE_MAX_STUDENTS).optional(),
  })
  .strict();
export type PromoteBody = z.input<typeof promoteBody>;

export const promoteResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  promoted: z.number().int(),
  to_session_year: z.string(),
  to_class_name: z.string(),
  to_section_name: z.string(),
});
export type PromoteResponse = z.infer<typeof promoteResponse>;

export const PROMOTION_MESSAGES = {
  promoted: (n: number, className: string, section: string, year: string) =>
    `${n} students promoted to ${className}, section ${section} (${year})`,
} as const;
