/** Class routines as seen by a teacher and by a student's section. */
import { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
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
  return apiGet('/api/routine/student', z.array(routineRow), { query: { ...q } });
}

export const routineKeys = {
  all: ['routine'] as const,
  teacher: (teacherId: number) => ['routine', 'teacher', teacherId] as const,
  student: (q: StudentRoutineQuery) => ['routine', 'student', q] as const,
};

export const teacherRoutineQuery = (teacherId: number) =>
  queryOptions({ queryKey: routineKeys.teacher(teacherId), queryFn: () => fetchTeacherRoutine(teacherId) });

export const studentRoutineQuery = (q: StudentRoutineQuery) =>
  queryOptions({ queryKey: routineKeys.student(q), queryFn: () => fetchStudentRoutine(q) });
