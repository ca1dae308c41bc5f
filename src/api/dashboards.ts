/**
 * The dashboards' summaries (docs/DOMAIN.md, "Dashboards"): one read per role dashboard. Every key
 * starts with `dashboardKeys.all`; attendance, marks and fees change them, and they are read again
 * when the dashboard is opened (staleTime of the app's default).
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import { dashboardsEndpoints } from '@/api/endpoints/dashboards';
import type { AdminDashboard, SchoolsDashboard, StudentDashboard, TeacherDashboard } from '@/api/schemas/dashboards';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  admin: (schoolInfoId?: number) => ['dashboard', 'admin', schoolInfoId ?? null] as const,
  teacher: () => ['dashboard', 'teacher'] as const,
  student: (studentId?: number) => ['dashboard', 'student', studentId ?? null] as const,
  viewer: (page: { limit: number; offset: number }) => ['dashboard', 'viewer', page] as const,
};

export const adminDashboardQuery = (schoolInfoId?: number) =>
  queryOptions({
    queryKey: dashboardKeys.admin(schoolInfoId),
    queryFn: (): Promise<AdminDashboard> =>
      request(dashboardsEndpoints.admin, { query: { school_info_id: schoolInfoId } }),
  });

export const teacherDashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.teacher(),
    queryFn: (): Promise<TeacherDashboard> => request(dashboardsEndpoints.teacher),
  });

export const studentDashboardQuery = (studentId?: number) =>
  queryOptions({
    queryKey: dashboardKeys.student(studentId),
    queryFn: (): Promise<StudentDashboard> =>
      request(dashboardsEndpoints.student, { query: { student_id: studentId } }),
  });

export const viewerDashboardQuery = (page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: dashboardKeys.viewer(page),
    queryFn: (): Promise<SchoolsDashboard> => request(dashboardsEndpoints.viewer, { query: page }),
  });
