import { z } from 'zod';
import { id, isoDate, optionalId } from './common';

// ---------------------------------------------------------------- requests

/** A teacher's week; a teacher may leave `teacher_id` out (or name only themself). */
export const teacherRoutineQuery = z.object({ teacher_id: optionalId('teacher_id') });
export type TeacherRoutineQuery = z.input<typeof teacherRoutineQuery>;

export const studentRoutineQuery = z.object({
  section_id: id('section_id'),
  class_id: optionalId('class_id'),
  school_info_id: optionalId('school_info_id'),
});
export type StudentRoutineQuery = z.input<typeof studentRoutineQuery>;

/** A teacher's periods on one date (default: the school's today). */
export const teacherTodayQuery = z.object({
  teacher_id: optionalId('teacher_id'),
  today: isoDate.optional(),
  school_info_id: optionalId('school_info_id'),
});
export type TeacherTodayQuery = z.input<typeof teacherTodayQuery>;

// ---------------------------------------------------------------- responses

export const routineRow = z.object({
  id: z.number().int(),
  class_id: z.number().int(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  day_id: z.number().int(),
  day: z.string(),
  period_id: z.number().int(),
  period_code: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_id: z.number().int(),
  initial: z.string(),
  full_name: z.string(),
  room: z.string(),
  session_id: z.number().int(),
  session_year: z.string(),
  shift_id: z.number().int(),
  shift_name: z.string(),
});
export type RoutineRow = z.infer<typeof routineRow>;

/** A routine entry on a given date, with whether attendance was already taken for it. */
export const routineTodayRow = routineRow.extend({
  date: z.string(),
  attendance_taken: z.boolean(),
});
export type RoutineTodayRow = z.infer<typeof routineTodayRow>;
