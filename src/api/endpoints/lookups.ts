/** The lookups endpoints, served by server/routes/lookups.ts. */
import { get } from '@/api/endpoints/define';
import { z } from 'zod';
import {
  classQuery,
  classRow,
  dayRow,
  divisionRow,
  genderRow,
  groupRow,
  periodQuery,
  periodRow,
  sectionQuery,
  sectionRow,
  sessionRow,
  shiftRow,
  subjectQuery,
  subjectRow,
} from '@/api/schemas/lookups';
import { banglaNames } from '@/api/schemas/names';

export const lookupsEndpoints = {
  class: get('/class', 'lookup.class', { query: classQuery, response: z.array(classRow) }),
  sectionAll: get('/section/all', 'lookup.section', { query: sectionQuery, response: z.array(sectionRow) }),
  session: get('/session', 'lookup.session', { response: z.array(sessionRow) }),
  day: get('/day', 'lookup.day', { response: z.array(dayRow) }),
  // Each of the old portal's spellings of one list is served alike.
  period: get('/period', 'lookup.period', { query: periodQuery, response: z.array(periodRow) }),
  periodAll: get('/period/all', 'lookup.period', { query: periodQuery, response: z.array(periodRow) }),
  shift: get('/shift', 'lookup.shift', { response: z.array(shiftRow) }),
  shiftAll: get('/shift/all', 'lookup.shift', { response: z.array(shiftRow) }),
  subjects: get('/subjects', 'lookup.subject', { query: subjectQuery, response: z.array(subjectRow) }),
  subject: get('/subject', 'lookup.subject', { query: subjectQuery, response: z.array(subjectRow) }),
  subjectAll: get('/subject/all', 'lookup.subject', { query: subjectQuery, response: z.array(subjectRow) }),
  // Spec part 2, section 7: the subjects of a school type (school_type_id), as the subject lookup's rows.
  subjectType: get('/subject_type', 'lookup.subject', { query: subjectQuery, response: z.array(subjectRow) }),
  namesBn: get('/names/bn', 'lookup.names', { response: banglaNames }),
  gender: get('/gender', 'lookup.gender', { response: z.array(genderRow) }),
  division: get('/division', 'lookup.division', { response: z.array(divisionRow) }),
  groupsAll: get('/groups/all', 'lookup.group', { response: z.array(groupRow) }),
};
