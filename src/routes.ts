/**
 * The one route table. Every path of the spec's complete route table (part 1, section 2) is here,
 * spelled exactly as listed, misspellings included (people have them bookmarked), plus /teacherdata
 * which the spec names only as a link target. The router's guard, the dashboard tiles and the
 * command palette all read this table; a path missing from it does not exist.
 *
 * Who may open what follows the spec's role sections (part 1 section 6, part 2 section 6):
 * student pages 1, teacher pages 2, school admin 4, super admin 5, viewer 6, /gradesheet for 1 and 6
 * (and 2 and 4, who also need to read a student's grade sheet).
 *
 * Decision on the setup screens: part 1 puts class, section, period and subject creation on the
 * super admin dashboard, part 2 lists "class/subject/period setup" under the school admin. Both
 * readings are served: the setup screens are open to super admins (5) and school admins (4); the
 * server decides what each may change (shared reference data vs. its own school's structure).
 * /add-school and /add-organization stay super-admin only. The duplicate spellings
 * (/class-create, /section_create, /subject-create, /create-period) are kept as aliases of the
 * super-admin tile targets so old bookmarks open the same screen; the palette lists each once.
 * The spec's super admin tile "Create New Section" points at /period-create, which is plainly a
 * slip; it goes to /section-create here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { UserType } from '@/api/permissions';

export interface AppRoute {
  path: string;
  /** Readable name: page title and palette entry. */
  label: string;
  /** Extra words the palette matches on. */
  keywords: readonly string[];
  /** Who may open it; 'public' for the sign-in pages. */
  userTypes: readonly UserType[] | 'public';
  screen: LazyExoticComponent<ComponentType<ScreenProps>>;
  /** False: the route exists but its feature is not built yet; it shows a plain notice. */
  built: boolean;
  /** For viewers (type 6): the page browses the chosen school, so one must be chosen first. */
  needsSchool?: boolean;
  /** Another spelling of this path that the spec also lists; hidden from the palette. */
  aliasOf?: string;
}

export interface ScreenProps {
  route: AppRoute;
}

const S = 1 as const;
const T = 2 as const;
const A = 4 as const;
const SA = 5 as const;
const V = 6 as const;

const screens = {
  signIn: lazy(() => import('@/screens/auth/sign-in')),
  studentDashboard: lazy(() => import('@/screens/dashboards/student-dashboard')),
  teacherDashboard: lazy(() => import('@/screens/dashboards/teacher-dashboard')),
  schoolAdminDashboard: lazy(() => import('@/screens/dashboards/school-admin-dashboard')),
  teacherFeature: lazy(() => import('@/screens/dashboards/teacher-feature')),
  superAdminDashboard: lazy(() => import('@/screens/dashboards/super-admin-dashboard')),
  viewerSchools: lazy(() => import('@/screens/dashboards/viewer-schools')),
  viewerDashboard: lazy(() => import('@/screens/dashboards/viewer-dashboard')),
  teacherProfile: lazy(() => import('@/screens/profile/teacher-profile')),
  studentProfile: lazy(() => import('@/screens/profile/student-profile')),
  schoolProfile: lazy(() => import('@/screens/profile/school-profile')),
  teacherAttendance: lazy(() => import('@/screens/attendance/teacher-attendance')),
  attendanceDashboard: lazy(() => import('@/screens/attendance/attendance-dashboard')),
  sectionAttendance: lazy(() => import('@/screens/attendance/section-today')),
  absentStudents: lazy(() => import('@/screens/attendance/absent-students')),
  studentAttendance: lazy(() => import('@/screens/attendance/student-attendance')),
  teacherNotice: lazy(() => import('@/screens/notices/teacher-notice')),
  adminNotice: lazy(() => import('@/screens/notices/admin-notice')),
  studentNoticeOptions: lazy(() => import('@/screens/notices/student-notice-options')),
  studentNoticeList: lazy(() => import('@/screens/notices/student-notice-list')),
  viewerNoticeMenu: lazy(() => import('@/screens/notices/viewer-notice-menu')),
  viewerNoticeList: lazy(() => import('@/screens/notices/viewer-notice-list')),
  teacherRoutine: lazy(() => import('@/screens/routines/teacher-routine')),
  studentRoutine: lazy(() => import('@/screens/routines/student-routine')),
  notAvailable: lazy(() => import('@/screens/not-available/not-available')),
} satisfies Record<string, LazyExoticComponent<ComponentType<ScreenProps>>>;

type Extra = Partial<Pick<AppRoute, 'needsSchool' | 'aliasOf'>> & { screen?: keyof typeof screens };

function route(
  path: string,
  label: string,
  userTypes: readonly UserType[] | 'public',
  keywords: readonly string[] = [],
  extra: Extra = {},
): AppRoute {
  const { screen, ...rest } = extra;
  return {
    path,
    label,
    keywords,
    userTypes,
    screen: screens[screen ?? 'notAvailable'],
    built: screen !== undefined,
    ...rest,
  };
}

const SETUP = [SA, A] as const;
const viewer = { needsSchool: true } as const;

/** In the order of the spec's route table, then /teacherdata. */
export const ROUTES: readonly AppRoute[] = [
  route('/super-admin', 'Super Admin Dashboard', [SA], ['home', 'dashboard'], { screen: 'superAdminDashboard' }),
  route('/school-admin', 'School Admin Dashboard', [A], ['home', 'dashboard'], { screen: 'schoolAdminDashboard' }),
  route('/teacher-admin', 'Teacher Dashboard', [T], ['home', 'dashboard'], { screen: 'teacherDashboard' }),
  route('/student-admin', 'Student Dashboard', [S], ['home', 'dashboard'], { screen: 'studentDashboard' }),
  route('/viewer-school', 'Choose School', [V], ['switch school', 'schools', 'home'], { screen: 'viewerSchools' }),
  route('/viewer-admin', 'Administrator Dashboard', [V], ['home', 'dashboard'], {
    screen: 'viewerDashboard',
    ...viewer,
  }),
  route('/viewer-calender', 'Academic Calendar', [V], ['calendar', 'holidays', 'schedule'], viewer),
  route('/viewer-notice', 'Notices', [V], ['notice', 'notes', 'announcements'], {
    screen: 'viewerNoticeMenu',
    ...viewer,
  }),
  route('/show-notice', 'Notice List', [V], ['notice', 'school notes', 'teacher notes'], {
    screen: 'viewerNoticeList',
    ...viewer,
  }),
  route('/viewerRoutine', 'Routines', [V], ['routine', 'timetable', 'class routine'], viewer),
  route('/viewershowstudentroutine', 'Teacher Routine Search', [V], ['routine', 'search routine', 'teacher'], viewer),
  route('/viewevaluation', 'Evaluation', [V], ['marks', 'exam', 'results'], viewer),
  route('/viewershowattendanceview', 'Attendance Summary', [V], ['attendance', 'present', 'absent'], {
    screen: 'attendanceDashboard',
    ...viewer,
  }),
  route('/student-activity', 'Activities', [S], ['activity', 'clubs']),
  route('/classbasedstudentabsence', 'Section Attendance Today', [A, V], ['attendance', 'section', 'absent'], {
    screen: 'sectionAttendance',
    ...viewer,
  }),
  route('/studentabsence', 'Absent Students', [A, V], ['attendance', 'absence', 'absent'], {
    screen: 'absentStudents',
    ...viewer,
  }),
  route('/student-resource', 'Resources', [S], ['library', 'ebook', 'links']),
  route('/studentlibrary', 'Library', [S], ['books', 'resources']),
  route('/studentebook', 'eBooks', [S], ['ebook', 'books', 'download']),
  route('/studentimportantlink', 'Important Links', [S], ['links', 'websites']),
  route('/student-eschool', 'eSchool', [S], ['online', 'classes']),
  route('/student-payment', 'Payments', [S], ['invoice', 'fees', 'pay']),
  route('/student-notice_option', 'Notices', [S], ['notice', 'school notice', 'teacher notice'], {
    screen: 'studentNoticeOptions',
  }),
  route('/studentprofileedit', 'Edit Profile', [S], ['mobile', 'email', 'contact']),
  route('/dueinvoice', 'Due Invoices', [S], ['invoice', 'fees', 'pay now']),
  route('/payoption', 'Payment Options', [S], ['mobile wallet', 'pay']),
  route('/paidinvoice', 'Paid Invoices', [S], ['invoice', 'receipts']),
  route('/showhomework', 'Student Homework', [A, V], ['homework', 'home work', 'home sheet'], viewer),
  route('/submitdetails', 'Homework Submissions', [A, V], ['homework', 'submitted'], viewer),
  route('/studentEvaluation', 'Evaluation', [S], ['marks', 'grade', 'exam', 'results']),
  route('/marksheet', 'Mark Sheet', [S], ['marks', 'exam', 'results']),
  route('/gradesheet', 'Grade Sheet', [S, V, T, A], ['grade', 'gpa', 'results', 'report card'], viewer),
  route('/teacher-calender', 'Academic Calendar', [T], ['calendar', 'holidays', 'schedule']),
  route('/teachermark', 'Mark Sheet', [T], ['marks', 'check mark sheet']),
  route('/teacherpassword', 'Change Password', [T], ['password', 'reset password']),
  route('/add-school', 'Add New School', [SA], ['school', 'eiin', 'create school']),
  route('/add-organization', 'Organization Types', [SA], ['organization', 'create organization type']),
  route('/create-class', 'Create Class', SETUP, ['class', 'setup']),
  route('/section_create', 'Create Section', SETUP, ['section', 'setup'], { aliasOf: '/section-create' }),
  route('/create-subject', 'Create Subject', SETUP, ['subject', 'setup']),
  route('/create-period', 'Create Period', SETUP, ['period', 'setup'], { aliasOf: '/period-create' }),
  route('/create-exam', 'Create Exam', [A], ['exam', 'evaluation']),
  route('/newExam', 'New Exam', [A], ['exam', 'exam list', 'full marks']),
  route('/', 'Sign in', 'public', [], { screen: 'signIn' }),
  route('/login', 'Sign in', 'public', ['login'], { screen: 'signIn' }),
  route('/routine', 'My Routine', [T], ['routine', 'timetable', 'classes'], { screen: 'teacherRoutine' }),
  route('/studentroutine', 'Class Routine', [S], ['routine', 'timetable', 'classes'], { screen: 'studentRoutine' }),
  route('/attendance', 'Attendance Dashboard', [A], ['attendance', 'today', 'present rate'], {
    screen: 'attendanceDashboard',
  }),
  route('/teacherprofile', 'Teacher Profile', [T, A, V], ['profile', 'my profile', 'contact'], {
    screen: 'teacherProfile',
  }),
  route('/teacherattendance', 'Take Attendance', [T], ['attendance', 'present', 'absent'], {
    screen: 'teacherAttendance',
  }),
  route('/studentviewattendance', 'Attendance History', [S], ['attendance', 'present', 'absent'], {
    screen: 'studentAttendance',
  }),
  route('/schooladminroutine', 'Class Routines', [A], ['routine', 'timetable', 'add routine']),
  route('/schooladminnotice', 'Admin Notice', [A], ['notice', 'notes', 'announcements'], { screen: 'adminNotice' }),
  route('/class-create', 'Create Class', SETUP, ['class', 'setup'], { aliasOf: '/create-class' }),
  route('/section-create', 'Create Section', SETUP, ['section', 'setup']),
  route('/subject-create', 'Create Subject', SETUP, ['subject', 'setup'], { aliasOf: '/create-subject' }),
  route('/period-create', 'Create Period', SETUP, ['period', 'setup']),
  route('/add-student', 'Add Student', [A], ['student', 'admission', 'student list']),
  route('/add-teacher', 'Add Teacher', [A], ['teacher', 'create teacher', 'teacher list']),
  route('/schoolprofile', 'School Profile', [A], ['profile', 'school', 'my profile'], { screen: 'schoolProfile' }),
  route('/subjectregistration', 'Subject Registration', [A], ['subject', '4th subject', 'registration']),
  route('/payment', 'Accounts', [A], ['payment', 'sector', 'fees']),
  route('/teacher-feature', 'School Dashboard', [A], ['teachers', 'create teacher'], { screen: 'teacherFeature' }),
  route('/teacherhomework', 'Homework', [T], ['homework', 'home work', 'assign']),
  route('/homeworksubmitlist', 'Homework Submissions', [T], ['homework', 'submitted']),
  route('/teachernotice', 'Notices', [T], ['notice', 'notes', 'create note'], { screen: 'teacherNotice' }),
  route('/markentry', 'Evaluation', [T], ['marks', 'exam', 'mark entry']),
  route('/teacherevaluation', 'Mark Entry', [T], ['marks', 'exam', 'enter marks']),
  route('/studenthomework', 'Homework', [S], ['homework', 'home work', 'assignments']),
  route('/studenthomeworksubmit', 'Submit Homework', [S], ['homework', 'upload', 'submit']),
  route('/academic-calender', 'Academic Calendar', [A], ['calendar', 'holidays', 'schedule']),
  route('/student-academic-calender', 'Academic Calendar', [S], ['calendar', 'holidays', 'schedule']),
  route('/studentprofile', 'My Profile', [S], ['profile', 'student code', 'contact'], { screen: 'studentProfile' }),
  route('/studentpassword', 'Change Password', [S], ['password', 'reset password']),
  route('/student-notice-list', 'Notice List', [S], ['notice', 'notes'], { screen: 'studentNoticeList' }),
  route('/teacherdata', 'Teacher Data', [A, V], ['teachers', 'teacher list', 'student routine'], viewer),
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
  return route.userTypes === 'public';
}

export function canOpen(route: AppRoute, userType: UserType | null | undefined): boolean {
  return userType != null && route.userTypes !== 'public' && route.userTypes.includes(userType);
}

/** Every protected route a user type may open, aliases excluded. */
export function routesFor(userType: UserType): AppRoute[] {
  return ROUTES.filter((r) => canOpen(r, userType) && !r.aliasOf);
}

/** The profile page of each user type that has one (spec part 1, Header menu). */
export const PROFILE_ROUTE: Partial<Record<UserType, string>> = {
  1: '/studentprofile',
  2: '/teacherprofile',
  4: '/schoolprofile',
};

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
