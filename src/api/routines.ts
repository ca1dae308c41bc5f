/** Class routines as seen by a teacher and by a student's section. */
import { z } from 'zod';
import {
  routineRow,
  type RoutineRow,
  type StudentRoutineQuery,
  type TeacherRoutineQuery,
} from '@/api/schemas/routines';
import { apiGet } from '@/api/client';

export function fetchTeacherRoutine(teacherId: number): Promise<RoutineRow[]> {
  const query: TeacherRoutineQuery = { teacher_id: teacherId };
  return apiGet('/api/routine/teacher', z.array(routineRow), { query });
}

export function fetchStudentRoutine(q: StudentRoutineQuery): Promise<RoutineRow[]> {
  return apiGet('/api/routine/student', z.array(routineRow), { query: q });
}
