/**
 * Every endpoint of the API, for the server and the tests only (tests/server/endpoints.test.ts
 * checks this against the routes the server registers). Client code imports the one resource
 * module a screen needs, never this list: the app's first download has a budget (150 KB gzip).
 */
import type { Endpoint } from '@/api/endpoints/define';
import { activitiesEndpoints } from '@/api/endpoints/activities';
import { attendanceEndpoints } from '@/api/endpoints/attendance';
import { attendanceRegisterEndpoints } from '@/api/endpoints/attendance-register';
import { calendarEndpoints } from '@/api/endpoints/calendar';
import { dashboardsEndpoints } from '@/api/endpoints/dashboards';
import { idCardsEndpoints } from '@/api/endpoints/id-cards';
import { admitCardsEndpoints } from '@/api/endpoints/admit-cards';
import { eschoolEndpoints } from '@/api/endpoints/eschool';
import { examsEndpoints } from '@/api/endpoints/exams';
import { feesEndpoints } from '@/api/endpoints/fees';
import { gradesheetPdfEndpoints } from '@/api/endpoints/gradesheet-pdf';
import { guardiansEndpoints } from '@/api/endpoints/guardians';
import { healthEndpoints } from '@/api/endpoints/health';
import { homeworkMarksEndpoints } from '@/api/endpoints/homework-marks';
import { homeworkEndpoints } from '@/api/endpoints/homework';
import { subjectActivitiesEndpoints } from '@/api/endpoints/subject-activities';
import { lookupsEndpoints } from '@/api/endpoints/lookups';
import { noticesEndpoints } from '@/api/endpoints/notices';
import { onlinePaymentsEndpoints } from '@/api/endpoints/online-payments';
import { paymentSandboxEndpoints } from '@/api/endpoints/payment-sandbox';
import { peopleAdminEndpoints } from '@/api/endpoints/people-admin';
import { peopleEndpoints } from '@/api/endpoints/people';
import { profilePhotoEndpoints } from '@/api/endpoints/profile-photo';
import { profilesEndpoints } from '@/api/endpoints/profiles';
import { peopleRecordsEndpoints } from '@/api/endpoints/people-records';
import { promotionEndpoints } from '@/api/endpoints/promotion';
import { recordDeletesEndpoints } from '@/api/endpoints/record-deletes';
import { reportsEndpoints } from '@/api/endpoints/reports';
import { resourcesEndpoints } from '@/api/endpoints/resources';
import { routinesEndpoints } from '@/api/endpoints/routines';
import { schoolSetupEndpoints } from '@/api/endpoints/school-setup';
import { schoolsEndpoints } from '@/api/endpoints/schools';
import { setupStructureEndpoints } from '@/api/endpoints/setup-structure';
import { subjectRegistrationEndpoints } from '@/api/endpoints/subject-registration';
import { twoFactorEndpoints } from '@/api/endpoints/two-factor';
import { usersEndpoints } from '@/api/endpoints/users';
import { smsEndpoints } from '@/api/endpoints/sms';
import { leaveEndpoints, staffEndpoints, staffNoticeEndpoints, substitutionEndpoints } from '@/api/endpoints/staff';

/** The registry by resource (the module's name). */
export const ENDPOINTS: Record<string, Record<string, Endpoint>> = {
  activities: activitiesEndpoints,
  attendance: attendanceEndpoints,
  'attendance-register': attendanceRegisterEndpoints,
  calendar: calendarEndpoints,
  eschool: eschoolEndpoints,
  exams: examsEndpoints,
  fees: feesEndpoints,
  'gradesheet-pdf': gradesheetPdfEndpoints,
  guardians: guardiansEndpoints,
  health: healthEndpoints,
  homework: homeworkEndpoints,
  'subject-activities': subjectActivitiesEndpoints,
  'homework-marks': homeworkMarksEndpoints,
  lookups: lookupsEndpoints,
  notices: noticesEndpoints,
  'online-payments': onlinePaymentsEndpoints,
  'payment-sandbox': paymentSandboxEndpoints,
  'people-admin': peopleAdminEndpoints,
  people: peopleEndpoints,
  'profile-photo': profilePhotoEndpoints,
  profiles: profilesEndpoints,
  'people-records': peopleRecordsEndpoints,
  promotion: promotionEndpoints,
  'record-deletes': recordDeletesEndpoints,
  resources: resourcesEndpoints,
  routines: routinesEndpoints,
  'school-setup': schoolSetupEndpoints,
  schools: schoolsEndpoints,
  'setup-structure': setupStructureEndpoints,
  'subject-registration': subjectRegistrationEndpoints,
  'two-factor': twoFactorEndpoints,
  users: usersEndpoints,
  reports: reportsEndpoints,
  dashboards: dashboardsEndpoints,
  'id-cards': idCardsEndpoints,
  sms: smsEndpoints,
  staff: staffEndpoints,
  leave: leaveEndpoints,
  substitution: substitutionEndpoints,
  'staff-notice': staffNoticeEndpoints,
  'admit-cards': admitCardsEndpoints,
};
