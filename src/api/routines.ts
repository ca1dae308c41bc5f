/** Class routines as seen by a teacher and by a student's section. */
import { z } from 'zod';
import { routineRow, type RoutineRow } from '@/api/schemas/routines';
import { apiGet } from '@/api/client';

export function fetchTeacherRoutine(teacherId: number): Promise<RoutineRow[]> {
  return apiGet('/api/routine/teacher', z.array(routineRow), { query: { teacher_id: teacherId } });
}

export function fetchStudentRoutine(q: {
  section_id: number;
  class_id: number;
  school_info_id: number;
}): Promise<RoutineRow[]> {
  return apiGet('/api/routine/student', z.array(routineRow), { query: q });
}
