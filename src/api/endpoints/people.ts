/** The people endpoints, served by server/routes/people.ts. */
import { get } from '@/api/endpoints/define';
import { z } from 'zod';
import {
  sectionStudentRow,
  studentAllQuery,
  studentListRow,
  studentProfile,
  studentProfileQuery,
  studentSectionQuery,
  teacherFilterQuery,
  teacherListRow,
  teacherProfile,
  teacherProfileQuery,
} from '@/api/schemas/people';

export const peopleEndpoints = {
  teacherProfile: get('/teacher/profile', 'teacher.profile', { query: teacherProfileQuery, response: teacherProfile }),
  studentProfile: get('/student/profile', 'student.profile', {
    query: studentProfileQuery,
    response: z.array(studentProfile),
  }),
  teacherFilter: get('/teacher/filter', 'teacher.list', {
    query: teacherFilterQuery,
    response: z.array(teacherListRow),
  }),
  studentSection: get('/student/section', 'student.section', {
    query: studentSectionQuery,
    response: z.array(sectionStudentRow),
  }),
  studentAll: get('/student/all', 'student.list', { query: studentAllQuery, response: z.array(studentListRow) }),
};
