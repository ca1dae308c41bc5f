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
 */
import type { ComponentType } from 'react';
import { ALL_USER_TYPES, can, type Action, type AnyAction, type UserType } from '@/api/permissions';
import { lazyWithRetry } from '@/ui/lazy-retry';

export interface AppRoute {
  path: string;
  /** Readable name: page title and palette entry. */
  label: string;
  /** Extra words the palette matches on. */
  keywords: readonly string[];
  /**
   * What opening the page needs, from src/api/permissions.ts (every one of them); 'public' for
   * the sign-in pages. The guard, the dashboard tiles and the palette all ask `canOpen`.
   */
  requires: readonly AnyAction[] | 'public';
  /** The API actions the screen calls; every user type the route admits must be allowed each. */
  calls: readonly Action[];
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
  signIn: lazyWithRetry(() => import('@/screens/auth/sign-in')),
  studentDashboard: lazyWithRetry(() => import('@/screens/dashboards/student-dashboard')),
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
  teacherNotice: lazyWithRetry(() => import('@/screens/notices/teacher-notice')),
  adminNotice: lazyWithRetry(() => import('@/screens/notices/admin-notice')),
  studentNoticeOptions: lazyWithRetry(() => import('@/screens/notices/student-notice-options')),
  studentNoticeList: lazyWithRetry(() => import('@/screens/notices/student-notice-list')),
  viewerNoticeMenu: lazyWithRetry(() => import('@/screens/notices/viewer-notice-menu')),
  viewerNoticeList: lazyWithRetry(() => import('@/screens/notices/viewer-notice-list')),
  teacherRoutine: lazyWithRetry(() => import('@/screens/routines/teacher-routine')),
  studentRoutine: lazyWithRetry(() => import('@/screens/routines/student-routine')),
  notAvailable: lazyWithRetry(() => import('@/screens/not-available/not-available')),
} satisfies Record<string, ComponentType<ScreenProps>>;

type Extra = Partial<Pick<AppRoute, 'needsSchool' | 'aliasOf' | 'calls'>> & { screen?: keyof typeof screens };

function route(
  path: string,
  label: string,
  requires: AnyAction | readonly AnyAction[] | 'public',
  keywords: readonly string[] = [],
  extra: Extra = {},
): AppRoute {
  const { screen, calls = [], ...rest } = extra;
  return {
    path,
    label,
    keywords,
    requires: requires === 'public' ? 'public' : typeof requires === 'string' ? [requires] : requires,
    calls,
    screen: screens[screen ?? 'notAvailable'],
    built: screen !== undefined,
    ...rest,
  };
}

const viewer = { needsSchool: true } as const;

/** In the order of the spec's route table, then /teacherdata. */
export const ROUTES: readonly AppRoute[] = [
  route('/super-admin', 'Super Admin Dashboard', 'page.super-admin-dashboard', ['home', 'dashboard'], {
    screen: 'superAdminDashboard',
  }),
  route('/school-admin', 'School Admin Dashboard', 'page.school-admin-dashboard', ['home', 'dashboard'], {
    screen: 'schoolAdminDashboard',
  }),
  route('/teacher-admin', 'Teacher Dashboard', 'page.teacher-dashboard', ['home', 'dashboard'], {
    screen: 'teacherDashboard',
    calls: ['routine.teacher'],
  }),
  route('/student-admin', 'Student Dashboard', 'page.student-dashboard', ['home', 'dashboard'], {
    screen: 'studentDashboard',
  }),
  route('/viewer-school', 'Choose School', 'page.viewer-schools', ['switch school', 'schools', 'home'], {
    screen: 'viewerSchools',
    calls: ['school.viewer-links'],
  }),
  route('/viewer-admin', 'Administrator Dashboard', 'page.viewer-dashboard', ['home', 'dashboard'], {
    screen: 'viewerDashboard',
    ...viewer,
  }),
  route('/viewer-calender', 'Academic Calendar', 'page.viewer-calendar', ['calendar', 'holidays', 'schedule'], viewer),
  route('/viewer-notice', 'Notices', 'page.viewer-notices', ['notice', 'notes', 'announcements'], {
    screen: 'viewerNoticeMenu',
    ...viewer,
  }),
  route('/show-notice', 'Notice List', 'page.viewer-notices', ['notice', 'school notes', 'teacher notes'], {
    screen: 'viewerNoticeList',
    calls: ['notice.school'],
    ...viewer,
  }),
  route('/viewerRoutine', 'Routines', 'page.viewer-routines', ['routine', 'timetable', 'class routine'], viewer),
  route(
    '/viewershowstudentroutine',
    'Teacher Routine Search',
    'page.viewer-teacher-routine',
    ['routine', 'search routine', 'teacher'],
    viewer,
  ),
  route('/viewevaluation', 'Evaluation', 'page.viewer-evaluation', ['marks', 'exam', 'results'], viewer),
  route(
    '/viewershowattendanceview',
    'Attendance Summary',
    'page.viewer-attendance',
    ['attendance', 'present', 'absent'],
    {
      screen: 'attendanceDashboard',
      calls: ['attendance.summary', 'lookup.section'],
      ...viewer,
    },
  ),
  route('/student-activity', 'Activities', 'page.student-activity', ['activity', 'clubs']),
  route(
    '/classbasedstudentabsence',
    'Section Attendance Today',
    'page.section-attendance',
    ['attendance', 'section', 'absent'],
    { screen: 'sectionAttendance', calls: ['attendance.summary', 'lookup.section'], ...viewer },
  ),
  route('/studentabsence', 'Absent Students', 'page.absent-students', ['attendance', 'absence', 'absent'], {
    screen: 'absentStudents',
    calls: ['attendance.section-absent'],
    ...viewer,
  }),
  route('/student-resource', 'Resources', 'page.student-resources', ['library', 'ebook', 'links']),
  route('/studentlibrary', 'Library', 'page.student-library', ['books', 'resources']),
  route('/studentebook', 'eBooks', 'page.student-ebooks', ['ebook', 'books', 'download']),
  route('/studentimportantlink', 'Important Links', 'page.student-links', ['links', 'websites']),
  route('/student-eschool', 'eSchool', 'page.student-eschool', ['online', 'classes']),
  route('/student-payment', 'Payments', 'page.student-payment', ['invoice', 'fees', 'pay']),
  route('/student-notice_option', 'Notices', 'page.student-notices', ['notice', 'school notice', 'teacher notice'], {
    screen: 'studentNoticeOptions',
  }),
  route('/studentprofileedit', 'Edit Profile', 'page.student-profile-edit', ['mobile', 'email', 'contact']),
  route('/dueinvoice', 'Due Invoices', 'page.due-invoices', ['invoice', 'fees', 'pay now']),
  route('/payoption', 'Payment Options', 'page.pay-options', ['mobile wallet', 'pay']),
  route('/paidinvoice', 'Paid Invoices', 'page.paid-invoices', ['invoice', 'receipts']),
  route('/showhomework', 'Student Homework', 'page.school-homework', ['homework', 'home work', 'home sheet'], viewer),
  route('/submitdetails', 'Homework Submissions', 'page.homework-submissions', ['homework', 'submitted'], viewer),
  route('/studentEvaluation', 'Evaluation', 'page.student-evaluation', ['marks', 'grade', 'exam', 'results']),
  route('/marksheet', 'Mark Sheet', 'page.student-marksheet', ['marks', 'exam', 'results']),
  route('/gradesheet', 'Grade Sheet', 'page.gradesheet', ['grade', 'gpa', 'results', 'report card'], viewer),
  route('/teacher-calender', 'Academic Calendar', 'page.teacher-calendar', ['calendar', 'holidays', 'schedule']),
  route('/teachermark', 'Mark Sheet', 'page.teacher-marksheet', ['marks', 'check mark sheet']),
  route('/teacherpassword', 'Change Password', 'page.teacher-password', ['password', 'reset password']),
  route('/add-school', 'Add New School', 'page.add-school', ['school', 'eiin', 'create school']),
  route('/add-organization', 'Organization Types', 'page.add-organization', [
    'organization',
    'create organization type',
  ]),
  route('/create-class', 'Create Class', 'page.create-class', ['class', 'setup']),
  route('/section_create', 'Create Section', 'page.create-section', ['section', 'setup'], {
    aliasOf: '/section-create',
  }),
  route('/create-subject', 'Create Subject', 'page.create-subject', ['subject', 'setup']),
  route('/create-period', 'Create Period', 'page.create-period', ['period', 'setup'], { aliasOf: '/period-create' }),
  route('/create-exam', 'Create Exam', 'page.create-exam', ['exam', 'evaluation']),
  route('/newExam', 'New Exam', 'page.new-exam', ['exam', 'exam list', 'full marks']),
  route('/', 'Sign in', 'public', [], { screen: 'signIn' }),
  route('/login', 'Sign in', 'public', ['login'], { screen: 'signIn' }),
  route('/routine', 'My Routine', 'page.teacher-routine', ['routine', 'timetable', 'classes'], {
    screen: 'teacherRoutine',
    calls: ['routine.teacher'],
  }),
  route('/studentroutine', 'Class Routine', 'page.student-routine', ['routine', 'timetable', 'classes'], {
    screen: 'studentRoutine',
    calls: ['routine.student'],
  }),
  route('/attendance', 'Attendance Dashboard', 'page.attendance-dashboard', ['attendance', 'today', 'present rate'], {
    screen: 'attendanceDashboard',
    calls: ['attendance.summary', 'lookup.section', 'attendance.outbox'],
  }),
  route('/teacherprofile', 'Teacher Profile', 'teacher.profile', ['profile', 'my profile', 'contact'], {
    screen: 'teacherProfile',
    calls: ['teacher.profile'],
  }),
  route('/teacherattendance', 'Take Attendance', 'page.take-attendance', ['attendance', 'present', 'absent'], {
    screen: 'teacherAttendance',
    calls: ['routine.teacher-today', 'attendance.section-students', 'attendance.take'],
  }),
  route(
    '/studentviewattendance',
    'Attendance History',
    'page.student-attendance',
    ['attendance', 'present', 'absent'],
    {
      screen: 'studentAttendance',
      calls: ['attendance.student-history', 'lookup.period', 'lookup.subject'],
    },
  ),
  route('/schooladminroutine', 'Class Routines', 'page.class-routines', ['routine', 'timetable', 'add routine']),
  route('/schooladminnotice', 'Admin Notice', 'page.admin-notice', ['notice', 'notes', 'announcements'], {
    screen: 'adminNotice',
    calls: [
      'notice.school',
      'notice.edit',
      'notice.write',
      'notice.delete',
      'lookup.class',
      'lookup.section',
      'lookup.session',
      'student.section',
    ],
  }),
  route('/class-create', 'Create Class', 'page.create-class', ['class', 'setup'], { aliasOf: '/create-class' }),
  route('/section-create', 'Create Section', 'page.create-section', ['section', 'setup']),
  route('/subject-create', 'Create Subject', 'page.create-subject', ['subject', 'setup'], {
    aliasOf: '/create-subject',
  }),
  route('/period-create', 'Create Period', 'page.create-period', ['period', 'setup']),
  route('/add-student', 'Add Student', 'page.add-student', ['student', 'admission', 'student list']),
  route('/add-teacher', 'Add Teacher', 'page.add-teacher', ['teacher', 'create teacher', 'teacher list']),
  route('/schoolprofile', 'School Profile', 'page.school-profile', ['profile', 'school', 'my profile'], {
    screen: 'schoolProfile',
    calls: ['school.list'],
  }),
  route('/subjectregistration', 'Subject Registration', 'page.subject-registration', [
    'subject',
    '4th subject',
    'registration',
  ]),
  route('/payment', 'Accounts', 'page.accounts', ['payment', 'sector', 'fees']),
  route('/teacher-feature', 'School Dashboard', 'page.teacher-feature', ['teachers', 'create teacher'], {
    screen: 'teacherFeature',
  }),
  route('/teacherhomework', 'Homework', 'page.teacher-homework', ['homework', 'home work', 'assign']),
  route('/homeworksubmitlist', 'Homework Submissions', 'page.teacher-homework-submissions', ['homework', 'submitted']),
  route('/teachernotice', 'Notices', 'page.teacher-notice', ['notice', 'notes', 'create note'], {
    screen: 'teacherNotice',
    calls: [
      'notice.creator',
      'notice.edit',
      'notice.write',
      'notice.delete',
      'lookup.class',
      'lookup.section',
      'lookup.session',
      'student.section',
    ],
  }),
  route('/markentry', 'Evaluation', 'page.mark-entry', ['marks', 'exam', 'mark entry']),
  route('/teacherevaluation', 'Mark Entry', 'page.teacher-evaluation', ['marks', 'exam', 'enter marks']),
  route('/studenthomework', 'Homework', 'page.student-homework', ['homework', 'home work', 'assignments']),
  route('/studenthomeworksubmit', 'Submit Homework', 'page.student-homework-submit', ['homework', 'upload', 'submit']),
  route('/academic-calender', 'Academic Calendar', 'page.academic-calendar', ['calendar', 'holidays', 'schedule']),
  route('/student-academic-calender', 'Academic Calendar', 'page.student-calendar', [
    'calendar',
    'holidays',
    'schedule',
  ]),
  route('/studentprofile', 'My Profile', 'page.student-profile', ['profile', 'student code', 'contact'], {
    screen: 'studentProfile',
    calls: ['student.profile'],
  }),
  route('/studentpassword', 'Change Password', 'page.student-password', ['password', 'reset password']),
  route('/student-notice-list', 'Notice List', 'notice.student', ['notice', 'notes'], {
    screen: 'studentNoticeList',
    calls: ['notice.student', 'notice.read'],
  }),
  route('/teacherdata', 'Teacher Data', 'page.teacher-data', ['teachers', 'teacher list', 'student routine'], viewer),
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
  label: string;
  to: string;
  hint?: string;
}

/**
 * The tiles of each dashboard, as part 1 describes them. Tiles the spec gives no destination
 * (the teacher's Resources, Students, eSchool and Activity; the viewer's Payment, Resources,
 * Activities and eSchool) are left out rather than shown dead.
 */
export const DASHBOARD_TILES: Record<string, readonly Tile[]> = {
  '/student-admin': [
    { label: 'Academic Calendar', to: '/student-academic-calender', hint: 'Holidays, exams and events' },
    { label: 'Routine', to: '/studentroutine', hint: 'Your weekly class routine' },
    { label: 'Attendance', to: '/studentviewattendance', hint: 'Your attendance history' },
    { label: 'Home Work', to: '/studenthomework', hint: 'Homework and due dates' },
    { label: 'Notices', to: '/student-notice_option', hint: 'School and teacher notices' },
    { label: 'Evaluation', to: '/studentEvaluation', hint: 'Mark sheet and grade sheet' },
    { label: 'Resources', to: '/student-resource', hint: 'Library, eBooks and links' },
    { label: 'Activity', to: '/student-activity', hint: 'Clubs and activities' },
    { label: 'eSchool', to: '/student-eschool', hint: 'Online classes' },
    { label: 'Payment', to: '/student-payment', hint: 'Invoices and payments' },
  ],
  '/teacher-admin': [
    { label: 'Academic Calendar', to: '/teacher-calender', hint: 'Holidays, exams and events' },
    { label: 'Routine', to: '/routine', hint: 'Your classes this week' },
    { label: 'Attendance', to: '/teacherattendance', hint: "Take today's attendance" },
    { label: 'Home Work', to: '/teacherhomework', hint: 'Set and review homework' },
    { label: 'Notices', to: '/teachernotice', hint: 'Notes for your classes' },
    { label: 'Evaluation', to: '/markentry', hint: 'Enter and check marks' },
  ],
  '/school-admin': [
    { label: 'Academic Calendar', to: '/academic-calender', hint: 'Plan the school year' },
    { label: 'Admin Notice', to: '/schooladminnotice', hint: 'Notices for classes and sections' },
    { label: 'Routine', to: '/schooladminroutine', hint: 'Class routines' },
    { label: 'Evaluation', to: '/create-exam', hint: 'Exams and marks' },
    { label: 'Teacher', to: '/teacher-feature', hint: 'Teachers of the school' },
    { label: 'Accounts', to: '/payment', hint: 'Payment sectors' },
    { label: 'Student', to: '/add-student', hint: 'Admit and list students' },
    { label: 'Attendance', to: '/attendance', hint: "Today's attendance by section" },
  ],
  '/teacher-feature': [
    { label: 'Create Teacher', to: '/add-teacher', hint: 'Add a teacher to the school' },
    { label: 'Teacher', to: '/teacherdata', hint: 'Teachers and their details' },
  ],
  '/super-admin': [
    { label: 'Add New School', to: '/add-school' },
    { label: 'Create New Organization Type', to: '/add-organization' },
    { label: 'Create New Class', to: '/create-class' },
    { label: 'Create New Section', to: '/section-create' },
    { label: 'Create New Period', to: '/period-create' },
    { label: 'Create New Subject', to: '/create-subject' },
  ],
  '/viewer-admin': [
    { label: 'Academic Calendar', to: '/viewer-calender', hint: "The school's calendar" },
    { label: 'Routine', to: '/viewerRoutine', hint: 'Teacher and class routines' },
    { label: 'Attendance', to: '/viewershowattendanceview', hint: 'Attendance by date' },
    { label: 'Home Work', to: '/showhomework', hint: 'Homework by class' },
    { label: 'Evaluation', to: '/viewevaluation', hint: 'Exams and results' },
    { label: 'Notices', to: '/viewer-notice', hint: 'School and teacher notes' },
  ],
};

/** The tiles of a dashboard that this user type may open. */
export function tilesFor(dashboardPath: string, userType: UserType | null): Tile[] {
  return (DASHBOARD_TILES[dashboardPath] ?? []).filter((tile) => {
    const target = findRoute(tile.to);
    return target !== undefined && canOpen(target, userType);
  });
}
