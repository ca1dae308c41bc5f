/** The subject registration endpoints, served by server/routes/subject-registration.ts. */
import { del, get, post } from '@/api/endpoints/define';
import { z } from 'zod';
import {
  registrationDeleteQuery,
  registrationDeleteResponse,
  registrationListQuery,
  registrationPage,
  registrationStudentPage,
  registrationStudentQuery,
  registrationSubjectRow,
  saveSubjectRegistrationBody,
  saveSubjectRegistrationResponse,
  searchSubjectsQuery,
} from '@/api/schemas/subject-registration';

export const subjectRegistrationEndpoints = {
  searchSubjects: get('/search/subjects', 'subject-registration.subjects', {
    query: searchSubjectsQuery,
    response: z.array(registrationSubjectRow),
  }),
  saveSubjectRegistration: post('/save/subjectRegistration', 'subject-registration.write', {
    body: saveSubjectRegistrationBody,
    response: saveSubjectRegistrationResponse,
  }),
  // The two registration lists, of subjects and of 4th subjects, alike.
  subjectList: get('/subjectList', 'subject-registration.list', {
    query: registrationListQuery,
    response: registrationPage,
  }),
  subjectListStudents: get('/subjectList/students', 'subject-registration.list', {
    query: registrationStudentQuery,
    response: registrationStudentPage,
  }),
  subRegistrationDelete: del('/subRegistration/delete', 'subject-registration.delete', {
    query: registrationDeleteQuery,
    response: registrationDeleteResponse,
  }),
  forthSubjectList: get('/forthSubjectList', 'subject-registration.list', {
    query: registrationListQuery,
    response: registrationPage,
  }),
  forthSubjectDelete: del('/forthSubject/delete', 'subject-registration.delete', {
    query: registrationDeleteQuery,
    response: registrationDeleteResponse,
  }),
};
