/**
 * The super admin's setup: address reference data, schools (paged) and organization
 * types. Reads are query options for TanStack Query; writes are plain functions the setup
 * machines call.
 */

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import type { DistrictQuery, SchoolDetailRow, UpazilaQuery } from '@/api/schemas/lookups';
import type {
  AddSchoolBody,
  AddSchoolResponse,
  OrganizationBody,
  SchoolContactBody,
  SchoolListQuery,
  SetupMessage,
  UpdateSchoolBody,
  WeeklyOffDaysBody,
} from '@/api/schemas/setup';
import { lookupsEndpoints } from '@/api/endpoints/lookups';
import { schoolSetupEndpoints } from '@/api/endpoints/school-setup';
import { schoolsEndpoints } from '@/api/endpoints/schools';

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
    queryFn: () => request(lookupsEndpoints.division),
    staleTime: REFERENCE_STALE_MS,
  });

export const districtsQuery = (divisionId: number) =>
  queryOptions({
    queryKey: setupKeys.districts(divisionId),
    queryFn: () => {
      const query: DistrictQuery = { division_id: divisionId };
      return request(schoolSetupEndpoints.district, { query });
    },
    staleTime: REFERENCE_STALE_MS,
    enabled: divisionId > 0,
  });

export const upazilasQuery = (districtId: number) =>
  queryOptions({
    queryKey: setupKeys.upazilas(districtId),
    queryFn: () => {
      const query: UpazilaQuery = { district_id: districtId };
      return request(schoolSetupEndpoints.upazila, { query });
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
  const rows = await request(schoolsEndpoints.all, {
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
    queryFn: () => request(schoolSetupEndpoints.organization),
  });

export function addSchool(body: AddSchoolBody, opts: { idempotencyKey: string }): Promise<AddSchoolResponse> {
  return request(schoolSetupEndpoints.addSchool, { body, idempotencyKey: opts.idempotencyKey });
}

export function updateSchool(
  id: number,
  body: UpdateSchoolBody,
  opts: { idempotencyKey: string },
): Promise<SchoolDetailRow> {
  return request(schoolSetupEndpoints.schoolInfo, { params: { id }, body, idempotencyKey: opts.idempotencyKey });
}

export function updateSchoolContact(
  id: number,
  body: SchoolContactBody,
  opts: { idempotencyKey: string },
): Promise<SchoolDetailRow> {
  return request(schoolSetupEndpoints.schoolInfoContact, { params: { id }, body, idempotencyKey: opts.idempotencyKey });
}

/** The school's weekly off days (its own admin, or the super admin): the school as it now stands. */
export function updateWeeklyOffDays(
  id: number,
  body: WeeklyOffDaysBody,
  opts: { idempotencyKey: string },
): Promise<SchoolDetailRow> {
  return request(schoolSetupEndpoints.schoolInfoWeeklyOffDays, {
    params: { id },
    body,
    idempotencyKey: opts.idempotencyKey,
  });
}

export function createOrganization(body: OrganizationBody, opts: { idempotencyKey: string }): Promise<SetupMessage> {
  return request(schoolSetupEndpoints.postOrganization, { body, idempotencyKey: opts.idempotencyKey });
}

export function updateOrganization(
  id: number,
  body: OrganizationBody,
  opts: { idempotencyKey: string },
): Promise<SetupMessage> {
  return request(schoolSetupEndpoints.putOrganization, { params: { id }, body, idempotencyKey: opts.idempotencyKey });
}

export function deleteOrganization(id: number): Promise<SetupMessage> {
  return request(schoolSetupEndpoints.deleteOrganization, { params: { id } });
}
