/** The setup structure endpoints, served by server/routes/setup-structure.ts. */
import { del, get, post, put } from '@/api/endpoints/define';
import { z } from 'zod';
import {
  classBody,
  classListQuery,
  classPage,
  classWriteAnswer,
  deleteAnswer,
  periodBody,
  periodListQuery,
  periodPage,
  periodWriteAnswer,
  schoolTypeRow,
  sectionBody,
  sectionListQuery,
  sectionPage,
  sectionWriteAnswer,
  sessionOpenAnswer,
  sessionOpenBody,
  setupIdParams,
  subjectBody,
  subjectListQuery,
  subjectPage,
  subjectWriteAnswer,
} from '@/api/schemas/structure';

export const setupStructureEndpoints = {
  setupSchoolTypes: get('/setup/school_types', 'structure.read', { response: z.array(schoolTypeRow) }),
  createClass: post('/create_class', 'structure.class-write', { body: classBody, response: classWriteAnswer }),
  setupClasses: get('/setup/classes', 'structure.read', { query: classListQuery, response: classPage }),
  putSetupClasses: put('/setup/classes/:id', 'structure.class-write', {
    body: classBody,
    params: setupIdParams,
    response: classWriteAnswer,
  }),
  deleteSetupClasses: del('/setup/classes/:id', 'structure.class-write', {
    params: setupIdParams,
    response: deleteAnswer,
  }),
  createSubject: post('/create_subject', 'structure.subject-write', {
    body: subjectBody,
    response: subjectWriteAnswer,
  }),
  setupSubjects: get('/setup/subjects', 'structure.read', { query: subjectListQuery, response: subjectPage }),
  putSetupSubjects: put('/setup/subjects/:id', 'structure.subject-write', {
    body: subjectBody,
    params: setupIdParams,
    response: subjectWriteAnswer,
  }),
  deleteSetupSubjects: del('/setup/subjects/:id', 'structure.subject-write', {
    params: setupIdParams,
    response: deleteAnswer,
  }),
  createSection: post('/create_section', 'structure.section-write', {
    body: sectionBody,
    response: sectionWriteAnswer,
  }),
  setupSections: get('/setup/sections', 'structure.read', { query: sectionListQuery, response: sectionPage }),
  putSetupSections: put('/setup/sections/:id', 'structure.section-write', {
    body: sectionBody,
    params: setupIdParams,
    response: sectionWriteAnswer,
  }),
  deleteSetupSections: del('/setup/sections/:id', 'structure.section-write', {
    params: setupIdParams,
    response: deleteAnswer,
  }),
  createPeriod: post('/create_period', 'structure.period-write', { body: periodBody, response: periodWriteAnswer }),
  setupPeriods: get('/setup/periods', 'structure.read', { query: periodListQuery, response: periodPage }),
  putSetupPeriods: put('/setup/periods/:id', 'structure.period-write', {
    body: periodBody,
    params: setupIdParams,
    response: periodWriteAnswer,
  }),
  deleteSetupPeriods: del('/setup/periods/:id', 'structure.period-write', {
    params: setupIdParams,
    response: deleteAnswer,
  }),
  setupSessions: post('/setup/sessions', 'structure.session-open', {
    body: sessionOpenBody,
    response: sessionOpenAnswer,
  }),
};
