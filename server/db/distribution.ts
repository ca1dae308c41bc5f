/**
 * How the tables would distribute on Citus (docs/SCALING.md): school-owned tables by `school_id`,
 * co-located; reference tables copied to every node; the rest kept on the coordinator. The test
 * tests/server/distribution.test.ts holds every table of the schema to one of these lists, so a new
 * table must say where it goes, and a new school-owned table must be ready to distribute.
 */

/** Shared by every school, small, read everywhere: `create_reference_table`. */
export const REFERENCE_TABLES = [
  'academic_sessions',
  'classes',
  'days',
  'districts',
  'divisions',
  'genders',
  'school_types',
  'shifts',
  'student_groups',
  'subjects',
  'system_settings',
  'upazilas',
] as const;

/**
 * Distributed by the school itself (`schools.id` is every other table's `school_id`), co-located
 * with the school-owned tables.
 */
export const SCHOOLS_TABLE = 'schools';

/**
 * Keyed by a person's account rather than a school: sign-in sessions, recovery codes, failures,
 * idempotency answers, upload counts, guardians (a parent may have children in two schools), their
 * SMS opt-outs and notice reads. Kept on the coordinator (Citus local tables) until they carry `school_id` (the
 * distribution plan, docs/SCALING.md).
 */
export const ACCOUNT_TABLES = [
  'auth_sessions',
  'guardians',
  'idempotency_keys',
  'login_failures',
  'notice_reads',
  'sms_opt_outs',
  'upload_events',
  'user_recovery_codes',
] as const;

/**
 * School-owned tables whose primary key (a serial `id`) or a unique constraint does not include
 * `school_id` yet: Citus needs it in each of them. Each becomes `(school_id, id)` in the key
 * migration (docs/SCALING.md); the test fails when one of these is ready and still listed, and when
 * a table not listed here is not ready. Never add a new table here.
 */
export const KEYS_WITHOUT_SCHOOL = [
  'activities',
  'activity_participants',
  'attendance_audit',
  'attendance_marks',
  'attendance_section_days',
  'attendance_submissions',
  'attendance_takings',
  'calendar_entries',
  'certificates',
  'ebooks',
  'enrolment_changes',
  'enrolments',
  'exam_mark_audit',
  'exam_marks',
  'exam_types',
  'exams',
  'fee_sectors',
  'fees',
  'guardian_students',
  'homework',
  'homework_marks',
  'homework_submissions',
  'important_links',
  'invoice_waivers',
  'invoices',
  'library_books',
  'library_loans',
  'message_outbox',
  'notice_recipients',
  'notices',
  'online_classes',
  'online_payments',
  'payment_allocations',
  'payments',
  'periods',
  'routines',
  'school_admins',
  'sections',
  'security_audit',
  'students',
  'subject_activities',
  'subject_activity_submissions',
  'subject_registrations',
  'teachers',
  'users',
] as const;

/**
 * School-owned tables whose `school_id` may be null: the super admin's and viewers' accounts and
 * their audit rows belong to no school (on Citus: one row per school they act in, or the
 * coordinator; docs/SCALING.md).
 */
export const NULLABLE_SCHOOL = ['security_audit', 'users'] as const;
