/** Teacher and student profiles. Queries are typed from the shared request schemas. */
import { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import {
  studentProfile,
  teacherProfile,
  type StudentProfile,
  type StudentProfileQuery,
  type TeacherProfile,
  type TeacherProfileQuery,
} from '@/api/schemas/people';
import { apiGet } from '@/api/client';

export function fetchTeacherProfile(teacherId: number): Promise<TeacherProfile> {
  const query: TeacherProfileQuery = { teacher_id: teacherId };
  return apiGet('/api/teacher/profile', teacherProfile, { query });
}

/** The server answers a list (spec part 2, section 7); the first item is the student. */
export async function fetchStudentProfile(studentId: number): Promise<StudentProfile | null> {
  const query: StudentProfileQuery = { student_id: studentId };
  const rows = await apiGet('/api/student/profile', z.array(studentProfile), { query });
  return rows[0] ?? null;
}

export const peopleKeys = {
  all: ['people'] as const,
  teacherProfile: (teacherId: number) => ['people', 'teacher-profile', teacherId] as const,
  studentProfile: (studentId: number) => ['people', 'student-profile', studentId] as const,
};

export const teacherProfileQuery = (teacherId: number) =>
  queryOptions({ queryKey: peopleKeys.teacherProfile(teacherId), queryFn: () => fetchTeacherProfile(teacherId) });

export const studentProfileQuery = (studentId: number) =>
  queryOptions({ queryKey: peopleKeys.studentProfile(studentId), queryFn: () => fetchStudentProfile(studentId) });
