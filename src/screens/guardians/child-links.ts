/** A guardian's pages for one child: each a student screen that takes `?student=`. */
export const CHILD_LINKS = [
  ['attendance', '/studentviewattendance'],
  ['routine', '/studentroutine'],
  ['homework', '/studenthomework'],
  ['marks', '/marksheet'],
  ['gradesheet', '/gradesheet'],
  ['notices', '/student-notice_option'],
  ['calendar', '/student-academic-calender'],
  ['eschool', '/student-eschool'],
  ['activities', '/student-activity'],
  // subject activities (docs/DOMAIN.md, "Exams and grades"), read-only for a guardian
  ['subjectActivities', '/studentactivities'],
  ['library', '/studentlibrary'],
  ['invoices', '/dueinvoice'],
  ['paid', '/paidinvoice'],
] as const;

/** `?student=` for a path: the link to a student screen for one child. */
export const forChild = (path: string, studentId: number) => `${path}?student=${studentId}`;
