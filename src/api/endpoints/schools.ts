/** The schools endpoints, served by server/routes/schools.ts. */
import { get } from '@/api/endpoints/define';
import { z } from 'zod';
import { schoolDetailRow, schoolRow, viewerSchoolsQuery } from '@/api/schemas/lookups';
import { schoolListQuery } from '@/api/schemas/setup';

export const schoolsEndpoints = {
  all: get('/school_info/all', 'school.list', { query: schoolListQuery, response: z.array(schoolDetailRow) }),
  list: get('/school_info', 'school.viewer-links', { query: viewerSchoolsQuery, response: z.array(schoolRow) }),
};
