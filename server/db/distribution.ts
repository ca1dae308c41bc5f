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
 * idempotency answers, upload counts, guardians (a parent may have children in two schools) and their
 * SMS opt-outs. Kept on the coordinator (Citus local tables) until they carry `school_id` (the
 * distribution plan, docs/SCALING.md).
 */
export const ACCOUNT_TABLES = [
  'auth_sessions',
  'guardians',
  'idempotency_keys',
  'login_failures',
  'sms_opt_outs',
  'upload_events',
  'user_recovery_codes',
] as const;

/**
 * School-owned tables with a primary key or unique index that does not include `school_id`. Every
 * other school-owned table is keyed `(id, school_id)` (or its natural key with `school_id`) since
 * the key migration (server/db/migrations/0041_school_keys.sql, docs/SCALING.md). Left: the
 * accounts of no school and their audit trail (NULLABLE_SCHOOL): a super admin's or viewer's
 * `users` row has no school to key by, and a user code, email or phone is unique across the
 * installation (sign-in finds the account before it knows the school). On Citus they stay on the
 * coordinator until they are split (docs/SCALING.md). The test fails when one of these is ready and
 * still listed, and when a table not listed here is not ready. Never add a table here.
 */
export const KEYS_WITHOUT_SCHOOL = ['security_audit', 'users'] as const;

/**
 * School-owned tables whose `school_id` may be null: the super admin's and viewers' accounts and
 * their audit rows belong to no school (on Citus: one row per school they act in, or the
 * coordinator; docs/SCALING.md).
 */
export const NULLABLE_SCHOOL = ['security_audit', 'users'] as const;
