/** The people admin endpoints, served by server/routes/people-admin.ts. */
import { get, post } from '@/api/endpoints/define';
import { z } from 'zod';
import {
  addPersonResponse,
  addStudentBody,
  addTeacherBody,
  importCsvBody,
  importQuery,
  importReport,
  adminSearchRow,
  messageResponse,
  profileUpdateQuery,
  resetPasswordQuery,
  resetPasswordResponse,
  studentAdminSearchQuery,
  teacherAllQuery,
  teacherListRow,
  updateUserBody,
  updateUserQuery,
} from '@/api/schemas/people';
import { profileUpdateResponse, studentProfileUpdateBody } from '@/api/schemas/profiles';

export const peopleAdminEndpoints = {
  addStudent: post('/add_student', 'student.write', { body: addStudentBody, response: addPersonResponse }),
  addTeacher: post('/add_teacher', 'teacher.write', { body: addTeacherBody, response: addPersonResponse }),
  teacherAll: get('/teacher/all', 'teacher.list', { query: teacherAllQuery, response: z.array(teacherListRow) }),
  studentAdminSearch: get('/student/admin-search', 'student.search', {
    query: studentAdminSearchQuery,
    response: z.array(adminSearchRow),
  }),
  studentImport: post('/student/import', 'student.write', {
    query: importQuery,
    body: importCsvBody,
    response: importReport,
  }),
  teacherImport: post('/teacher/import', 'teacher.write', {
    query: importQuery,
    body: importCsvBody,
    response: importReport,
  }),
  updateUser: post('/update_user', 'users.password', {
    query: updateUserQuery,
    body: updateUserBody,
    response: messageResponse,
  }),
  usersResetPassword: post('/users/reset_password', 'users.reset-password', {
    query: resetPasswordQuery,
    response: resetPasswordResponse,
  }),
  // The spec's call, with the rest of the profile form's fields (src/api/schemas/profiles.ts).
  studentProfileUpdate: post('/student/profile_update', 'student.profile-update', {
    query: profileUpdateQuery,
    body: studentProfileUpdateBody,
    response: profileUpdateResponse,
  }),
};
