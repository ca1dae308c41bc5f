/**
 * Who may do what. This table is shared truth: the server's guard refuses any call whose route
 * action does not list the caller's user type, and the client's router, dashboards and command
 * palette filter with the same table. Pure data: no DOM, no React, no server imports.
 */

export const USER_TYPES = {
  student: 1,
  teacher: 2,
  schoolAdmin: 4,
  superAdmin: 5,
  viewer: 6,
} as const;

export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

export const ALL_USER_TYPES: readonly UserType[] = [1, 2, 4, 5, 6];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  1: 'Student',
  2: 'Teacher',
  4: 'School admin',
  5: 'Super admin',
  6: 'Viewer',
};

/** The dashboard each user type lands on after sign-in (spec part 1, section 2, Sign-in). */
export const HOME_ROUTE: Record<UserType, string> = {
  1: '/student-admin',
  2: '/teacher-admin',
  4: '/school-admin',
  5: '/super-admin',
  6: '/viewer-school',
};

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'number' && (ALL_USER_TYPES as readonly number[]).includes(value);
}

const S = USER_TYPES.student;
const T = USER_TYPES.teacher;
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

  // schools
  'school.list': [A, SA, V, T, S],
  'school.viewer-links': [V, SA],

  // people
  'teacher.list': [A, SA, V, T],
  'student.section': [T, A, V],
  'student.list': [A, SA, V],

  // routines
  'routine.teacher': [T, A, V],
  'routine.student': [S, T, A, V],
  'routine.teacher-today': [T, A],

  // notices (issue 3)
  'notice.creator': [T, A],
  'notice.edit': [T, A],
  'notice.write': [T, A],
  'notice.delete': [T, A],
  'notice.school': [A, V],
  'notice.student': [S],
  'notice.read': [S],

  // attendance (issue 4)
  'attendance.take': [T, A],
  'attendance.section-students': [T, A],
  'attendance.student-history': [S, A, V],
  'attendance.section-absent': [A, V, T],
  'attendance.summary': [A, V],
  'attendance.outbox': [A],
  'routine.school-today-sections': [A, V],
} as const satisfies Record<string, readonly UserType[]>;

export type Action = keyof typeof PERMISSIONS;

export function can(userType: UserType | null | undefined, action: Action): boolean {
  if (userType == null) return false;
  return (PERMISSIONS[action] as readonly number[]).includes(userType);
}

/** User types that read or write within exactly one school, fixed by their account. */
export const SINGLE_SCHOOL_TYPES: readonly UserType[] = [S, T, A];

export const WRITE_FORBIDDEN_TYPES: readonly UserType[] = [V];

export const SUPER_ADMIN = SA;
export const VIEWER = V;
