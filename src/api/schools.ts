/** Schools: a viewer's linked schools and the schools a user may see. */
import { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import { schoolRow, type SchoolRow, type ViewerSchoolsQuery } from '@/api/schemas/lookups';
import { apiGet } from '@/api/client';

/** The schools linked to a viewer (type 6); `adminId` is the viewer's own id. */
export function fetchViewerSchools(adminId: number): Promise<SchoolRow[]> {
  const query: ViewerSchoolsQuery = { admin_id: adminId };
  return apiGet('/api/school_info', z.array(schoolRow), { query });
}

/** Every school the signed-in user may see (a school admin sees its own). */
export function fetchVisibleSchools(): Promise<SchoolRow[]> {
  return apiGet('/api/school_info/all', z.array(schoolRow));
}

export const schoolKeys = {
  all: ['school'] as const,
  viewerLinks: (adminId: number) => ['school', 'viewer-links', adminId] as const,
  visible: () => ['school', 'visible'] as const,
};

export const viewerSchoolsQuery = (adminId: number) =>
  queryOptions({ queryKey: schoolKeys.viewerLinks(adminId), queryFn: () => fetchViewerSchools(adminId) });

export const visibleSchoolsQuery = () => queryOptions({ queryKey: schoolKeys.visible(), queryFn: fetchVisibleSchools });
