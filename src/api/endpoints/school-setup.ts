/** The school setup endpoints, served by server/routes/school-setup.ts. */
import { del, get, post, put } from '@/api/endpoints/define';
import { z } from 'zod';
import { districtQuery, districtRow, schoolDetailRow, upazilaQuery, upazilaRow } from '@/api/schemas/lookups';
import {
  addSchoolBody,
  addSchoolResponse,
  organizationBody,
  organizationParams,
  organizationRow,
  schoolContactBody,
  schoolParams,
  setupMessage,
  updateSchoolBody,
  weeklyOffDaysBody,
} from '@/api/schemas/setup';

export const schoolSetupEndpoints = {
  district: get('/district', 'lookup.district', { query: districtQuery, response: z.array(districtRow) }),
  upazila: get('/upazila', 'lookup.upazila', { query: upazilaQuery, response: z.array(upazilaRow) }),
  addSchool: post('/add_school', 'school.create', { body: addSchoolBody, response: addSchoolResponse }),
  schoolInfo: put('/school_info/:id', 'school.update', {
    body: updateSchoolBody,
    params: schoolParams,
    response: schoolDetailRow,
  }),
  schoolInfoContact: put('/school_info/:id/contact', 'school.contact-update', {
    body: schoolContactBody,
    params: schoolParams,
    response: schoolDetailRow,
  }),
  schoolInfoWeeklyOffDays: put('/school_info/:id/weekly_off_days', 'school.weekly-off-update', {
    body: weeklyOffDaysBody,
    params: schoolParams,
    response: schoolDetailRow,
  }),
  organization: get('/organization', 'organization.list', { response: z.array(organizationRow) }),
  postOrganization: post('/organization', 'organization.write', { body: organizationBody, response: setupMessage }),
  putOrganization: put('/organization/:id', 'organization.write', {
    body: organizationBody,
    params: organizationParams,
    response: setupMessage,
  }),
  deleteOrganization: del('/organization/:id', 'organization.delete', {
    params: organizationParams,
    response: setupMessage,
  }),
};
