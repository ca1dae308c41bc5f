/**
 * Who may do what. This table is shared truth: the server's guard refuses any call whose route
 * action does not list the caller's user type, and the client's router, dashboards and command
 * palette decide with the same table through `can(userType, action)`. Pure data: no DOM, no
 * React, no server imports. This is the only module of src/ that names user types by number
 * (tests/screens/permission-literals.test.ts fails on any other).
 */

export const USER_TYPES = {
  student: 1,
  teacher: 2,
  /** A parent or guardian, linked to one or more students (possibly in several schools). */
  guardian: 3,
  schoolAdmin: 4,
  superAdmin: 5,
  viewer: 6,
} as const;

export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

export const ALL_USER_TYPES: readonly UserType[] = [1, 2, 3, 4, 5, 6];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  1: 'Student',
  2: 'Teacher',
  3: 'Guardian',
  4: 'School admin',
  5: 'Super admin',
  6: 'Viewer',
};

/** The dashboard each user type lands on after sign-in (spec part 1, section 2, Sign-in). */
export const HOME_ROUTE: Record<UserType, string> = {
  1: '/student-admin',
  2: '/teacher-admin',
  3: '/guardian-admin',
  4: '/school-admin',
  5: '/super-admin',
  6: '/viewer-school',
};

/** Plural names, for "That page is for teachers and school admins." */
export const USER_TYPE_PLURALS: Record<UserType, string> = {
  1: 'students',
  2: 'teachers',
  3: 'guardians',
  4: 'school admins',
  5: 'super admins',
  6: 'viewers',
};

/** The profile page of each user type that has one (spec part 1, Header menu). */
export const PROFILE_ROUTE: Partial<Record<UserType, string>> = {
  1: '/studentprofile',
  2: '/teacherprofile',
  4: '/schoolprofile',
  5: '/myprofile',
  6: '/myprofile',
};

/** Where a user who signed in with a one-time password changes it first. */
export const PASSWORD_ROUTE: Partial<Record<UserType, string>> = {
  1: '/studentpassword',
  2: '/teacherpassword',
  3: '/guardianpassword',
  // The spec has no password page for school admins: their profile page holds the form.
  4: '/schoolprofile',
};

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'number' && (ALL_USER_TYPES as readonly number[]).includes(value);
}

const S = USER_TYPES.student;
const T = USER_TYPES.teacher;
const G = USER_TYPES.guardian;
const A = USER_TYPES.schoolAdmin;
const SA = USER_TYPES.superAdmin;
const V = USER_TYPES.viewer;
const ALL = ALL_USER_TYPES;

/**
 * Every API action. Reads that a viewer may make are read-only by construction: no write action
 * lists type 6. School scoping (which school's rows) is enforced separately by the server's tenant
 * check; this table only answers "may this user type call it at all".
 */
export const PERMISSIONS = {
  // session and profile
  'users.me': ALL,
  'users.logout': ALL,
  /** Choosing one's own language; viewers too (it changes no school record). */
  'users.language': ALL,
  'teacher.profile': [T, A, V],
  'student.profile': [S, T, A, V],

  // lookups (shared reference data and the school's own structure)
  'lookup.class': ALL,
  'lookup.section': ALL,
  'lookup.session': ALL,
  'lookup.day': ALL,
  'lookup.period': ALL,
  'lookup.shift': ALL,
  'lookup.subject': ALL,
  'lookup.gender': ALL,
  'lookup.division': ALL,
  'lookup.group': ALL,
  /** The Bangla names of classes, subjects, shifts, exam types and fee heads (GET /api/names/bn). */
  'lookup.names': ALL,

  // schools
  'school.list': [A, SA, V, T, S],
  'school.viewer-links': [V, SA],

  // people
  'teacher.list': [A, SA, V, T],
  'student.section': [T, A, V],
  'student.list': [A, SA, V],

  // routines
  'routine.teacher': [T, A, V],
  'routine.student': [S, G, T, A, V],
  'routine.teacher-today': [T, A],

  // notices
  'notice.creator': [T, A],
  'notice.edit': [T, A],
  'notice.write': [T, A],
  'notice.delete': [T, A],
  'notice.school': [A, V],
  'notice.student': [S, G],
  'notice.read': [S],

  // attendance
  'attendance.take': [T, A],
  'attendance.section-students': [T, A],
  'attendance.student-history': [S, G, A, V],
  'attendance.section-absent': [A, V, T],
  'attendance.summary': [A, V],
  /** A section's attendance over a range and its printed register: a teacher for their sections. */
  'attendance.register': [A, V, T],
  'attendance.outbox': [A],
  'routine.school-today-sections': [A, V],

  // routines: the admin's management and the viewer's search
  'routine.write': [A],
  'routine.delete': [A],
  'routine.school': [A, V],
  'routine.search': [A, V],
  // academic calendar
  'calendar.school': [A, V],
  'calendar.student': [S, G],
  'calendar.teacher': [T],
  'calendar.write': [A],
  'calendar.delete': [A],
  // homework
  'homework.teacher-options': [T],
  'homework.create': [T],
  'homework.delete': [T],
  'homework.teacher-list': [T],
  'homework.submit-list': [T, A, V],
  'homework.student': [S, G],
  'homework.submit': [S],
  'homework.filter': [A, V],
  /** Downloads: the route checks which file is whose (storage is served only through it). */
  // a guardian: a linked child's homework attachment and the child's own answers
  'homework.file': [S, G, T, A, V],
  // exams, marks and grade sheets
  'exam.types': [S, G, T, A, V],
  'exam.types-write': [A],
  'exam.create': [A],
  'exam.list': [T, A, V],
  'exam.mark-sheet-entry': [T, A],
  'exam.mark-entry': [T, A],
  'exam.mark-delete': [T, A],
  'exam.mark-audit': [A],
  'exam.publication': [S, G, T, A, V],
  'exam.publish': [A],
  'exam.marksheet': [S, G, T, A, V],
  'exam.gradesheet': [S, G, T, A, V],
  /** The grade sheet PDFs: one student's as the JSON; a whole section's for staff and viewers. */
  'exam.gradesheet-pdf': [S, G, T, A, V],
  'exam.gradesheet-section-pdf': [T, A, V],
  // what a head teacher reads (docs/DOMAIN.md, "Early warnings", "Result analysis"): a teacher
  // the students and sheets of the sections they teach
  'report.chronic-absence': [T, A, V],
  'report.chronic-settings': [A],
  'report.tabulation': [T, A, V],
  'report.merit-list': [A, V],
  'report.result-analysis': [A, V],

  // people administration and self-service
  'student.write': [A],
  'teacher.write': [A],
  'student.search': [A, V],
  'users.password': ALL,
  'users.reset-password': [A],
  'student.profile-update': [S],
  'student.promote': [A],

  // two-factor sign-in: one's own, and the super admin's reset of another's
  'users.two-factor': ALL,
  'users.two-factor-reset': [SA],
  /** Whether a school's admins must use it (its own admins or the super admin); the super admins' own. */
  'school.two-factor-policy': [A, SA],
  'system.two-factor-policy': [SA],

  // subject registration
  'subject-registration.subjects': [A],
  'subject-registration.list': [A],
  'subject-registration.write': [A],
  'subject-registration.delete': [A],

  // records (docs/DOMAIN.md, Records): edit, leave and come back, certificates; the school's admin
  'people.update': [A],
  'people.deactivate': [A],
  'people.certificate': [A],

  // school setup: the super admin creates schools and organization types; a school
  // admin edits only their own school's contact details and weekly off days (the routes check
  // which school)
  'lookup.district': ALL,
  'lookup.upazila': ALL,
  'school.create': [SA],
  'school.update': [SA],
  'school.contact-update': [A, SA],
  /** The school's weekly off days (its working week): its own admin, or the super admin. */
  'school.weekly-off-update': [A, SA],
  'organization.list': [SA],
  'organization.write': [SA],
  'organization.delete': [SA],

  // a school's structure: lists for both setup audiences; shared classes and subjects
  // are the super admin's, a school's sections and periods its admin's (or the super admin's)
  'structure.read': [A, SA],
  'structure.class-write': [SA],
  'structure.subject-write': [SA],
  'structure.section-write': [A, SA],
  'structure.period-write': [A, SA],
  'structure.session-open': [A, SA],
  // fees and payments: the school admin writes; a student reads their own invoices;
  // a viewer reads a linked school's sectors, fees and reports
  'fee.sector-write': [A],
  'fee.sectors': [A, V],
  'fee.write': [A],
  'fee.list': [A, V],
  'invoice.read': [S, G, A],
  'invoice.waiver': [A],
  'payment.write': [A],
  'payment.reverse': [A],
  'payment.list': [A, V],
  /** Online payment through the provider: the student or a linked guardian (mayPayFor). */
  'payment.online-start': [S, G],
  'payment.online-read': [S, G, A],
  /** A ledger entry's receipt PDF: the school's admin, the student it is for, their guardians. */
  'payment.receipt': [S, G, A],
  'fee.reports': [A, V],

  // the school's resources: the school admin curates the library, e-books and links and
  // records loans; students, teachers and viewers read them; a student reads only their own loans
  // a guardian: the catalogue of a linked child's school (school_info_id, the tenant check)
  'library.books': [S, G, T, A, V],
  'library.write': [A],
  // a guardian reads a linked child's loans (student_id); the page stays the student's
  'library.loans': [S, G, A],
  'library.issue': [A],
  'ebook.list': [S, T, A, V],
  /** Downloads: the route checks the e-book's school against the caller's. */
  'ebook.file': [S, T, A, V],
  'ebook.write': [A],
  'link.list': [S, T, A, V],
  'link.write': [A],
  // guardians: the school admin creates, links and unlinks them from a student's
  // record; a guardian lists their children and sets their own SMS preference. Every child-scoped
  // read above that lists G is answered only for the guardian's linked children
  // (server/auth/child.ts, studentInScope).
  'guardian.write': [A],
  'guardian.list': [A],
  'guardian.children': [G],
  'guardian.preferences': [G],
  // eSchool: teachers schedule online classes for what they teach (the routine says
  // what), a school admin for any routine entry of the school; students read their sections',
  // viewers a linked school's
  'eschool.list': [S, G, T, A, V],
  'eschool.options': [T, A],
  'eschool.write': [T, A],
  'eschool.cancel': [T, A],
  // activities: the school admin keeps the list; the admin and the teacher in charge
  // record participation and marks (the route checks which teacher); viewers and other teachers read
  'activity.list': [T, A, V],
  'activity.write': [A],
  'activity.participants': [T, A, V],
  'activity.participants-write': [T, A],
  'activity.student': [S, G],
  // subject activities (the old portal's activities, set and answered like homework; their marks
  // are the subject's Extra Curriculum on the grade sheet): a teacher sets and marks their own,
  // students answer their section's, a guardian reads a linked child's, admins and viewers read
  'subject-activity.create': [T],
  'subject-activity.teacher-list': [T],
  'subject-activity.submit-list': [T, A, V],
  'subject-activity.mark': [T],
  'subject-activity.student': [S, G],
  'subject-activity.submit': [S],
  'subject-activity.file': [S, G, T, A, V],
  // profiles (docs/DOMAIN.md, "Profiles"): each user type saves its own at its own path; a
  // viewer's own profile and photo are no school record (their routes are readOnlySafe)
  'profile.read': [S, T, A, SA, V],
  'profile.photo': [S, T, A, SA, V],
  // whose photo: one's own, the school's staff their school's people, a guardian a linked child's
  'profile.photo-read': ALL,
  'teacher.profile-update': [T],
  'school-admin.profile-update': [A],
  'super-admin.profile-update': [SA],
  'viewer.profile-update': [V],
  // homework marks (docs/DOMAIN.md, "Homework marks"): the homework's own teacher only
  'homework.mark': [T],
  // deleting a record made by mistake (docs/DOMAIN.md, "Deleting"): the school admin's own
  // school's students, teachers, exams, exam types, fee heads, invoices and routine entries; the
  // super admin's schools
  'records.delete': [A],
  'school.delete': [SA],
  // the dashboards' summaries (docs/DOMAIN.md, "Dashboards"): each role its own; a guardian a
  // linked child's, the viewer and super admin their schools side by side
  'dashboard.admin': [A],
  'dashboard.teacher': [T],
  'dashboard.student': [S, G],
  'dashboard.schools': [V, SA],
  // a section's student ID cards (docs/DOMAIN.md, "The school's documents"): the school admin, a
  // teacher for a section they teach
  'student.id-cards': [A, T],
  // the SMS centre (docs/DOMAIN.md, "SMS centre"): the super admin sets each school's monthly
  // limit and sees the gateway's balance; a school admin checks what is left (the super admin any
  // school's), buys more and reads the usage reports; an admin writes to any section's guardians, a
  // teacher to their own sections' (the route checks which)
  'sms.limit': [SA],
  'sms.check': [A, SA],
  'sms.topup': [A],
  'sms.reports': [A, SA],
  'sms.send': [T, A],
  'sms.settings': [A],
  // the teachers' own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): a teacher
  // checks in and asks for leave; the school admin marks the day, decides leave, assigns
  // substitutes and writes to staff; a viewer reads the staff's day and register
  'staff.day': [T, A, V],
  'staff.settings': [A],
  'staff.check-in': [T],
  'staff.attendance': [A, V],
  'staff.mark': [A],
  'leave.request': [T],
  'leave.decide': [A],
  'leave.list': [T, A, V],
  'substitution.assign': [A],
  'staff-notice.write': [A],
  'staff-notice.read': [T, A],
  // an exam's admit cards: the school admin
  'exam.admit-cards': [A],
} as const satisfies Record<string, readonly UserType[]>;

/**
 * Client-only actions: who may open a page that makes no API call of its own (dashboards, pages
 * not built yet) or whose audience is narrower than the calls it makes (a student's own profile
 * reads `student.profile`, which teachers may call too). Routes in src/routes.ts `require` these
 * or API actions; the server never sees them. When a page gets built, its route keeps its page
 * action and lists the API actions its screen calls, and tests/screens/routes.test.ts checks that
 * everyone the page admits may make each call.
 */
export const PAGE_PERMISSIONS = {
  // a viewer browses one school at a time, chosen after sign-in
  'session.choose-school': [V],

  // dashboards
  'page.super-admin-dashboard': [SA],
  'page.school-admin-dashboard': [A],
  'page.teacher-dashboard': [T],
  'page.student-dashboard': [S],
  'page.viewer-schools': [V],
  'page.viewer-dashboard': [V],
  'page.guardian-dashboard': [G],
  'page.guardian-password': [G],
  'page.teacher-feature': [A],

  // viewer pages (the chosen school)
  'page.viewer-calendar': [V],
  'page.viewer-notices': [V],
  'page.viewer-routines': [V],
  'page.viewer-teacher-routine': [V],
  'page.viewer-evaluation': [V],
  'page.viewer-attendance': [V],

  // school admin and viewer
  'page.section-attendance': [A, V],
  'page.absent-students': [A, V],
  'page.attendance-register': [A, V, T],
  'page.school-homework': [A, V],
  'page.homework-submissions': [A, V],
  'page.teacher-data': [A, V],
  'page.gradesheet': [S, G, T, A, V],

  // the school's resources: students, teachers, the school admin (who also manages
  // them there) and viewers (the chosen school's)
  'page.student-resources': [S, T, A, V],
  // a guardian opens it for a linked child (`?student=`): the child's loans and school's catalogue
  'page.student-library': [S, G, T, A, V],
  'page.student-ebooks': [S, T, A, V],
  'page.student-links': [S, T, A, V],

  // students
  // /student-activity serves everyone the dashboards send there: a student's own activities,
  // the staff's and viewers' list of the school's
  'page.student-activity': [S, G, T, A, V],
  // /student-eschool: a student's sections' online classes, or a chosen school's for a viewer
  'page.student-eschool': [S, G, V],
  'page.student-payment': [S],
  'page.student-notices': [S, G],
  'page.student-profile-edit': [S],
  'page.due-invoices': [S, G],
  'page.pay-options': [S, G],
  'page.paid-invoices': [S, G],
  'page.student-evaluation': [S, G],
  'page.student-marksheet': [S, G],
  'page.student-calendar': [S, G],
  'page.student-profile': [S],
  'page.student-password': [S],
  // a guardian opens these for a linked child (`?student=`, StudentInView), read-only:
  // homework without answering it, notices without marking them read
  'page.student-routine': [S, G],
  'page.student-attendance': [S, G],
  'page.student-homework': [S, G],
  'page.student-homework-submit': [S],

  // teachers
  'page.teacher-calendar': [T],
  'page.teacher-marksheet': [T, A],
  'page.teacher-password': [T],
  'page.teacher-routine': [T],
  'page.take-attendance': [T],
  'page.teacher-homework': [T],
  'page.teacher-homework-submissions': [T],
  'page.teacher-notice': [T],
  // the teacher's eSchool: their online classes; a school admin manages the school's
  'page.teacher-eschool': [T, A],
  // the teacher's Students tile: the students of the sections they teach
  'page.teacher-students': [T],
  // school admins enter marks too; the admin's /create-exam menu links here
  'page.mark-entry': [T, A],
  'page.teacher-evaluation': [T, A],

  // school admins
  'page.school-profile': [A],
  'page.admin-notice': [A],
  'page.attendance-dashboard': [A],
  'page.class-routines': [A],
  'page.create-exam': [A],
  'page.new-exam': [A],
  'page.add-student': [A],
  'page.add-teacher': [A],
  'page.subject-registration': [A],
  /** A viewer reads the chosen school's fee reports there, nothing else (fee.reports: [A, V]). */
  'page.accounts': [A, V],
  'page.academic-calendar': [A],

  // setup: the super admin's shared reference data and a school admin's own structure
  'page.add-school': [SA],
  'page.add-organization': [SA],
  'page.two-factor-admins': [SA],

  // everyone's own profile form and photo (docs/DOMAIN.md, "Profiles")
  'page.my-profile': [S, T, A, SA, V],
  'page.create-class': [SA, A],
  'page.create-section': [SA, A],
  'page.create-subject': [SA, A],
  'page.create-period': [SA, A],

  // subject activities: the teacher's set-and-mark screens, the student's list and answer form
  // (a guardian reads a linked child's, `?student=`, without answering)
  'page.teacher-subject-activities': [T],
  'page.teacher-subject-activity-answers': [T],
  'page.student-subject-activities': [S, G],
  'page.student-subject-activity': [S, G],
  // the head teacher's reports: early warnings and result analysis
  'page.chronic-absence': [T, A, V],
  'page.tabulation': [T, A, V],
  'page.result-analysis': [A, V],

  // the teachers' own day: the teacher's check-in, leave and staff notices; the admin's screens
  'page.my-staff-day': [T],
  'page.staff-attendance': [A, V],
  'page.staff-leave': [A],
  'page.substitutions': [A],
} as const satisfies Record<string, readonly UserType[]>;

/** An action the server's guard checks on an API route. */
export type Action = keyof typeof PERMISSIONS;
/** A client-only action (see PAGE_PERMISSIONS). */
export type PageAction = keyof typeof PAGE_PERMISSIONS;
/** What a route may require: either kind. */
export type AnyAction = Action | PageAction;

const TABLE: Record<AnyAction, readonly UserType[]> = { ...PERMISSIONS, ...PAGE_PERMISSIONS };

/** The one question every visibility decision asks: may this user type do this? */
export function can(userType: UserType | null | undefined, action: AnyAction): boolean {
  if (userType == null) return false;
  return TABLE[action].includes(userType);
}

/** The user types allowed an action, in ALL_USER_TYPES order. */
export function allowed(action: AnyAction): UserType[] {
  return ALL_USER_TYPES.filter((type) => can(type, action));
}

/** User types that read or write within exactly one school, fixed by their account. */
export const SINGLE_SCHOOL_TYPES: readonly UserType[] = [S, T, A];

export const WRITE_FORBIDDEN_TYPES: readonly UserType[] = [V];

export const SUPER_ADMIN = SA;
export const GUARDIAN = G;
export const VIEWER = V;
