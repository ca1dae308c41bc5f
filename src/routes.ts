/**
 * The one route table. Every path of the spec's complete route table (part 1, section 2) is here,
 * spelled exactly as listed, misspellings included (people have them bookmarked), plus /teacherdata
 * which the spec names only as a link target. The router's guard, the dashboard tiles and the
 * command palette all read this table; a path missing from it does not exist.
 *
 * Who may open what is not written here: each route `requires` actions of src/api/permissions.ts,
 * whose table follows the spec's role sections (part 1 section 6, part 2 section 6); /gradesheet is
 * for students and viewers (and teachers and school admins, who also read a student's grade sheet).
 *
 * Decision on the setup screens: part 1 puts class, section, period and subject creation on the
 * super admin dashboard, part 2 lists "class/subject/period setup" under the school admin. Both
 * readings are served: the setup screens are open to super admins and school admins; the
 * server decides what each may change (shared reference data vs. its own school's structure).
 * /add-school and /add-organization stay super-admin only. The duplicate spellings
 * (/class-create, /section_create, /subject-create, /create-period) are kept as aliases of the
 * super-admin tile targets so old bookmarks open the same screen; the palette lists each once.
 * The spec's super admin tile "Create New Section" points at /period-create, which is plainly a
 * slip; it goes to /section-create here.
 *
 * Decision on the resources: /student-resource, /studentlibrary, /studentebook and
 * /studentimportantlink are one set of pages for everyone who reads a school's resources —
 * students, teachers, the school admin, and viewers (the chosen school's). The school admin
 * manages them on the same pages (add, edit, delete books, e-books and links; issue and return
 * loans on /studentlibrary), shown only where `can()` allows the write, rather than on a new route:
 * one place to look for a book, and no path outside the spec's table. Teachers read only (the
 * school admin curates, so a student sees one list the school stands behind); students also see
 * their own loans. The teacher's and viewer's Resources tiles lead to /student-resource, and the
 * school admin's dashboard gets a Resources tile too, since the admin's management lives there.
 */
import type { ComponentType } from 'react';
import { ALL_USER_TYPES, can, type AnyAction, type UserType } from '@/api/permissions';
import { lazyWithRetry } from '@/ui/lazy-retry';
import { shellEn } from '@/i18n/areas/shell.en';

/** A page's name in the catalogue (`shell.pages.<key>`); its palette words are `shell.keywords.<key>`. */
export type PageKey = keyof typeof shellEn.pages;
export type TileKey = keyof typeof shellEn.tiles;
export type HintKey = keyof typeof shellEn.hints;

export interface AppRoute {
  path: string;
  /** The page's name in the catalogue: page title and palette entry in the user's language. */
  labelKey: PageKey;
  /** The English name (the spec's), for logs and tests; screens show `t(pageLabel(route))`. */
  label: string;
  /** Extra words the palette matches on. */
  keywords: readonly string[];
  /**
   * What opening the page needs, from src/api/permissions.ts (every one of them); 'public' for
   * the sign-in pages. The guard, the dashboard tiles and the palette all ask `canOpen`.
   */
  requires: readonly AnyAction[] | 'public';
  screen: ComponentType<ScreenProps>;
  /** False: the route exists but its feature is not built yet; it shows a plain notice. */
  built: boolean;
  /** For users who browse a chosen school (viewers): the page needs one chosen first. */
  needsSchool?: boolean;
  /** Another spelling of this path that the spec also lists; hidden from the palette. */
  aliasOf?: string;
}

export interface ScreenProps {
  route: AppRoute;
}

const screens = {
  // Its texts are all in the bundled core (src/i18n/en-core.ts): the form does not wait for the rest.
  signIn: lazyWithRetry(() => import('@/screens/auth/sign-in'), { texts: 'core' }),
  studentDashboard: lazyWithRetry(() => import('@/screens/dashboards/student-dashboard')),
  guardianDashboard: lazyWithRetry(() => import('@/screens/dashboards/guardian-dashboard')),
  teacherDashboard: lazyWithRetry(() => import('@/screens/dashboards/teacher-dashboard')),
  schoolAdminDashboard: lazyWithRetry(() => import('@/screens/dashboards/school-admin-dashboard')),
  teacherFeature: lazyWithRetry(() => import('@/screens/dashboards/teacher-feature')),
  superAdminDashboard: lazyWithRetry(() => import('@/screens/dashboards/super-admin-dashboard')),
  viewerSchools: lazyWithRetry(() => import('@/screens/dashboards/viewer-schools')),
  viewerDashboard: lazyWithRetry(() => import('@/screens/dashboards/viewer-dashboard')),
  teacherProfile: lazyWithRetry(() => import('@/screens/profile/teacher-profile')),
  studentProfile: lazyWithRetry(() => import('@/screens/profile/student-profile')),
  schoolProfile: lazyWithRetry(() => import('@/screens/profile/school-profile')),
  teacherAttendance: lazyWithRetry(() => import('@/screens/attendance/teacher-attendance')),
  attendanceDashboard: lazyWithRetry(() => import('@/screens/attendance/attendance-dashboard')),
  sectionAttendance: lazyWithRetry(() => import('@/screens/attendance/section-today')),
  absentStudents: lazyWithRetry(() => import('@/screens/attendance/absent-students')),
  studentAttendance: lazyWithRetry(() => import('@/screens/attendance/student-attendance')),
  attendanceRegister: lazyWithRetry(() => import('@/screens/attendance/attendance-register')),
  myStaffDay: lazyWithRetry(() => import('@/screens/staff/my-day')),
  staffAttendance: lazyWithRetry(() => import('@/screens/staff/staff-attendance')),
  staffLeave: lazyWithRetry(() => import('@/screens/staff/staff-leave')),
  substitutes: lazyWithRetry(() => import('@/screens/staff/substitutes')),
  teacherNotice: lazyWithRetry(() => import('@/screens/notices/teacher-notice')),
  adminNotice: lazyWithRetry(() => import('@/screens/notices/admin-notice')),
  studentNoticeOptions: lazyWithRetry(() => import('@/screens/notices/student-notice-options')),
  studentNoticeList: lazyWithRetry(() => import('@/screens/notices/student-notice-list')),
  viewerNoticeMenu: lazyWithRetry(() => import('@/screens/notices/viewer-notice-menu')),
  viewerNoticeList: lazyWithRetry(() => import('@/screens/notices/viewer-notice-list')),
  // routines
  adminRoutine: lazyWithRetry(() => import('@/screens/routines/admin-routine')),
  viewerRoutineMenu: lazyWithRetry(() => import('@/screens/routines/viewer-routine-menu')),
  viewerRoutineSearch: lazyWithRetry(() => import('@/screens/routines/viewer-routine-search')),
  teacherData: lazyWithRetry(() => import('@/screens/routines/teacher-data')),
  teacherRoutine: lazyWithRetry(() => import('@/screens/routines/teacher-routine')),
  studentRoutine: lazyWithRetry(() => import('@/screens/routines/student-routine')),
  adminCalendar: lazyWithRetry(() => import('@/screens/calendar/admin-calendar')),
  studentCalendar: lazyWithRetry(() => import('@/screens/calendar/student-calendar')),
  teacherCalendar: lazyWithRetry(() => import('@/screens/calendar/teacher-calendar')),
  viewerCalendar: lazyWithRetry(() => import('@/screens/calendar/viewer-calendar')),
  teacherHomework: lazyWithRetry(() => import('@/screens/homework/teacher-homework')),
  homeworkSubmitList: lazyWithRetry(() => import('@/screens/homework/submission-list')),
  studentHomework: lazyWithRetry(() => import('@/screens/homework/student-homework')),
  studentHomeworkSubmit: lazyWithRetry(() => import('@/screens/homework/student-homework-submit')),
  showHomework: lazyWithRetry(() => import('@/screens/homework/show-homework')),
  submitDetails: lazyWithRetry(() => import('@/screens/homework/submit-details')),
  // subject activities (docs/DOMAIN.md, "Exams and grades")
  teacherSubjectActivities: lazyWithRetry(() => import('@/screens/subject-activities/teacher-activities')),
  subjectActivityAnswers: lazyWithRetry(() => import('@/screens/subject-activities/activity-answers')),
  studentSubjectActivities: lazyWithRetry(() => import('@/screens/subject-activities/student-activities')),
  studentSubjectActivity: lazyWithRetry(() => import('@/screens/subject-activities/student-activity')),
  // people
  addStudent: lazyWithRetry(() => import('@/screens/people/add-student')),
  addTeacher: lazyWithRetry(() => import('@/screens/people/add-teacher')),
  subjectRegistration: lazyWithRetry(() => import('@/screens/registration/subject-registration')),
  changePassword: lazyWithRetry(() => import('@/screens/profile/change-password')),
  studentProfileEdit: lazyWithRetry(() => import('@/screens/profile/student-profile-edit')),
  myProfileEdit: lazyWithRetry(() => import('@/screens/profile/my-profile')),
  // grade sheet
  studentEvaluation: lazyWithRetry(() => import('@/screens/exams/student-evaluation')),
  marksheet: lazyWithRetry(() => import('@/screens/exams/marksheet')),
  gradesheet: lazyWithRetry(() => import('@/screens/exams/gradesheet')),
  // school setup
  addSchool: lazyWithRetry(() => import('@/screens/setup/add-school')),
  organization: lazyWithRetry(() => import('@/screens/setup/organization')),
  // a school's structure
  classSetup: lazyWithRetry(() => import('@/screens/setup/class-setup')),
  sectionSetup: lazyWithRetry(() => import('@/screens/setup/section-setup')),
  subjectSetup: lazyWithRetry(() => import('@/screens/setup/subject-setup')),
  periodSetup: lazyWithRetry(() => import('@/screens/setup/period-setup')),
  // exam setup
  createExam: lazyWithRetry(() => import('@/screens/exams/create-exam')),
  newExam: lazyWithRetry(() => import('@/screens/exams/new-exam')),
  // fees and payments
  payment: lazyWithRetry(() => import('@/screens/fees/payment')),
  studentPayment: lazyWithRetry(() => import('@/screens/fees/student-payment')),
  studentDueInvoices: lazyWithRetry(() => import('@/screens/fees/student-due-invoices')),
  studentPaidInvoices: lazyWithRetry(() => import('@/screens/fees/student-paid-invoices')),
  studentPayOption: lazyWithRetry(() => import('@/screens/fees/student-pay-option')),
  // the school's resources
  resourcesHub: lazyWithRetry(() => import('@/screens/resources/resources-hub')),
  library: lazyWithRetry(() => import('@/screens/resources/library')),
  ebooks: lazyWithRetry(() => import('@/screens/resources/ebooks')),
  importantLinks: lazyWithRetry(() => import('@/screens/resources/important-links')),
  // mark entry
  markEntryMenu: lazyWithRetry(() => import('@/screens/exams/mark-entry-menu')),
  markEntry: lazyWithRetry(() => import('@/screens/exams/mark-entry')),
  teacherMarkSheet: lazyWithRetry(() => import('@/screens/exams/teacher-mark-sheet')),
  // two-factor sign-in
  twoFactor: lazyWithRetry(() => import('@/screens/profile/two-factor-page')),
  twoFactorAdmins: lazyWithRetry(() => import('@/screens/setup/two-factor-admins')),
  // eSchool and activities
  studentEschool: lazyWithRetry(() => import('@/screens/eschool/student-eschool')),
  teacherEschool: lazyWithRetry(() => import('@/screens/eschool/teacher-eschool')),
  activities: lazyWithRetry(() => import('@/screens/eschool/activities')),
  teacherStudents: lazyWithRetry(() => import('@/screens/eschool/teacher-students')),
  // the head teacher's reports (docs/DOMAIN.md, "Early warnings", "Result analysis")
  chronicAbsence: lazyWithRetry(() => import('@/screens/results-analysis/chronic-absence')),
  tabulationSheet: lazyWithRetry(() => import('@/screens/results-analysis/tabulation')),
  resultAnalysis: lazyWithRetry(() => import('@/screens/results-analysis/result-analysis')),
  // the SMS centre (docs/DOMAIN.md, "SMS centre")
  smsSend: lazyWithRetry(() => import('@/screens/sms/sms-send')),
  smsReport: lazyWithRetry(() => import('@/screens/sms/sms-report')),
  smsUsage: lazyWithRetry(() => import('@/screens/sms/sms-usage')),
  smsLimits: lazyWithRetry(() => import('@/screens/sms/sms-limits')),
  notAvailable: lazyWithRetry(() => import('@/screens/not-available/not-available')),
} satisfies Record<string, ComponentType<ScreenProps>>;

type Extra = Partial<Pick<AppRoute, 'needsSchool' | 'aliasOf'>> & { screen?: keyof typeof screens };

function route(
  path: string,
  labelKey: PageKey,
  requires: AnyAction | readonly AnyAction[] | 'public',
  keywords: readonly string[] = [],
  extra: Extra = {},
): AppRoute {
  const { screen, ...rest } = extra;
  return {
    path,
    labelKey,
    label: shellEn.pages[labelKey],
    keywords,
    requires: requires === 'public' ? 'public' : typeof requires === 'string' ? [requires] : requires,
    screen: screens[screen ?? 'notAvailable'],
    built: screen !== undefined,
    ...rest,
  };
}

const viewer = { needsSchool: true } as const;

/**
 * The structure setup screens (their calls: src/route-calls.ts). The writes
 * of shared classes and subjects (`structure.class-write`, `structure.subject-write`) are the
 * super admin's only: those screens offer the form when `can()` says so and otherwise show the list.
 */
const SETUP_CLASS = {
  screen: 'classSetup',
} as const;
const SETUP_SECTION = {
  screen: 'sectionSetup',
} as const;
const SETUP_SUBJECT = {
  screen: 'subjectSetup',
} as const;
const SETUP_PERIOD = {
  screen: 'periodSetup',
} as const;

/** Where an account held to set up two-factor sign-in goes first. */
export const TWO_FACTOR_ROUTE = '/two-factor';

/** In the order of the spec's route table, then /teacherdata, then the pages of later issues. */
export const ROUTES: readonly AppRoute[] = [
  route('/super-admin', 'superAdminDashboard', 'page.super-admin-dashboard', ['home', 'dashboard'], {
    screen: 'superAdminDashboard',
  }),
  route('/school-admin', 'schoolAdminDashboard', 'page.school-admin-dashboard', ['home', 'dashboard'], {
    screen: 'schoolAdminDashboard',
  }),
  route('/teacher-admin', 'teacherDashboard', 'page.teacher-dashboard', ['home', 'dashboard'], {
    screen: 'teacherDashboard',
  }),
  route('/student-admin', 'studentDashboard', 'page.student-dashboard', ['home', 'dashboard'], {
    screen: 'studentDashboard',
  }),
  route('/viewer-school', 'chooseSchool', 'page.viewer-schools', ['switch school', 'schools', 'home'], {
    screen: 'viewerSchools',
  }),
  route('/viewer-admin', 'administratorDashboard', 'page.viewer-dashboard', ['home', 'dashboard'], {
    screen: 'viewerDashboard',
    ...viewer,
  }),
  route('/viewer-calender', 'academicCalendar', 'page.viewer-calendar', ['calendar', 'holidays', 'schedule'], {
    screen: 'viewerCalendar',
    ...viewer,
  }),
  route('/viewer-notice', 'notices', 'page.viewer-notices', ['notice', 'notes', 'announcements'], {
    screen: 'viewerNoticeMenu',
    ...viewer,
  }),
  route('/show-notice', 'noticeList', 'page.viewer-notices', ['notice', 'school notes', 'teacher notes'], {
    screen: 'viewerNoticeList',
    ...viewer,
  }),
  route('/viewerRoutine', 'routines', 'page.viewer-routines', ['routine', 'timetable', 'class routine'], {
    screen: 'viewerRoutineMenu',
    ...viewer,
  }),
  route(
    '/viewershowstudentroutine',
    'teacherRoutineSearch',
    'page.viewer-teacher-routine',
    ['routine', 'search routine', 'teacher'],
    { screen: 'viewerRoutineSearch', ...viewer },
  ),
  route('/viewevaluation', 'evaluation', 'page.viewer-evaluation', ['marks', 'exam', 'results'], {
    ...viewer,
    screen: 'gradesheet',
  }),
  route(
    '/viewershowattendanceview',
    'attendanceSummary',
    'page.viewer-attendance',
    ['attendance', 'present', 'absent'],
    {
      screen: 'attendanceDashboard',
      ...viewer,
    },
  ),
  route(
    '/student-activity',
    'activities',
    'page.student-activity',
    ['activity', 'clubs', 'sports', 'extra curriculum'],
    {
      ...viewer,
      screen: 'activities',
    },
  ),
  route(
    '/classbasedstudentabsence',
    'sectionAttendanceToday',
    'page.section-attendance',
    ['attendance', 'section', 'absent'],
    { screen: 'sectionAttendance', ...viewer },
  ),
  route('/studentabsence', 'absentStudents', 'page.absent-students', ['attendance', 'absence', 'absent'], {
    screen: 'absentStudents',
    ...viewer,
  }),
  route('/student-resource', 'resources', 'page.student-resources', ['library', 'ebook', 'links'], {
    screen: 'resourcesHub',
    ...viewer,
  }),
  // The school admin's catalogue, loans, uploads and links are managed on these same pages
  // (see the header); the admin-only calls are made only where `can` allows them.
  route('/studentlibrary', 'library', 'page.student-library', ['books', 'resources', 'issue', 'return', 'loans'], {
    screen: 'library',
    ...viewer,
  }),
  route('/studentebook', 'ebooks', 'page.student-ebooks', ['ebook', 'books', 'download', 'upload'], {
    screen: 'ebooks',
    ...viewer,
  }),
  route('/studentimportantlink', 'importantLinks', 'page.student-links', ['links', 'websites'], {
    screen: 'importantLinks',
    ...viewer,
  }),
  route('/student-eschool', 'eschool', 'page.student-eschool', ['online', 'classes'], {
    ...viewer,
    screen: 'studentEschool',
  }),
  route('/student-payment', 'payments', 'page.student-payment', ['invoice', 'fees', 'pay'], {
    screen: 'studentPayment',
  }),
  route('/student-notice_option', 'notices', 'page.student-notices', ['notice', 'school notice', 'teacher notice'], {
    screen: 'studentNoticeOptions',
  }),
  route('/studentprofileedit', 'editProfile', 'page.student-profile-edit', ['mobile', 'email', 'contact'], {
    screen: 'studentProfileEdit',
  }),
  route('/dueinvoice', 'dueInvoices', 'page.due-invoices', ['invoice', 'fees', 'pay now'], {
    screen: 'studentDueInvoices',
  }),
  route('/payoption', 'paymentOptions', 'page.pay-options', ['mobile wallet', 'pay'], {
    screen: 'studentPayOption',
  }),
  route('/paidinvoice', 'paidInvoices', 'page.paid-invoices', ['invoice', 'receipts'], {
    screen: 'studentPaidInvoices',
  }),
  route('/showhomework', 'studentHomework', 'page.school-homework', ['homework', 'home work', 'home sheet'], {
    ...viewer,
    screen: 'showHomework',
  }),
  route('/submitdetails', 'homeworkSubmissions', 'page.homework-submissions', ['homework', 'submitted'], {
    ...viewer,
    screen: 'submitDetails',
  }),
  route('/studentEvaluation', 'evaluation', 'page.student-evaluation', ['marks', 'grade', 'exam', 'results'], {
    screen: 'studentEvaluation',
  }),
  route('/marksheet', 'markSheet', 'page.student-marksheet', ['marks', 'exam', 'results'], {
    screen: 'marksheet',
  }),
  route('/gradesheet', 'gradeSheet', 'page.gradesheet', ['grade', 'gpa', 'results', 'report card', 'pdf', 'print'], {
    ...viewer,
    screen: 'gradesheet',
  }),
  route('/teacher-calender', 'academicCalendar', 'page.teacher-calendar', ['calendar', 'holidays', 'schedule'], {
    screen: 'teacherCalendar',
  }),
  route('/teachermark', 'markSheet', 'page.teacher-marksheet', ['marks', 'check mark sheet'], {
    screen: 'teacherMarkSheet',
  }),
  route('/teacherpassword', 'changePassword', 'page.teacher-password', ['password', 'reset password'], {
    screen: 'changePassword',
  }),
  route('/add-school', 'addNewSchool', 'page.add-school', ['school', 'eiin', 'create school'], {
    screen: 'addSchool',
  }),
  route(
    '/add-organization',
    'organizationTypes',
    'page.add-organization',
    ['organization', 'create organization type'],
    { screen: 'organization' },
  ),
  route('/create-class', 'createClass', 'page.create-class', ['class', 'setup'], SETUP_CLASS),
  route('/section_create', 'createSection', 'page.create-section', ['section', 'setup'], {
    aliasOf: '/section-create',
    ...SETUP_SECTION,
  }),
  route('/create-subject', 'createSubject', 'page.create-subject', ['subject', 'setup'], SETUP_SUBJECT),
  route('/create-period', 'createPeriod', 'page.create-period', ['period', 'setup'], {
    aliasOf: '/period-create',
    ...SETUP_PERIOD,
  }),
  route('/create-exam', 'createExam', 'page.create-exam', ['exam', 'evaluation', 'publish results', 'exam types'], {
    screen: 'createExam',
  }),
  route('/newExam', 'newExam', 'page.new-exam', ['exam', 'exam list', 'full marks'], {
    screen: 'newExam',
  }),
  route('/', 'signIn', 'public', [], { screen: 'signIn' }),
  route('/login', 'signIn', 'public', ['login'], { screen: 'signIn' }),
  route('/routine', 'myRoutine', 'page.teacher-routine', ['routine', 'timetable', 'classes'], {
    screen: 'teacherRoutine',
  }),
  route('/studentroutine', 'classRoutine', 'page.student-routine', ['routine', 'timetable', 'classes'], {
    screen: 'studentRoutine',
  }),
  route(
    '/attendance',
    'attendanceDashboard',
    'page.attendance-dashboard',
    // The school admin's outbox of absence messages (SMS to guardians) is on this page.
    ['attendance', 'today', 'present rate', 'sms', 'absence messages', 'outbox'],
    {
      screen: 'attendanceDashboard',
    },
  ),
  route('/teacherprofile', 'teacherProfile', 'teacher.profile', ['profile', 'my profile', 'contact'], {
    screen: 'teacherProfile',
  }),
  route(
    '/teacherattendance',
    'takeAttendance',
    'page.take-attendance',
    // "Send Absent Message" (SMS to guardians) and the correction of a taking are on this page.
    ['attendance', 'present', 'absent', 'sms', 'absent message', 'correct', 'correction'],
    {
      screen: 'teacherAttendance',
    },
  ),
  route('/studentviewattendance', 'attendanceHistory', 'page.student-attendance', ['attendance', 'present', 'absent'], {
    screen: 'studentAttendance',
  }),
  route('/schooladminroutine', 'classRoutines', 'page.class-routines', ['routine', 'timetable', 'add routine'], {
    screen: 'adminRoutine',
  }),
  route('/schooladminnotice', 'adminNotice', 'page.admin-notice', ['notice', 'notes', 'announcements'], {
    screen: 'adminNotice',
  }),
  route('/class-create', 'createClass', 'page.create-class', ['class', 'setup'], {
    aliasOf: '/create-class',
    ...SETUP_CLASS,
  }),
  route('/section-create', 'createSection', 'page.create-section', ['section', 'setup'], SETUP_SECTION),
  route('/subject-create', 'createSubject', 'page.create-subject', ['subject', 'setup'], {
    aliasOf: '/create-subject',
    ...SETUP_SUBJECT,
  }),
  route('/period-create', 'createPeriod', 'page.create-period', ['period', 'setup'], SETUP_PERIOD),
  route(
    '/add-student',
    'addStudent',
    'page.add-student',
    // The list (reset password, guardians), the import and the promotion are all on this page.
    [
      'student',
      'admission',
      'student list',
      'import',
      'csv',
      'promote',
      'promotion',
      'reset password',
      'guardian',
      'guardians',
      'parents',
      'edit student',
      'transfer certificate',
      'testimonial',
      'deactivate',
    ],
    {
      screen: 'addStudent',
    },
  ),
  route(
    '/add-teacher',
    'addTeacher',
    'page.add-teacher',
    ['teacher', 'create teacher', 'teacher list', 'import', 'reset password', 'edit teacher', 'deactivate'],
    {
      screen: 'addTeacher',
    },
  ),
  route('/schoolprofile', 'schoolProfile', 'page.school-profile', ['profile', 'school', 'my profile'], {
    screen: 'schoolProfile',
  }),
  route(
    '/subjectregistration',
    'subjectRegistration',
    'page.subject-registration',
    ['subject', '4th subject', 'registration'],
    {
      screen: 'subjectRegistration',
    },
  ),
  route('/payment', 'accounts', 'page.accounts', ['payment', 'sector', 'fees', 'invoice', 'receipt', 'dues'], {
    // A viewer reads the chosen school's fee reports here (the viewer dashboard's Payment tile).
    ...viewer,
    screen: 'payment',
  }),
  route('/teacher-feature', 'schoolDashboard', 'page.teacher-feature', ['teachers', 'create teacher'], {
    screen: 'teacherFeature',
  }),
  route('/teacherhomework', 'homework', 'page.teacher-homework', ['homework', 'home work', 'assign'], {
    screen: 'teacherHomework',
  }),
  route('/homeworksubmitlist', 'homeworkSubmissions', 'page.teacher-homework-submissions', ['homework', 'submitted'], {
    screen: 'homeworkSubmitList',
  }),
  route('/teachernotice', 'notices', 'page.teacher-notice', ['notice', 'notes', 'create note'], {
    screen: 'teacherNotice',
  }),
  route('/markentry', 'evaluation', 'page.mark-entry', ['marks', 'exam', 'mark entry'], { screen: 'markEntryMenu' }),
  route('/teacherevaluation', 'markEntry', 'page.teacher-evaluation', ['marks', 'exam', 'enter marks'], {
    screen: 'markEntry',
  }),
  route('/studenthomework', 'homework', 'page.student-homework', ['homework', 'home work', 'assignments'], {
    screen: 'studentHomework',
  }),
  route('/studenthomeworksubmit', 'submitHomework', 'page.student-homework-submit', ['homework', 'upload', 'submit'], {
    screen: 'studentHomeworkSubmit',
  }),
  route('/academic-calender', 'academicCalendar', 'page.academic-calendar', ['calendar', 'holidays', 'schedule'], {
    screen: 'adminCalendar',
  }),
  route(
    '/student-academic-calender',
    'academicCalendar',
    'page.student-calendar',
    ['calendar', 'holidays', 'schedule'],
    { screen: 'studentCalendar' },
  ),
  route('/studentprofile', 'myProfile', 'page.student-profile', ['profile', 'student code', 'contact'], {
    screen: 'studentProfile',
  }),
  route('/studentpassword', 'changePassword', 'page.student-password', ['password', 'reset password'], {
    screen: 'changePassword',
  }),
  route('/student-notice-list', 'noticeList', 'page.student-notices', ['notice', 'notes'], {
    screen: 'studentNoticeList',
  }),
  // Beyond the spec's table: the teacher dashboard's eSchool tile (a teacher's online
  // classes; a school admin manages the school's) and Students tile (the students of the
  // sections a teacher teaches, read-only).
  route('/teacher-eschool', 'teacherEschool', 'page.teacher-eschool', ['eschool', 'online classes', 'schedule'], {
    screen: 'teacherEschool',
  }),
  route('/teacher-students', 'myStudents', 'page.teacher-students', ['students', 'section', 'class list'], {
    screen: 'teacherStudents',
  }),
  route('/teacherdata', 'teacherData', 'page.teacher-data', ['teachers', 'teacher list', 'student routine'], {
    screen: 'teacherData',
    ...viewer,
  }),
  // Not in the spec's table: one's own two-factor sign-in, where an account held to set it
  // up is sent first; and the super admin's list of school admins with the reset.
  route('/two-factor', 'twoFactor', 'users.two-factor', ['two-factor', '2fa', 'authenticator'], {
    screen: 'twoFactor',
  }),
  route('/two-factor-admins', 'twoFactorAdmins', 'page.two-factor-admins', ['two-factor', 'reset', 'school admins'], {
    screen: 'twoFactorAdmins',
  }),
  // Guardians (user type 3, which the spec's table keeps unused)
  route('/guardian-admin', 'guardianDashboard', 'page.guardian-dashboard', ['home', 'dashboard', 'children'], {
    screen: 'guardianDashboard',
  }),
  route('/guardianpassword', 'changePassword', 'page.guardian-password', ['password', 'reset password'], {
    screen: 'changePassword',
  }),
  // Beyond the spec's table: the monthly register (docs/DOMAIN.md, "Attendance"), for the school
  // admin and a viewer (any section of the school) and a teacher (the sections they teach).
  route(
    '/attendance-register',
    'attendanceRegister',
    'page.attendance-register',
    ['attendance', 'register', 'monthly', 'month', 'report', 'print', 'csv'],
    { screen: 'attendanceRegister', ...viewer },
  ),
  // Subject activities: the old portal's activities, set and answered like homework, whose marks
  // are a subject's Extra Curriculum (docs/DOMAIN.md, "Exams and grades"). Paths of their own: the
  // spec's /student-activity is the clubs and sports page.
  route(
    '/teacheractivity',
    'teacherSubjectActivities',
    'page.teacher-subject-activities',
    ['activity', 'project', 'extra curriculum'],
    {
      screen: 'teacherSubjectActivities',
    },
  ),
  route(
    '/activitysubmitlist',
    'subjectActivityAnswers',
    'page.teacher-subject-activity-answers',
    ['activity', 'answers', 'marks'],
    {
      screen: 'subjectActivityAnswers',
    },
  ),
  route(
    '/studentactivities',
    'studentSubjectActivities',
    'page.student-subject-activities',
    ['activity', 'project', 'assignment'],
    { screen: 'studentSubjectActivities' },
  ),
  route(
    '/studentactivitysubmit',
    'studentSubjectActivity',
    'page.student-subject-activity',
    ['activity', 'answer', 'submit'],
    { screen: 'studentSubjectActivity' },
  ),
  // Everyone's own profile form and photo (docs/DOMAIN.md, "Profiles"): the palette's "Edit my profile".
  route(
    '/myprofile',
    'editMyProfile',
    'page.my-profile',
    ['profile', 'photo', 'picture', 'phone', 'mobile', 'email', 'blood group', 'date of birth'],
    {
      screen: 'myProfileEdit',
    },
  ),
  // Beyond the spec's table: what a head teacher reads (docs/DOMAIN.md, "Early warnings",
  // "Result analysis"); a teacher the chronic absence and tabulation of the sections they teach.
  route('/chronic-absence', 'chronicAbsence', 'page.chronic-absence', ['attendance', 'absent', 'early warning'], {
    screen: 'chronicAbsence',
    ...viewer,
  }),
  route('/tabulation-sheet', 'tabulationSheet', 'page.tabulation', ['results', 'tabulation', 'gpa', 'print'], {
    screen: 'tabulationSheet',
    ...viewer,
  }),
  route('/result-analysis', 'resultAnalysis', 'page.result-analysis', ['results', 'pass rate', 'merit list'], {
    screen: 'resultAnalysis',
    ...viewer,
  }),
  // The teachers' own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes").
  route('/my-day', 'myStaffDay', 'page.my-staff-day', ['check in', 'check out', 'leave', 'staff notices'], {
    screen: 'myStaffDay',
  }),
  route('/staff-attendance', 'staffAttendance', 'page.staff-attendance', ['staff', 'teachers', 'late', 'absent'], {
    screen: 'staffAttendance',
    ...viewer,
  }),
  route('/staff-leave', 'staffLeave', 'page.staff-leave', ['leave', 'approve', 'refuse'], {
    screen: 'staffLeave',
  }),
  route('/substitutes', 'substitutes', 'page.substitutions', ['substitute', 'cover', 'absent teacher'], {
    screen: 'substitutes',
  }),
  // The SMS centre (docs/DOMAIN.md, "SMS centre"); a guardian's SMS choices are on /guardian-admin.
  route('/sms-send', 'smsSend', 'sms.send', ['sms', 'message', 'guardians'], { screen: 'smsSend' }),
  route('/sms-report', 'smsReport', 'sms.send', ['sms', 'delivery'], { screen: 'smsReport' }),
  route('/sms-usage', 'smsUsage', 'sms.topup', ['sms', 'quota', 'buy'], { screen: 'smsUsage' }),
  route('/sms-limits', 'smsLimits', 'sms.limit', ['sms', 'quota', 'limit'], { screen: 'smsLimits' }),
];

const byPath = new Map(ROUTES.map((r) => [normalise(r.path), r]));

function normalise(path: string): string {
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return (pathname || '/').toLowerCase();
}

/** The route for a location (query and trailing slash ignored, case-insensitive like the router). */
export function findRoute(path: string): AppRoute | undefined {
  return byPath.get(normalise(path));
}

export function isPublic(route: AppRoute): boolean {
  return route.requires === 'public';
}

/** May this user type open the route? The guard, the tiles and the palette all ask this. */
export function canOpen(route: AppRoute, userType: UserType | null | undefined): boolean {
  return userType != null && route.requires !== 'public' && route.requires.every((a) => can(userType, a));
}

/** The user types a route admits, in the permission table's order. */
export function audience(route: AppRoute): UserType[] {
  return ALL_USER_TYPES.filter((type) => canOpen(route, type));
}

/** Every protected route a user type may open, aliases excluded. */
export function routesFor(userType: UserType): AppRoute[] {
  return ROUTES.filter((r) => canOpen(r, userType) && !r.aliasOf);
}

// ---- dashboard tiles ------------------------------------------------------------------------

export interface Tile {
  labelKey: TileKey;
  /** English (the spec's words); screens show `t(\`shell.tiles.${labelKey}\`)`. */
  label: string;
  to: string;
  hintKey?: HintKey;
}

function tile(labelKey: TileKey, to: string, hintKey?: HintKey): Tile {
  return { labelKey, label: shellEn.tiles[labelKey], to, ...(hintKey ? { hintKey } : {}) };
}

/**
 * The tiles of each dashboard, as part 1 describes them. Tiles the spec gives no destination
 * are left out rather than shown dead until built. They now have a destination: the
 * teacher's Students (/teacher-students), eSchool (/teacher-eschool, also on the school admin's
 * dashboard), Activity (/student-activity) and Resources (/student-resource, where the school
 * admin's Resources tile also leads), and the viewer's Resources, Payment (the chosen school's fee
 * reports on /payment), Activities and eSchool, read-only for the chosen school.
 */
export const DASHBOARD_TILES: Record<string, readonly Tile[]> = {
  '/student-admin': [
    tile('academicCalendar', '/student-academic-calender', 'holidaysExamsEvents'),
    tile('routine', '/studentroutine', 'yourWeeklyRoutine'),
    tile('attendance', '/studentviewattendance', 'yourAttendanceHistory'),
    tile('homeWork', '/studenthomework', 'homeworkDueDates'),
    tile('notices', '/student-notice_option', 'schoolTeacherNotices'),
    tile('evaluation', '/studentEvaluation', 'markGradeSheet'),
    tile('resources', '/student-resource', 'libraryEbooksLinks'),
    tile('activity', '/student-activity', 'clubsActivities'),
    tile('eschool', '/student-eschool', 'onlineClasses'),
    tile('payment', '/student-payment', 'invoicesPayments'),
  ],
  '/teacher-admin': [
    tile('academicCalendar', '/teacher-calender', 'holidaysExamsEvents'),
    tile('routine', '/routine', 'yourClassesWeek'),
    tile('attendance', '/teacherattendance', 'takeTodaysAttendance'),
    tile('homeWork', '/teacherhomework', 'setReviewHomework'),
    tile('notices', '/teachernotice', 'notesForClasses'),
    tile('evaluation', '/markentry', 'enterCheckMarks'),
    tile('resources', '/student-resource', 'libraryEbooksLinks'),
    tile('students', '/teacher-students', 'studentsYouTeach'),
    tile('eschool', '/teacher-eschool', 'scheduleOnlineClasses'),
    tile('activity', '/student-activity', 'clubsSportsMarks'),
  ],
  '/school-admin': [
    tile('academicCalendar', '/academic-calender', 'planSchoolYear'),
    tile('adminNotice', '/schooladminnotice', 'noticesClassesSections'),
    tile('routine', '/schooladminroutine', 'classRoutines'),
    tile('evaluation', '/create-exam', 'examsMarks'),
    tile('teacher', '/teacher-feature', 'teachersOfSchool'),
    tile('accounts', '/payment', 'paymentSectors'),
    tile('student', '/add-student', 'admitListStudents'),
    tile('attendance', '/attendance', 'todaysAttendanceBySection'),
    tile('resources', '/student-resource', 'libraryEbooksLinks'),
    tile('eschool', '/teacher-eschool', 'scheduleOnlineClasses'),
    tile('activity', '/student-activity', 'clubsSportsMarks'),
  ],
  '/teacher-feature': [
    tile('createTeacher', '/add-teacher', 'addTeacherToSchool'),
    tile('teacher', '/teacherdata', 'teachersDetails'),
  ],
  '/super-admin': [
    tile('addNewSchool', '/add-school'),
    tile('createOrganizationType', '/add-organization'),
    tile('createNewClass', '/create-class'),
    tile('createNewSection', '/section-create'),
    tile('createNewPeriod', '/period-create'),
    tile('createNewSubject', '/create-subject'),
  ],
  '/markentry': [
    tile('enterMarks', '/teacherevaluation', 'enterSectionMarks'),
    tile('checkTeacherMarkSheet', '/teachermark', 'marksYouEntered'),
  ],
  '/viewer-admin': [
    tile('academicCalendar', '/viewer-calender', 'schoolsCalendar'),
    tile('routine', '/viewerRoutine', 'teacherClassRoutines'),
    tile('attendance', '/viewershowattendanceview', 'attendanceByDate'),
    tile('homeWork', '/showhomework', 'homeworkByClass'),
    tile('evaluation', '/viewevaluation', 'examsResults'),
    tile('notices', '/viewer-notice', 'schoolTeacherNotes'),
    tile('resources', '/student-resource', 'libraryEbooksLinks'),
    tile('payment', '/payment', 'feeReportsOfSchool'),
    tile('activities', '/student-activity', 'clubsActivities'),
    tile('eschool', '/student-eschool', 'onlineClasses'),
  ],
};

/** The tiles of a dashboard that this user type may open. */
export function tilesFor(dashboardPath: string, userType: UserType | null): Tile[] {
  return (DASHBOARD_TILES[dashboardPath] ?? []).filter((tile) => {
    const target = findRoute(tile.to);
    return target !== undefined && canOpen(target, userType);
  });
}
