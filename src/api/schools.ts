/** Schools: a viewer's linked schools and the schools a user may see. */

import { queryOptions } from '@tanstack/react-query';
import type { SchoolRow, ViewerSchoolsQuery } from '@/api/schemas/lookups';
import { request } from '@/api/client';
import { schoolsEndpoints } from '@/api/endpoints/schools';

/** The schools linked to a viewer (type 6); `adminId` is the viewer's own id. */
export function fetchViewerSchools(adminId: number): Promise<SchoolRow[]> {
  const query: ViewerSchoolsQuery = { admin_id: adminId };
  return request(schoolsEndpoints.list, { query });
}

/** Every school the signed-in user may see (a school admin sees its own). */
export function fetchVisibleSchools(): Promise<SchoolRow[]> {
  return request(schoolsEndpoints.all);
}

export const schoolKeys = {
  all: ['school'] as const,
  viewerLinks: (adminId: number) => ['school', 'viewer-links', adminId] as const,
  visible: () => ['school', 'visible'] as const,
};

export const viewerSchoolsQuery = (adminId: number) =>
  queryOptions({ queryKey: schoolKeys.viewerLinks(adminId), queryFn: () => fetchViewerSchools(adminId) });

export const visibleSchoolsQuery = () => queryOptions({ queryKey: schoolKeys.visible(), queryFn: fetchVisibleSchools });
