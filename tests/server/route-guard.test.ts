/**
 * Table-driven security test over EVERY registered API route: no token is 401, every user type the
 * permission table leaves out is 403, the allowed ones pass the guard, and ids of another school
 * are refused. A new route fails this file until it is listed below as tenant-scoped or global.
 */
import { and, eq, ne } from 'drizzle-orm';
import {
  ALL_USER_TYPES,
  PERMISSIONS,
  USER_TYPES,
  VIEWER,
  WRITE_FORBIDDEN_TYPES,
  type Action,
  type UserType,
} from '@/api/permissions';
import {
  calendarEntries,
  homework,
  notices,
  routines,
  schools,
  sections,
  students,
  teachers,
  users,
  schoolTypes,
  viewerSchools,
  subjectRegistrations,
} from '@server/db/schema';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';
import { freshDb } from '../helpers/test-db';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';

const ACCOUNT: Record<UserType, string> = {
  1: 'student1',
  2: 'teacher1',
  3: DEMO_GUARDIAN_PHONE,
  4: 'admin1',
  5: 'superadmin',
  6: 'viewer1',
};

interface OtherSchool {
  school: number;
  section: number;
  teacher: number;
  student: number;
  routine: number;
  notice: number;
  calendar: number;
  homework: number;
  registration: number;
  fourth: number;
}

/** For each tenant-scoped route: a query naming something of school 2, asked by school 1's users. */
const CROSS_TENANT: Record<string, (o: OtherSchool) => string> = {
  'GET /api/users/user_id': () => '?user_code=admin2',
  'GET /api/section/all': (o) => `?school_info_id=${o.school}`,
  'GET /api/period': (o) => `?school_info_id=${o.school}`,
  'GET /api/period/all': (o) => `?school_info_id=${o.school}`,
  'GET /api/teacher/profile': (o) => `?teacher_id=${o.teacher}`,
  'GET /api/student/profile': (o) => `?student_id=${o.student}`,
  'GET /api/teacher/filter': (o) => `?school_info_id=${o.school}`,
  'GET /api/student/section': (o) => `?section_id=${o.section}`,
  'GET /api/student/all': (o) => `?school_info_id=${o.school}`,
  'GET /api/routine/teacher': (o) => `?teacher_id=${o.teacher}`,
  'GET /api/routine/student': (o) => `?section_id=${o.section}`,
  'GET /api/routine/teacher/today': (o) => `?teacher_id=${o.teacher}`,
  // ---- records (people-records.test.ts checks the writes naming another school's person)
  'GET /api/student/record': (o) => `?student_id=${o.student}`,
  'GET /api/teacher/record': (o) => `?teacher_id=${o.teacher}`,
  'GET /api/student/transfer_certificate': (o) => `?student_id=${o.student}`,
  'GET /api/student/testimonial': (o) => `?student_id=${o.student}`,
  // ---- notices
  'GET /api/notice/edit': (o) => `?id=${o.notice}`,
  'POST /api/notice/delete': (o) => `?id=${o.notice}`,
  'GET /api/notice/school': (o) => `?school_info_id=${o.school}`,
  'GET /api/notice/student': (o) => `?student_id=${o.student}`,
  'POST /api/notice/read': (o) => `?id=${o.notice}`,
  'GET /api/notice/audience': (o) => `?school_info_id=${o.school}`,
  'GET /api/notice/reach': (o) => `?school_info_id=${o.school}`,
  // ---- attendance
  'GET /api/attendance/student': (o) => `?routine_id=${o.routine}`,
  'GET /api/attendance/student/individual': (o) => `?student_id=${o.student}`,
  'GET /api/attendance/student/individual/summary': (o) => `?student_id=${o.student}`,
  'GET /api/attendance/section/absent': (o) => `?section_id=${o.section}`,
  'GET /api/attendance/summary/section/today': (o) => `?section_id=${o.section}`,
  'GET /api/attendance/summary/all': (o) => `?school_info_id=${o.school}`,
  'GET /api/attendance/summary/school': (o) => `?school_info_id=${o.school}`,
  'GET /api/routine/school/today/sections': (o) => `?school_info_id=${o.school}`,
  'GET /api/report/untaken_periods': (o) => `?school_info_id=${o.school}`,
  // ---- the head teacher's reports (reports.test.ts)
  'GET /api/report/chronic_absence': (o) => `?school_info_id=${o.school}`,
  'GET /api/report/tabulation': (o) => `?school_info_id=${o.school}&section_id=${o.section}&session_id=1`,
  'GET /api/report/merit_list': (o) => `?school_info_id=${o.school}&class_id=1&session_id=1`,
  'GET /api/report/result_analysis': (o) => `?school_info_id=${o.school}&class_id=1&session_id=1`,
  'GET /api/attendanceReport/student': (o) =>
    `?school_info_id=${o.school}&section_id=${o.section}&start_date=2026-07-05&end_date=2026-07-11`,
  'GET /api/attendanceReport/student/pdf': (o) =>
    `?school_info_id=${o.school}&section_id=${o.section}&start_date=2026-07-05&end_date=2026-07-11`,
  'GET /api/attendance/absent-message': (o) => `?routine_id=${o.routine}&date=2026-01-04`,
  'GET /api/attendance/audit': (o) => `?routine_id=${o.routine}&date=2026-01-04`,
  // ---- routines
  'POST /api/routine/delete': (o) => `?id=${o.routine}`,
  'GET /api/routine/school/filter': (o) => `?school_info_id=${o.school}`,
  'GET /api/routine/admin-search': (o) => `?school_info_id=${o.school}`,
  // ---- academic calendar
  'GET /api/calender': (o) => `?school_info_id=${o.school}`,
  'GET /api/calender/student': (o) => `?school_info_id=${o.school}`,
  'GET /api/calender/teacher': (o) => `?school_info_id=${o.school}`,
  'POST /api/calender/delete': (o) => `?id=${o.calendar}`,
  // ---- homework
  'POST /api/homework/delete': (o) => `?id=${o.homework}`,
  'GET /api/homework/teacher/submitlist': (o) => `?home_work_id=${o.homework}`,
  'GET /api/homework/student': (o) => `?section_id=${o.section}`,
  'GET /api/homework/student/id': (o) => `?homework_id=${o.homework}`,
  'GET /api/homework/all/filter': (o) => `?school_info_id=${o.school}`,
  'GET /api/homework/teacher/individual': (o) => `?teacher_id=${o.teacher}`,
  // ---- exams
  'GET /api/exam_name': (o) => `?school_info_id=${o.school}`,
  'GET /api/exam_info': (o) => `?school_info_id=${o.school}`,
  'GET /api/student_mark': (o) =>
    `?school_info_id=${o.school}&session_id=1&exam_name_id=1&section_id=${o.section}&subject_id=1`,
  'GET /api/exam/publication': (o) => `?school_info_id=${o.school}&session_id=1`,
  'GET /api/mark': (o) => `?school_info_id=${o.school}&student_code=S-2-0001&session_id=1`,
  'GET /api/exam_mark': (o) => `?school_info_id=${o.school}&student_code=S-2-0001&session_id=1`,
  'GET /api/gradesheet': (o) => `?school_info_id=${o.school}&student_code=S-2-0001&session_id=1`,
  'GET /api/gradesheet/pdf': (o) => `?school_info_id=${o.school}&student_code=S-2-0001&session_id=1`,
  'GET /api/gradesheet/section/pdf': (o) => `?school_info_id=${o.school}&section_id=${o.section}&session_id=1`,
  'GET /api/gradesheet/section_pdf': (o) => `?school_info_id=${o.school}&section_id=${o.section}&session_id=1`,
  // ---- people
  'GET /api/teacher/all': (o) => `?school_info_id=${o.school}`,
  'GET /api/student/admin-search': (o) => `?school_info_id=${o.school}`,
  'POST /api/student/import': (o) => `?school_info_id=${o.school}&dry_run=true`,
  'POST /api/teacher/import': (o) => `?school_info_id=${o.school}&dry_run=true`,
  'POST /api/users/reset_password': () => '?user_code=teacher2',
  // ---- subject registration; the save names students in its body:
  // subject-registration.test.ts checks its cross-school refusal
  'GET /api/search/subjects': (o) => `?section_id=${o.section}`,
  'GET /api/subjectList': (o) => `?school_info_id=${o.school}`,
  'GET /api/subjectList/students': (o) => `?school_info_id=${o.school}`,
  'GET /api/forthSubjectList': (o) => `?school_info_id=${o.school}`,
  'DELETE /api/subRegistration/delete': (o) => `?id=${o.registration}`,
  'DELETE /api/forthSubject/delete': (o) => `?id=${o.fourth}`,
  // ---- a school's structure
  'GET /api/setup/sections': (o) => `?school_info_id=${o.school}`,
  'GET /api/setup/periods': (o) => `?school_info_id=${o.school}`,
  // ---- fees and payments
  'GET /api/sector/all': (o) => `?school_info_id=${o.school}`,
  'GET /api/fee/all': (o) => `?school_info_id=${o.school}`,
  'GET /api/invoice/due': (o) => `?student_id=${o.student}`,
  'GET /api/invoice/paid': (o) => `?student_id=${o.student}`,
  'GET /api/payment/all': (o) => `?school_info_id=${o.school}`,
  'GET /api/fee/report/dues': (o) => `?school_info_id=${o.school}&session_id=1`,
  'GET /api/fee/report/collections': (o) => `?school_info_id=${o.school}&from=2026-01-01&to=2026-01-31`,
  'GET /api/fee/report/defaulters': (o) => `?school_info_id=${o.school}&session_id=1`,
  // ---- the school's resources
  'GET /api/library/books': (o) => `?school_info_id=${o.school}`,
  'GET /api/library/loans': (o) => `?school_info_id=${o.school}`,
  'GET /api/ebooks': (o) => `?school_info_id=${o.school}`,
  'GET /api/links': (o) => `?school_info_id=${o.school}`,
  'GET /api/fee/report/collections/monthly': (o) => `?school_info_id=${o.school}&session_id=1`,
  // ---- guardians
  'GET /api/guardian/student': (o) => `?student_id=${o.student}`,
  // ---- eSchool and activities
  'GET /api/eschool/classes': (o) => `?school_info_id=${o.school}`,
  'GET /api/eschool/options': (o) => `?school_info_id=${o.school}`,
  'GET /api/activities': (o) => `?school_info_id=${o.school}`,
  // ---- deleting a record made by mistake (record-deletes.test.ts checks the others' refusals)
  'DELETE /api/student/delete': (o) => `?id=${o.student}`,
  'DELETE /api/teacher/delete': (o) => `?id=${o.teacher}`,
  // ---- the dashboards' summaries (dashboards.test.ts)
  'GET /api/dashboard/admin': (o) => `?school_info_id=${o.school}`,
  'GET /api/dashboard/student': (o) => `?student_id=${o.student}`,
  'GET /api/student/id_cards': (o) => `?section_id=${o.section}`,
  // ---- the SMS centre
  'GET /api/smsCheck': (o) => `?school_id=${o.school}`,
  'GET /api/schoolWiseInvoice': (o) => `?school_id=${o.school}`,
  'GET /api/sms/count_report': (o) => `?school_info_id=${o.school}`,
  // ---- the teachers' own day (staff.test.ts checks the writes naming another school's rows)
  'GET /api/staff/settings': (o) => `?school_info_id=${o.school}`,
  'GET /api/staff/attendance': (o) => `?school_info_id=${o.school}`,
  'GET /api/staff/register': (o) => `?school_info_id=${o.school}&month=2026-07`,
  'GET /api/staff/register/pdf': (o) => `?school_info_id=${o.school}&month=2026-07`,
  'GET /api/leave': (o) => `?school_info_id=${o.school}`,
  'GET /api/leave/balance': (o) => `?teacher_id=${o.teacher}`,
  'GET /api/substitution/needed': (o) => `?school_info_id=${o.school}`,
  'GET /api/staff/notice': (o) => `?school_info_id=${o.school}`,
  // admit-cards.test.ts checks another school's exam; here its section
  'GET /api/exam/admit_cards': (o) => `?exam_id=1&section_id=${o.section}`,
};

/** Routes that read shared reference data or only ever answer about the caller. */
const GLOBAL = new Set([
  // ---- the dashboards: the caller's own teacher record; a viewer's own linked schools
  // (the seat plan names only an exam: admit-cards.test.ts checks another school's is refused)
  'GET /api/exam/seat_plan',
  'GET /api/dashboard/teacher',
  'GET /api/dashboard/viewer',
  // ---- the SMS centre: the super admin's own (limits of every school, the gateway's balance),
  // the caller's own school's (compose, lists, top-ups), the guardian's own opt-outs, and the
  // gateway's signed reports: sms.test.ts checks their refusals.
  'POST /api/create_smsLimit',
  'GET /api/sms_count/all',
  'POST /api/ssl-request',
  'GET /api/sms/templates',
  'POST /api/sms/preview',
  'POST /api/sms/send',
  'GET /api/sms/messages',
  'GET /api/sms/campaigns',
  'GET /api/sms/balance',
  'POST /api/sms/delivery/twilio',
  'GET /api/guardian/sms-opt-outs',
  'PUT /api/guardian/sms-opt-outs',
  'GET /api/sms/settings',
  'PUT /api/sms/settings',
  // ---- the school's resources: writes naming ids in a body, a multipart form or the
  // path, and downloads by path id: resources.test.ts checks their cross-school refusals.
  'POST /api/library/books',
  'PUT /api/library/books/:id',
  'DELETE /api/library/books/:id',
  'POST /api/library/loans',
  'POST /api/library/loans/:id/return',
  'POST /api/ebooks',
  'PUT /api/ebooks/:id',
  'DELETE /api/ebooks/:id',
  'GET /api/ebooks/:id/file',
  'POST /api/links',
  'PUT /api/links/:id',
  'DELETE /api/links/:id',
  'POST /api/users/login',
  // public: whether the database answers, nothing of any school (db-outage.test.ts)
  'GET /api/health',
  'POST /api/users/logout',
  'PUT /api/users/language',
  'GET /api/class',
  'GET /api/session',
  'GET /api/day',
  'GET /api/shift',
  'GET /api/shift/all',
  'GET /api/subjects',
  'GET /api/subject',
  'GET /api/subject/all',
  'GET /api/gender',
  'GET /api/division',
  'GET /api/groups/all',
  // Names no school: the caller's own schools' exam types and fee heads (bangla-names.test.ts).
  'GET /api/names/bn',
  'GET /api/school_info/all',
  'GET /api/school_info',
  // ---- notices
  'GET /api/notice/creator', // only the caller's own notices
  'POST /api/notice', // the school is in the body: cross-school writes are covered in notices.test.ts
  // ---- attendance
  // These name another school's ids only in a body (or not at all, the outbox is the caller's own
  // school's): attendance.test.ts and messaging.test.ts check their cross-school refusals.
  'POST /api/attendance/student',
  'POST /api/attendance/absent-message',
  'GET /api/attendance/outbox',
  // ---- routines: the school is in the body; routines.test.ts checks cross-school writes
  'POST /api/routine/all',
  // ---- academic calendar: the school or the entry's fields are in a body, which this
  // file does not send; calendar.test.ts checks their cross-school refusals.
  'POST /api/calender',
  'POST /api/calender/update',
  // ---- homework: the teacher's own routines; writes naming ids in a body or a
  // multipart form, and downloads by path id: homework.test.ts checks their cross-school refusals.
  'GET /api/homework/teacher/options',
  'POST /api/homework/teacher',
  'POST /api/homework/submit',
  'GET /api/homework/file/:id',
  'GET /api/homework/submission/file/:id',
  // ---- subject activities: the demo has none, so ids of another school's are made in
  // subject-activities.test.ts, which checks each route's cross-school refusal there.
  'POST /api/activities/teacher',
  'GET /api/activities/teacher/individual',
  'GET /api/activities/teacher/submitlist',
  'POST /api/teacher_extra_curriculum_marks',
  'GET /api/activities/student',
  'GET /api/activities/student/id',
  'POST /api/activities/submit',
  'GET /api/activities/file/:id',
  'GET /api/activities/submission/file/:id',
  // ---- exams: ids of another school only in a body or the path; exams.test.ts checks
  // each one's cross-school refusal.
  'POST /api/exam_name',
  'PUT /api/exam_name/:id',
  // the school admin's own school only (schoolOf); reports.test.ts sets them
  'PUT /api/report/chronic_absence/settings',
  'POST /api/exam_info',
  'POST /api/exam_mark',
  'DELETE /api/exam_marks/:id',
  'GET /api/exam_mark/audit',
  'POST /api/exam/publish',
  'POST /api/exam/unlock',
  // ---- people: the school is in the body (add_*), or the record is the caller's own
  // (profile_update, update_user: another's code is 403); people-admin.test.ts checks these refusals.
  'POST /api/update_user',
  'POST /api/add_student',
  'POST /api/add_teacher',
  'POST /api/student/profile_update',
  // promotion: the sections are in the body; promotion.test.ts checks another school's are refused
  'POST /api/student/promote',
  // two-factor sign-in: one's own account; the super admin's reset names any account
  'GET /api/users/2fa',
  'POST /api/users/2fa/setup',
  'POST /api/users/2fa/enable',
  'POST /api/users/2fa/disable',
  'POST /api/users/2fa/reset',
  'GET /api/users/2fa/admins', // the super admin's, across schools
  // a school's requirement names the school in its path: two-factor.test.ts checks another's is refused
  'GET /api/school_info/:id/two_factor',
  'PUT /api/school_info/:id/two_factor',
  'GET /api/system/two_factor', // the installation's, the super admin's
  'PUT /api/system/two_factor',
  // ---- subject registration: the school and students are in the body;
  // subject-registration.test.ts checks the cross-school refusal
  'POST /api/save/subjectRegistration',
  // ---- school setup: shared reference data and the super admin's own tables; the
  // contact and weekly off days edits name the school in their paths, and school-setup.test.ts and
  // weekly-off-days.test.ts check a school admin is refused another school's.
  'GET /api/district',
  'GET /api/upazila',
  'POST /api/add_school',
  'PUT /api/school_info/:id',
  'PUT /api/school_info/:id/contact',
  'PUT /api/school_info/:id/weekly_off_days',
  'GET /api/organization',
  'POST /api/organization',
  'PUT /api/organization/:id',
  'DELETE /api/organization/:id',
  // ---- a school's structure: classes and subjects are shared reference data (only the
  // super admin writes them); sections, periods and the session's routine copy name their school in
  // a body or their row in the path: setup-structure.test.ts checks each cross-school refusal.
  'GET /api/setup/school_types',
  'POST /api/create_class',
  'GET /api/setup/classes',
  'PUT /api/setup/classes/:id',
  'DELETE /api/setup/classes/:id',
  'POST /api/create_subject',
  'GET /api/setup/subjects',
  'PUT /api/setup/subjects/:id',
  'DELETE /api/setup/subjects/:id',
  'POST /api/create_section',
  'PUT /api/setup/sections/:id',
  'DELETE /api/setup/sections/:id',
  'POST /api/create_period',
  'PUT /api/setup/periods/:id',
  'DELETE /api/setup/periods/:id',
  'POST /api/setup/sessions',
  // ---- fees and payments: the school, sector, invoices or payment are in the body;
  // fees.test.ts checks each write's refusal of another school's ids
  'POST /api/add_sector',
  'POST /api/fee',
  'POST /api/invoice/waiver',
  'POST /api/payment',
  'POST /api/payment/reverse',
  // ---- online payments: the invoices, the payment's reference or the ledger entry are
  // in the body or path; online-payments.test.ts checks another student's and school's refusal
  'POST /api/payment/online/start',
  'GET /api/payment/online/:token',
  // whether this server offers online payment: configuration, no school's data
  'GET /api/payment/online/options',
  'GET /api/payment/:id/receipt',
  // public: the provider's signed callback and the sandbox provider's own checkout page
  'POST /api/payment/online/callback',
  'GET /api/payment/sandbox/checkout',
  'POST /api/payment/sandbox/checkout',
  // late fees: the admin's own school only (an admin has no school_info_id choice); fees.test.ts
  // checks another school's run creates nothing here
  'POST /api/fee/late-fees',
  // ---- guardians: the students are in the body, the children are the caller's own;
  // guardians.test.ts checks another school's admin is refused each link and unlink
  'POST /api/guardian',
  'POST /api/guardian/link',
  'POST /api/guardian/unlink',
  'GET /api/guardian/children',
  'GET /api/guardian/preferences',
  'PUT /api/guardian/preferences',
  // ---- eSchool and activities: the school comes from the row or the body;
  // eschool.test.ts checks another school's refusal of each; /mine answers about the caller
  'POST /api/eschool/classes',
  'PUT /api/eschool/classes/:id',
  'POST /api/eschool/classes/:id/cancel',
  'POST /api/activities',
  'PUT /api/activities/:id',
  'POST /api/activities/:id/delete',
  'GET /api/activities/:id/participants',
  'POST /api/activities/:id/participants',
  'GET /api/activities/mine',
  // ---- profiles: one's own (profile, photo); a photo by path user id and a homework mark naming a
  // submission in its body: profiles.test.ts and homework-marks.test.ts check another school's refusal
  'GET /api/profile/me',
  'POST /api/teacher/profile_update',
  'POST /api/school/profile_update',
  'POST /api/super-admin/profile_update',
  'POST /api/administrator/profile_update',
  'POST /api/profile/photo',
  'POST /api/profile/photo/remove',
  'GET /api/profile/photo/:user_id',
  'POST /api/homework_mark/update',
  // ---- records: the person is named with a body (a query id needs its body too, which this file does
  // not send); people-records.test.ts checks another school's admin is refused each of them
  'POST /api/student/update',
  'POST /api/teacher/update',
  'POST /api/student/deactivate',
  'POST /api/teacher/deactivate',
  'POST /api/student/reactivate',
  'POST /api/teacher/reactivate',
  // ---- deleting a record made by mistake: the record's id names its school, which the route
  // checks (another school's is 403, the super admin's schools aside); record-deletes.test.ts
  // checks each refusal. The subjects of a school type are shared reference data.
  'DELETE /api/exam/delete',
  'DELETE /api/exam_type/delete',
  'DELETE /api/payment/delete',
  'DELETE /api/invoice/delete',
  'DELETE /api/school/delete',
  'POST /api/routine/deleteAll',
  'GET /api/subject_type',
  // ---- the teachers' own day: the caller's own day (me, check-in and out, leave asked), or a
  // school, leave request or routine named in a body: staff.test.ts checks each cross-school refusal
  'PUT /api/staff/settings',
  'GET /api/staff/me',
  'POST /api/staff/check_in',
  'POST /api/staff/check_out',
  'POST /api/staff/attendance',
  'POST /api/leave',
  'POST /api/leave/approve',
  'POST /api/substitution',
  'POST /api/substitution/delete',
  'POST /api/staff/notice',
]);

let t: TestApp;
let other: OtherSchool;
let unlinkedSchool: number;

beforeAll(async () => {
  // The payment sandbox's routes exist only when it is enabled (PAYMENT_PROVIDER=sandbox): enabled
  // here, so that this file sees every route the server can have.
  t = await createTestApp({ PAYMENT_PROVIDER: 'sandbox' });
  const db = t.db;
  const [s2] = await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, 'admin2'));
  const school = s2.id!;
  const [sec] = await db.select({ id: sections.id }).from(sections).where(eq(sections.schoolId, school)).limit(1);
  const [tch] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.schoolId, school)).limit(1);
  const [stu] = await db.select({ id: students.id }).from(students).where(eq(students.schoolId, school)).limit(1);
  const [rt] = await db.select({ id: routines.id }).from(routines).where(eq(routines.schoolId, school)).limit(1);
  const [ntc] = await db.select({ id: notices.id }).from(notices).where(eq(notices.schoolId, school)).limit(1);
  const [cal] = await db
    .select({ id: calendarEntries.id })
    .from(calendarEntries)
    .where(eq(calendarEntries.schoolId, school))
    .limit(1);
  const [hw] = await db.select({ id: homework.id }).from(homework).where(eq(homework.schoolId, school)).limit(1);
  const registrationOf = async (fourth: boolean) =>
    (
      await db
        .select({ id: subjectRegistrations.id })
        .from(subjectRegistrations)
        .where(and(eq(subjectRegistrations.schoolId, school), eq(subjectRegistrations.fourth, fourth)))
        .limit(1)
    )[0].id;
  other = {
    school,
    section: sec.id,
    teacher: tch.id,
    student: stu.id,
    routine: rt.id,
    notice: ntc.id,
    calendar: cal.id,
    homework: hw.id,
    registration: await registrationOf(false),
    fourth: await registrationOf(true),
  };
  const [type] = await db.select({ id: schoolTypes.id }).from(schoolTypes).limit(1);
  const [third] = await db
    .insert(schools)
    .values({ eiin: '999001', schoolName: 'Unlinked Test School', shortName: 'UTS', schoolTypeId: type.id })
    .returning({ id: schools.id });
  unlinkedSchool = third.id;
});
afterAll(() => t.close());

const routes = () => t.app.apiRoutes.filter((r) => !r.public);
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

it('every route declares a permission, and every action it names exists', () => {
  for (const r of t.app.apiRoutes) {
    if (r.public) continue;
    expect(r.action, key(r)).toBeTruthy();
    expect(Object.keys(PERMISSIONS), key(r)).toContain(r.action);
  }
  expect(t.app.apiRoutes.filter((r) => r.public).map(key)).toEqual([
    'POST /api/users/login',
    // The payment provider's callback (its HMAC signature is its credential) and the sandbox
    // provider's checkout page (its signed URL is): tests/server/online-payments.test.ts.
    'POST /api/payment/online/callback',
    'GET /api/payment/sandbox/checkout',
    'POST /api/payment/sandbox/checkout',
    // For proxies and probes: whether the database answers, no data (tests/server/db-outage.test.ts).
    'GET /api/health',
    // Twilio's delivery reports (X-Twilio-Signature is their credential): tests/server/sms.test.ts.
    'POST /api/sms/delivery/twilio',
  ]);
});

it('every route is listed as tenant-scoped or global in this test', () => {
  const unlisted = t.app.apiRoutes.map(key).filter((k) => !GLOBAL.has(k) && !CROSS_TENANT[k]);
  expect(unlisted).toEqual([]);
});

it('no token: 401 on every protected route', async () => {
  for (const r of routes()) {
    const res = await t.app.inject({ method: r.method as 'GET', url: r.url });
    expect(res.statusCode, key(r)).toBe(401);
  }
});

it('user types the permission table leaves out get 403; the others pass the guard', async () => {
  for (const r of routes()) {
    const allowed = PERMISSIONS[r.action as Action] as readonly UserType[];
    for (const type of ALL_USER_TYPES) {
      if (r.url === '/api/users/logout' && allowed.includes(type)) continue; // would revoke the shared token
      const res = await t.call(ACCOUNT[type], { method: r.method as 'GET', url: r.url });
      const label = `${key(r)} as type ${type}`;
      if (allowed.includes(type)) {
        expect(res.statusCode, label).not.toBe(401);
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode === 403) expect(res.json().error.code, label).not.toBe('forbidden_role');
      } else {
        expect(res.statusCode, label).toBe(403);
        expect(res.json().error.code, label).toBe('forbidden_role');
      }
    }
  }
});

describe('read-only user types never write', () => {
  const isWrite = (r: { method: string }) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
  const exempt = (r: { action: string | null; readOnlySafe: boolean }) => r.action === 'users.logout' || r.readOnlySafe;

  it('no write route’s action lists a read-only user type, except sign-out', () => {
    expect(WRITE_FORBIDDEN_TYPES).toContain(VIEWER);
    const writes = routes().filter(isWrite);
    expect(writes.length).toBeGreaterThan(1);
    for (const r of writes) {
      if (exempt(r)) continue;
      const allowed = PERMISSIONS[r.action as Action] as readonly UserType[];
      for (const type of WRITE_FORBIDDEN_TYPES) expect(allowed, `${key(r)} lists type ${type}`).not.toContain(type);
    }
  });

  it('a viewer’s call to every write route is 403', async () => {
    for (const r of routes().filter(isWrite)) {
      if (exempt(r)) continue;
      const res = await t.call(ACCOUNT[VIEWER], { method: r.method as 'POST', url: r.url, payload: {} });
      expect(res.statusCode, key(r)).toBe(403);
    }
  });

  it('the guard refuses a viewer’s write even where the permission table would allow it', async () => {
    const handle = await freshDb();
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '' }), handle);
    // 'users.me' lists every user type, the viewer included.
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/test/write',
      config: { action: 'users.me' },
      handler: async () => ({ ok: true }),
    });
    app.post('/api/test/receipt', { config: { action: 'users.me', readOnlySafe: true } }, async () => ({ ok: true }));
    await app.ready();
    try {
      const as = async (userCode: string) => {
        const login = await app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { user_code: userCode, password: DEMO_PASSWORD },
        });
        return { authorization: `Bearer ${login.json().accessToken}` };
      };
      const viewer = await as(ACCOUNT[VIEWER]);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const refused = await app.inject({ method, url: '/api/test/write', headers: viewer });
        expect(refused.statusCode, method).toBe(403);
        expect(refused.json().error.code, method).toBe('read_only_account');
      }
      expect((await app.inject({ method: 'POST', url: '/api/test/receipt', headers: viewer })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/users/user_id', headers: viewer })).statusCode).toBe(200);
      const teacher = await as('teacher1');
      expect((await app.inject({ method: 'POST', url: '/api/test/write', headers: teacher })).statusCode).toBe(200);
      // Signing out is the one write every account may make.
      const out = await app.inject({ method: 'POST', url: '/api/users/logout', headers: viewer });
      expect(out.statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

it('school 1 users are refused ids of school 2 on every tenant-scoped route', async () => {
  for (const r of routes()) {
    const build = CROSS_TENANT[key(r)];
    if (!build) continue;
    const allowed = PERMISSIONS[r.action as Action] as readonly UserType[];
    for (const type of allowed.filter((x) => x === 1 || x === 2 || x === 4)) {
      const res = await t.call(ACCOUNT[type], { method: r.method as 'GET', url: r.url + build(other) });
      expect(res.statusCode, `${key(r)} as ${ACCOUNT[type]}`).toBe(403);
    }
  }
});

it('a guardian is refused the ids of school 2, where none of their children is, on every route open to them', async () => {
  let checked = 0;
  for (const r of routes()) {
    const build = CROSS_TENANT[key(r)];
    if (!build) continue;
    const allowed = PERMISSIONS[r.action as Action] as readonly UserType[];
    if (!allowed.includes(USER_TYPES.guardian)) continue;
    const res = await t.call(ACCOUNT[USER_TYPES.guardian], { method: r.method as 'GET', url: r.url + build(other) });
    // 403 (not their child, not their children's school) or 400 (a guardian must name the child)
    expect([400, 403], `${key(r)}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    checked++;
  }
  expect(checked).toBeGreaterThan(10);
});

it('a viewer is refused schools not linked to them, and reads linked ones', async () => {
  const [link] = await t.db
    .select()
    .from(viewerSchools)
    .innerJoin(users, eq(users.id, viewerSchools.userId))
    .where(eq(users.userCode, 'viewer1'));
  expect(link).toBeDefined();
  for (const url of ['/api/section/all', '/api/teacher/filter', '/api/student/all', '/api/period']) {
    expect((await t.get('viewer1', `${url}?school_info_id=${unlinkedSchool}`)).statusCode, url).toBe(403);
    const ok = await t.get('viewer1', `${url}?school_info_id=${other.school}`);
    expect(ok.statusCode, url).toBe(200);
    expect(ok.json().length, url).toBeGreaterThan(0);
  }
});

it('a viewer must name a school for school data', async () => {
  const res = await t.get('viewer1', '/api/section/all');
  expect(res.statusCode).toBe(400);
  expect(res.json().error.fields).toHaveProperty('school_info_id');
});

it('school lists show only what the caller may see', async () => {
  const mine = (await t.get('admin1', '/api/school_info/all')).json();
  expect(mine).toHaveLength(1);
  const viewer = (await t.get('viewer1', '/api/school_info/all')).json();
  expect(viewer.map((s: { id: number }) => s.id)).not.toContain(unlinkedSchool);
  expect(viewer).toHaveLength(2);
  const all = (await t.get('superadmin', '/api/school_info/all')).json();
  expect(all.length).toBeGreaterThanOrEqual(3);
  const links = await t.get('viewer1', '/api/school_info?admin_id=999999');
  expect(links.statusCode).toBe(403);
});

it('a teacher reads only their own routine, a student only their own profile', async () => {
  const [t1] = await t.db
    .select({ id: teachers.id, schoolId: teachers.schoolId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  const [colleague] = await t.db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.schoolId, t1.schoolId), ne(teachers.id, t1.id)))
    .limit(1);
  expect((await t.get('teacher1', `/api/routine/teacher?teacher_id=${t1.id}`)).statusCode).toBe(200);
  expect((await t.get('teacher1', `/api/routine/teacher?teacher_id=${colleague.id}`)).statusCode).toBe(403);
  expect((await t.get('admin1', `/api/routine/teacher?teacher_id=${colleague.id}`)).statusCode).toBe(200);
  const me = (await t.get('student1', '/api/users/user_id')).json();
  const [classmate] = await t.db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, t1.schoolId), ne(students.id, me.id)))
    .limit(1);
  expect((await t.get('student1', `/api/student/profile?student_id=${me.id}`)).statusCode).toBe(200);
  expect((await t.get('student1', `/api/student/profile?student_id=${classmate.id}`)).statusCode).toBe(403);
});
