/** The dashboards' summaries, served by server/routes/dashboards.ts (docs/DOMAIN.md, "Dashboards"). */
import { get } from '@/api/endpoints/define';
import {
  adminDashboard,
  adminDashboardQuery,
  schoolsDashboard,
  schoolsDashboardQuery,
  studentDashboard,
  studentDashboardQuery,
  teacherDashboard,
} from '@/api/schemas/dashboards';

export const dashboardsEndpoints = {
  admin: get('/dashboard/admin', 'dashboard.admin', { query: adminDashboardQuery, response: adminDashboard }),
  teacher: get('/dashboard/teacher', 'dashboard.teacher', { response: teacherDashboard }),
  student: get('/dashboard/student', 'dashboard.student', {
    query: studentDashboardQuery,
    response: studentDashboard,
  }),
  viewer: get('/dashboard/viewer', 'dashboard.schools', { query: schoolsDashboardQuery, response: schoolsDashboard }),
};
