/**
 * The super admin's setup: address reference data, schools (paged) and organization
 * types. Reads are query options for TanStack Query; writes are plain functions the setup
 * machines call.
 */
import { z } from 'zod';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '@/api/client';
import {
  districtRow,
  divisionRow,
  schoolDetailRow,
  upazilaRow,
  type DistrictQuery,
  type SchoolDetailRow,
  type UpazilaQuery,
} from '@/api/schemas/lookups';
import {
  addSchoolResponse,
  organizationRow,
  setupMessage,
  type AddSchoolBody,
  type AddSchoolResponse,
  type OrganizationBody,
  type SchoolContactBody,
  type SchoolListQuery,
  type SetupMessage,
  type UpdateSchoolBody,
  type WeeklyOffDaysBody,
} from '@/api/schemas/setup';

/** Reference data changes only with a release. */
const REFERENCE_STALE_MS = 24 * 60 * 60_000;

export const setupKeys = {
  divisions: ['setup', 'divisions'] as const,
  districts: (divisionId: number) => ['setup', 'districts', divisionId] as const,
  upazilas: (districtId: number) => ['setup', 'upazilas', districtId] as const,
  schools: ['school'] as const,
  schoolPage: (q: SchoolListQuery) => ['school', 'page', q] as const,
  organizations: ['setup', 'organizations'] as const,
};

export const divisionsQuery = () =>
  queryOptions({
    queryKey: setupKeys.divisions,
    queryFn: () => apiGet('/api/division', z.array(divisionRow)),
    staleTime: REFERENCE_STALE_MS,
  });

export const districtsQuery = (divisionId: number) =>
  queryOptions({
    queryKey: setupKeys.districts(divisionId),
    queryFn: () => {
      const query: DistrictQuery = { division_id: divisionId };
      return apiGet('/api/district', z.array(districtRow), { query });
    },
    staleTime: REFERENCE_STALE_MS,
    enabled: divisionId > 0,
  });

export const upazilasQuery = (districtId: number) =>
  queryOptions({
    queryKey: setupKeys.upazilas(districtId),
    queryFn: () => {
      const query: UpazilaQuery = { district_id: districtId };
      return apiGet('/api/upazila', z.array(upazilaRow), { query });
    },
    staleTime: REFERENCE_STALE_MS,
    enabled: districtId > 0,
  });

export interface SchoolPage {
  rows: SchoolDetailRow[];
  total: number;
}

export async function fetchSchoolPage(q: SchoolListQuery): Promise<SchoolPage> {
  let total = 0;
  const rows = await apiGet('/api/school_info/all', z.array(schoolDetailRow), {
    query: { ...q, q: q.q || undefined },
    onHeaders: (h) => {
      total = Number(h.get('x-total-count') ?? 0);
    },
  });
  return { rows, total };
}

export const schoolPageQuery = (q: SchoolListQuery) =>
  queryOptions({
    queryKey: setupKeys.schoolPage(q),
    queryFn: () => fetchSchoolPage(q),
    placeholderData: keepPreviousData,
  });

export const organizationsQuery = () =>
  queryOptions({
    queryKey: setupKeys.organizations,
    queryFn: () => apiGet('/api/organization', z.array(organizationRow)),
  });

export function addSchool(body: AddSchoolBody, opts: { idempotencyKey: string }): Promise<AddSchoolResponse> {
  return apiPost('/api/add_school', addSchoolResponse, { body, idempotencyKey: opts.idempotencyKey });
}

export function updateSchool(
  id: number,
  body: UpdateSchoolBody,
  opts: { idempotencyKey: string },
): Promise<SchoolDetailRow> {
  return apiPut(`/api/school_info/${id}`, schoolDetailRow, { body, idempotencyKey: opts.idempotencyKey });
}

export function updateSchoolContact(
  id: number,
  body: SchoolContactBody,
  opts: { idempotencyKey: string },
): Promise<SchoolDetailRow> {
  return apiPut(`/api/school_info/${id}/contact`, schoolDetailRow, { body, idempotencyKey: opts.idempotencyKey });
}

/** The school's weekly off days (its own admin, or the super admin): the school as it now stands. */
export function updateWeeklyOffDays(
  id: number,
  body: WeeklyOffDaysBody,
  opts: { idempotencyKey: string },
): Promise<SchoolDetailRow> {
  return apiPut(`/api/school_info/${id}/weekly_off_days`, schoolDetailRow, {
    body,
    idempotencyKey: opts.idempotencyKey,
  });
}

export function createOrganization(body: OrganizationBody, opts: { idempotencyKey: string }): Promise<SetupMessage> {
  return apiPost('/api/organization', setupMessage, { body, idempotencyKey: opts.idempotencyKey });
}

export function updateOrganization(
  id: number,
  body: OrganizationBody,
  opts: { idempotencyKey: string },
): Promise<SetupMessage> {
  return apiPut(`/api/organization/${id}`, setupMessage, { body, idempotencyKey: opts.idempotencyKey });
}

export function deleteOrganization(id: number): Promise<SetupMessage> {
  return apiDelete(`/api/organization/${id}`, setupMessage);
}
