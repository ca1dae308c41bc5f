/**
 * The whole data model. Reference data (school types, classes, subjects, days, shifts, sessions,
 * genders, divisions, groups) is shared by every school; everything a school owns carries
 * school_id, and composite foreign keys tie rows to the same school so that a routine, an
 * enrolment or a notice can never point across schools. Ready to distribute by school
 * (docs/SCALING.md): school_id is in every school-owned table's primary key (`(id, school_id)`, id
 * first, for the tables that had a serial key alone) and in each of its unique keys, so every
 * ON CONFLICT target and every GROUP BY that reads a record's other columns names it too.
 *
 * Keep DDL to what PostgreSQL 15 accepts (the oldest server we support).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  date,
  boolean,
  bigint,
  numeric,
  jsonb,
} from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------- reference data

export const schoolTypes = pgTable('school_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  code: varchar('code', { length: 30 }).notNull().unique(),
});

/** The eight administrative divisions of Bangladesh (addresses). */
export const divisions = pgTable('divisions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull().unique(),
  nameBn: varchar('name_bn', { length: 50 }).notNull().default(''),
});

/** The 64 districts, each in one division (server/db/seed/bd-geo.ts). */
export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id),
    name: varchar('name', { length: 60 }).notNull(),
    nameBn: varchar('name_bn', { length: 60 }).notNull().default(''),
  },
  (t) => [
    unique('districts_division_name_uq').on(t.divisionId, t.name),
    // Lets a school require its district to be in its division.
    unique('districts_id_division_uq').on(t.id, t.divisionId),
  ],
);

/** The upazilas (sub-districts), each in one district. */
export const upazilas = pgTable(
  'upazilas',
  {
    id: serial('id').primaryKey(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    name: varchar('name', { length: 60 }).notNull(),
    nameBn: varchar('name_bn', { length: 60 }).notNull().default(''),
  },
  (t) => [
    unique('upazilas_district_name_uq').on(t.districtId, t.name),
    unique('upazilas_id_district_uq').on(t.id, t.districtId),
  ],
);

/** Science, Humanities, Business Studies: chosen from Class Nine. The spec calls its name division_name. */
export const studentGroups = pgTable('student_groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
});

export const genders = pgTable('genders', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 30 }).notNull().unique(),
});

/** 1 = Sunday ... 7 = Saturday, as the spec's day table runs. */
export const days = pgTable('days', {
  id: smallint('id').primaryKey(),
  name: varchar('name', { length: 12 }).notNull().unique(),
});

export const shifts = pgTable('shifts', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 30 }).notNull().unique(),
  /** The Bangla name ('' = none; docs/i18n.md, "Bangla names"). */
  nameBn: varchar('name_bn', { length: 30 }).notNull().default(''),
});

/** An academic session is a calendar year, named by its year. */
export const academicSessions = pgTable('academic_sessions', {
  id: serial('id').primaryKey(),
  sessionYear: varchar('session_year', { length: 9 }).notNull().unique(),
});

/** Classes belong to a school type (organization type): Play ... Twelve. */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    schoolTypeId: integer('school_type_id')
      .notNull()
      .references(() => schoolTypes.id),
    className: varchar('class_name', { length: 40 }).notNull(),
    /** The Bangla name ('' = none; docs/i18n.md, "Bangla names"). */
    classNameBn: varchar('class_name_bn', { length: 40 }).notNull().default(''),
    classCode: varchar('class_code', { length: 20 }).notNull(),
    /** Numeric order for sorting (Play = -2 ... Twelve = 12). */
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    unique('classes_type_name_uq').on(t.schoolTypeId, t.className),
    unique('classes_type_code_uq').on(t.schoolTypeId, t.classCode),
  ],
);

export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    subjectCode: varchar('subject_code', { length: 20 }).notNull(),
    subjectName: varchar('subject_name', { length: 100 }).notNull(),
    /** The Bangla name ('' = none; docs/i18n.md, "Bangla names"). */
    subjectNameBn: varchar('subject_name_bn', { length: 100 }).notNull().default(''),
    /** Elective subjects belong to a group (Science ...); null = for everyone. */
    groupId: integer('group_id').references(() => studentGroups.id),
    /** True for subjects that may be taken as the 4th (optional) subject. */
    optional: boolean('optional').notNull().default(false),
  },
  (t) => [
    unique('subjects_class_code_uq').on(t.classId, t.subjectCode),
    unique('subjects_class_name_uq').on(t.classId, t.subjectName),
    // Lets a routine require a subject of its own class.
    unique('subjects_id_class_uq').on(t.id, t.classId),
  ],
);

// ---------------------------------------------------------------- schools and users

export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    eiin: varchar('eiin', { length: 6 }).notNull().unique(),
    schoolName: varchar('school_name', { length: 200 }).notNull(),
    shortName: varchar('short_name', { length: 40 }).notNull(),
    schoolTypeId: integer('school_type_id')
      .notNull()
      .references(() => schoolTypes.id),
    divisionId: integer('division_id').references(() => divisions.id),
    district: varchar('district', { length: 60 }).notNull().default(''),
    upazilla: varchar('upazilla', { length: 60 }).notNull().default(''),
    /** The address as reference rows; `district` and `upazilla` keep their names for readers. */
    districtId: integer('district_id'),
    upazilaId: integer('upazila_id'),
    street: varchar('street', { length: 200 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 120 }).notNull().default(''),
    headName: varchar('head_name', { length: 120 }).notNull().default(''),
    headPhone: varchar('head_phone', { length: 20 }).notNull().default(''),
    headEmail: varchar('head_email', { length: 120 }).notNull().default(''),
    timeZone: varchar('time_zone', { length: 60 }).notNull().default('Asia/Dhaka'),
    /** Day ids (1 = Sunday ... 7 = Saturday) the school is closed every week. */
    weeklyOffDays: smallint('weekly_off_days')
      .array()
      .notNull()
      .default(sql`'{6,7}'`),
    /**
     * How many school days after a period a teacher may still take or correct its attendance:
     * 0 = only on the same school day. School admins may correct later; every correction is audited.
     */
    attendanceEditDays: smallint('attendance_edit_days').notNull().default(0),
    /** The language the school's people see by default (each user may choose their own). */
    language: varchar('language', { length: 2 }).notNull().default('en'),
    /** The language of messages to guardians (SMS). */
    smsLanguage: varchar('sms_language', { length: 2 }).notNull().default('bn'),
    /**
     * The school's school admins must sign in with a second factor: one without it is
     * led to set it up right after signing in and can do nothing else until it is on.
     */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /**
     * Who set the requirement: `super_admin` (only a super admin may lift it) or `school_admin`
     * (the school's admins may lift it too); null while nothing is required.
     */
    twoFactorRequiredBy: varchar('two_factor_required_by', { length: 12 }).$type<'super_admin' | 'school_admin'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('schools_eiin_digits', sql`${t.eiin} ~ '^[0-9]{6}$'`),
    check('schools_attendance_edit_days_range', sql`${t.attendanceEditDays} between 0 and 366`),
    check('schools_language_valid', sql`${t.language} in ('en', 'bn')`),
    check('schools_sms_language_valid', sql`${t.smsLanguage} in ('en', 'bn')`),
    check(
      'schools_two_factor_required_by_valid',
      sql`(${t.requireTwoFactor} and ${t.twoFactorRequiredBy} in ('super_admin', 'school_admin')) or (not ${t.requireTwoFactor} and ${t.twoFactorRequiredBy} is null)`,
    ),
    // The district lies in the school's division and the upazila in its district.
    foreignKey({
      name: 'schools_district_in_division_fk',
      columns: [t.districtId, t.divisionId],
      foreignColumns: [districts.id, districts.divisionId],
    }),
    foreignKey({
      name: 'schools_upazila_in_district_fk',
      columns: [t.upazilaId, t.districtId],
      foreignColumns: [upazilas.id, upazilas.districtId],
    }),
    check('schools_upazila_needs_district', sql`${t.upazilaId} is null or ${t.districtId} is not null`),
    check('schools_district_needs_division', sql`${t.districtId} is null or ${t.divisionId} is not null`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userCode: varchar('user_code', { length: 60 }).notNull(),
    userType: smallint('user_type').notNull(),
    email: varchar('email', { length: 120 }),
    phone: varchar('phone', { length: 20 }),
    passwordHash: text('password_hash').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('active'),
    /**
     * The one school of a student, teacher or school admin; null for super admins, viewers and
     * guardians (a guardian's children may be in several schools: guardian_students carries each
     * child's school, and the tenant check follows those links).
     */
    schoolId: integer('school_id').references(() => schools.id),
    firstName: varchar('first_name', { length: 80 }).notNull().default(''),
    lastName: varchar('last_name', { length: 80 }).notNull().default(''),
    /** The user's own language; null follows the school's (English where there is no school). */
    language: varchar('language', { length: 2 }),
    /** A one-time password handed out by an admin (new account, reset): changed at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Two-factor sign-in (TOTP, RFC 6238): the base32 secret once enabled, null otherwise. */
    totpSecret: varchar('totp_secret', { length: 64 }),
    /** A secret being set up, until a first code proves the app has it. */
    totpPendingSecret: varchar('totp_pending_secret', { length: 64 }),
    /** The time step of the last code accepted: a code is good once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * The profile of an account without a teacher or student record (school admin, super admin,
     * viewer): date of birth and blood group (docs/DOMAIN.md, "Profiles"). A teacher's and a
     * student's are on their record.
     */
    dob: date('dob', { mode: 'string' }),
    bloodGroup: varchar('blood_group', { length: 4 }).notNull().default(''),
    /** The profile photo: a re-encoded JPEG in server/storage, by its sha256; null for none. */
    photoSha256: varchar('photo_sha256', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_language_valid', sql`${t.language} is null or ${t.language} in ('en', 'bn')`),
    uniqueIndex('users_user_code_uq').on(sql`lower(${t.userCode})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    check('users_type_valid', sql`${t.userType} in (1, 2, 3, 4, 5, 6)`),
    check('users_status_valid', sql`${t.status} in ('active', 'disabled')`),
    check(
      'users_school_by_type',
      sql`(${t.userType} in (1, 2, 4) and ${t.schoolId} is not null) or (${t.userType} in (3, 5, 6) and ${t.schoolId} is null)`,
    ),
    unique('users_id_school_uq').on(t.id, t.schoolId),
    check('users_blood_group_valid', sql`${t.bloodGroup} in ('', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')`),
    // Is a stored file still kept by a row? (server/storage/sweep.ts)
    index('users_photo_idx').on(t.photoSha256),
  ],
);

/** Sign-in tokens, stored as SHA-256 hashes; revoked on logout, refused after expiry. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Ten one-time recovery codes per account with two-factor sign-in, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [unique('user_recovery_codes_uq').on(t.userId, t.codeHash)],
);

/**
 * Settings of the whole installation, one row (id 1; no row reads as every default). For now the
 * super admins' counterpart of `schools.require_two_factor`: every super admin account must sign
 * in with a second factor. Set by a super admin.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: smallint('id').primaryKey().default(1),
    superAdminTwoFactor: boolean('super_admin_two_factor').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('system_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Changes that touch who may sign in or see what, made by someone (a second factor reset, a school's
 * two-factor requirement, a guardian linked to a student, ...), kept for review: who, when, what, about
 * whom or which school, and the facts of the change (`detail`). Written by server/services/audit.ts.
 */
export const securityAudit = pgTable(
  'security_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    /** The account the change is about, if it is about one. */
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The school the change belongs to, if any (a school admin's trail is their school's). */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 40 }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('security_audit_subject_idx').on(t.subjectUserId, t.at),
    index('security_audit_school_idx').on(t.schoolId, t.at),
  ],
);

export const viewerSchools = pgTable(
  'viewer_schools',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.schoolId] })],
);

export const schoolAdmins = pgTable(
  'school_admins',
  {
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    adminCode: varchar('admin_code', { length: 40 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'school_admins_pkey', columns: [t.id, t.schoolId] }),
    unique('school_admins_user_uq').on(t.userId, t.schoolId),
    foreignKey({ columns: [t.userId, t.schoolId], foreignColumns: [users.id, users.schoolId] }),
    unique('school_admins_code_uq').on(t.schoolId, t.adminCode),
  ],
);

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    teacherCode: varchar('teacher_code', { length: 40 }).notNull(),
    title: varchar('title', { length: 20 }).notNull().default(''),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    middleName: varchar('middle_name', { length: 80 }).notNull().default(''),
    lastName: varchar('last_name', { length: 80 }).notNull().default(''),
    initial: varchar('initial', { length: 10 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 120 }).notNull().default(''),
    designation: varchar('designation', { length: 80 }).notNull().default(''),
    department: varchar('department', { length: 80 }).notNull().default(''),
    mpoStatus: varchar('mpo_status', { length: 20 }).notNull().default(''),
    indexNo: varchar('index_no', { length: 30 }).notNull().default(''),
    bloodGroup: varchar('blood_group', { length: 4 }).notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    subjectCode: varchar('subject_code', { length: 20 }).notNull().default(''),
    /**
     * Left the school (docs/DOMAIN.md, Records): from this date (the school's, never after its
     * today when set) the person is on no roll, routine or default list and cannot sign in; their
     * history stays. Null while they are on the school's books. Set by services/people-records.ts.
     */
    leftOn: date('left_on', { mode: 'string' }),
    leftReason: varchar('left_reason', { length: 12 }).$type<'transfer' | 'dropout' | 'completed' | 'other'>(),
    leftNote: varchar('left_note', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'teachers_pkey', columns: [t.id, t.schoolId] }),
    unique('teachers_user_uq').on(t.userId, t.schoolId),
    foreignKey({ columns: [t.userId, t.schoolId], foreignColumns: [users.id, users.schoolId] }),
    unique('teachers_code_uq').on(t.schoolId, t.teacherCode),
    unique('teachers_initial_uq').on(t.schoolId, t.initial),
    check(
      'teachers_left_valid',
      sql`(${t.leftOn} is null and ${t.leftReason} is null) or (${t.leftOn} is not null and ${t.leftReason} in ('transfer', 'dropout', 'completed', 'other'))`,
    ),
  ],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').notNull(),
    userId: integer('user_id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    studentCode: varchar('student_code', { length: 40 }).notNull(),
    firstName: varchar('first_name', { length: 80 }).notNull(),
    middleName: varchar('middle_name', { length: 80 }).notNull().default(''),
    lastName: varchar('last_name', { length: 80 }).notNull().default(''),
    mobileNo: varchar('mobile_no', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 120 }).notNull().default(''),
    genderId: integer('gender_id').references(() => genders.id),
    divisionId: integer('division_id').references(() => divisions.id),
    presentAddress: varchar('present_address', { length: 300 }).notNull().default(''),
    permanentAddress: varchar('permanent_address', { length: 300 }).notNull().default(''),
    fatherName: varchar('father_name', { length: 120 }).notNull().default(''),
    fatherPhoneNumber: varchar('father_phone_number', { length: 20 }).notNull().default(''),
    motherName: varchar('mother_name', { length: 120 }).notNull().default(''),
    motherPhoneNumber: varchar('mother_phone_number', { length: 20 }).notNull().default(''),
    dob: date('dob', { mode: 'string' }),
    bloodGroup: varchar('blood_group', { length: 4 }).notNull().default(''),
    photoId: varchar('photo_id', { length: 200 }).notNull().default(''),
    /**
     * Left the school (docs/DOMAIN.md, Records): from this date (the school's, never after its
     * today when set) the person is on no roll, routine or default list and cannot sign in; their
     * history stays. Null while they are on the school's books. Set by services/people-records.ts.
     */
    leftOn: date('left_on', { mode: 'string' }),
    leftReason: varchar('left_reason', { length: 12 }).$type<'transfer' | 'dropout' | 'completed' | 'other'>(),
    leftNote: varchar('left_note', { length: 300 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'students_pkey', columns: [t.id, t.schoolId] }),
    unique('students_user_uq').on(t.userId, t.schoolId),
    foreignKey({ columns: [t.userId, t.schoolId], foreignColumns: [users.id, users.schoolId] }),
    unique('students_code_uq').on(t.schoolId, t.studentCode),
    check(
      'students_left_valid',
      sql`(${t.leftOn} is null and ${t.leftReason} is null) or (${t.leftOn} is not null and ${t.leftReason} in ('transfer', 'dropout', 'completed', 'other'))`,
    ),
  ],
);

// ---------------------------------------------------------------- the school's structure

export const sections = pgTable(
  'sections',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id),
    sectionDefaultName: varchar('section_default_name', { length: 40 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'sections_pkey', columns: [t.id, t.schoolId] }),
    unique('sections_name_uq').on(t.schoolId, t.classId, t.shiftId, t.sectionDefaultName),
    unique('sections_id_school_class_uq').on(t.id, t.schoolId, t.classId),
    // Lets enrolments and routines require the section's own shift.
    unique('sections_id_shift_uq').on(t.id, t.schoolId, t.shiftId),
  ],
);

/**
 * Periods belong to a school's shift and have start and end times. Periods of one shift never
 * overlap: migration 0014 adds the exclusion constraint periods_no_overlap (btree_gist), which
 * drizzle cannot declare here.
 */
export const periods = pgTable(
  'periods',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id),
    periodCode: varchar('period_code', { length: 20 }).notNull(),
    serial: smallint('serial').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (t) => [
    primaryKey({ name: 'periods_pkey', columns: [t.id, t.schoolId] }),
    unique('periods_code_uq').on(t.schoolId, t.shiftId, t.periodCode),
    unique('periods_serial_uq').on(t.schoolId, t.shiftId, t.serial),
    // Lets a routine require a period of its own shift.
    unique('periods_id_shift_uq').on(t.id, t.schoolId, t.shiftId),
    check('periods_times_ordered', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/**
 * A guardian (user type 3): a person with a sign-in account whose user code is their
 * phone number (normalised as services/phone.ts does). A guardian belongs to no school: the
 * account's school_id is null, and guardian_students links them to children, each link carrying
 * the child's school, so siblings in different schools share one account.
 */
export const guardians = pgTable(
  'guardians',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull().unique(),
    email: varchar('email', { length: 120 }).notNull().default(''),
    /** Absence SMS: 'sms' sends them, 'none' does not. The language is the account's (users.language). */
    smsPreference: varchar('sms_preference', { length: 4 }).notNull().default('sms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('guardians_sms_valid', sql`${t.smsPreference} in ('sms', 'none')`)],
);

/** Which guardian may see which student: the link carries the student's school (the tenant). */
export const guardianStudents = pgTable(
  'guardian_students',
  {
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    relation: varchar('relation', { length: 12 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guardianId, t.studentId, t.schoolId] }),
    foreignKey({ columns: [t.studentId, t.schoolId], foreignColumns: [students.id, students.schoolId] }).onDelete(
      'cascade',
    ),
    index('guardian_students_student_idx').on(t.schoolId, t.studentId),
    check(
      'guardian_students_relation_valid',
      sql`${t.relation} in ('father', 'mother', 'grandparent', 'sibling', 'other')`,
    ),
  ],
);

/** A student in one session: shift, class, section, group and class roll. Attendance and marks point here. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: integer('student_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    sectionId: integer('section_id').notNull(),
    groupId: integer('group_id').references(() => studentGroups.id),
    classRollNo: integer('class_roll_no').notNull(),
  },
  (t) => [
    primaryKey({ name: 'enrolments_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.studentId, t.schoolId], foreignColumns: [students.id, students.schoolId] }),
    foreignKey({
      columns: [t.sectionId, t.schoolId, t.classId],
      foreignColumns: [sections.id, sections.schoolId, sections.classId],
    }),
    foreignKey({
      name: 'enrolments_section_shift_fk',
      columns: [t.sectionId, t.schoolId, t.shiftId],
      foreignColumns: [sections.id, sections.schoolId, sections.shiftId],
    }),
    unique('enrolments_student_session_uq').on(t.studentId, t.sessionId, t.schoolId),
    unique('enrolments_roll_uq').on(t.sectionId, t.sessionId, t.classRollNo, t.schoolId),
    // Lets a subject registration require a subject of the enrolment's own class.
    unique('enrolments_id_school_class_uq').on(t.id, t.schoolId, t.classId),
    index('enrolments_section_idx').on(t.sectionId, t.sessionId),
    index('enrolments_school_session_idx').on(t.schoolId, t.sessionId, t.classId),
    check('enrolments_roll_positive', sql`${t.classRollNo} > 0`),
  ],
);

/** One class meeting a week: a section, on a day, in a period, with a subject and a teacher. */
export const routines = pgTable(
  'routines',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    sectionId: integer('section_id').notNull(),
    dayId: smallint('day_id')
      .notNull()
      .references(() => days.id),
    periodId: integer('period_id').notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    teacherId: integer('teacher_id').notNull(),
    room: varchar('room', { length: 40 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'routines_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      columns: [t.sectionId, t.schoolId, t.classId],
      foreignColumns: [sections.id, sections.schoolId, sections.classId],
    }),
    foreignKey({ columns: [t.periodId, t.schoolId], foreignColumns: [periods.id, periods.schoolId] }),
    foreignKey({ columns: [t.teacherId, t.schoolId], foreignColumns: [teachers.id, teachers.schoolId] }),
    foreignKey({
      name: 'routines_subject_class_fk',
      columns: [t.subjectId, t.classId],
      foreignColumns: [subjects.id, subjects.classId],
    }),
    foreignKey({
      name: 'routines_section_shift_fk',
      columns: [t.sectionId, t.schoolId, t.shiftId],
      foreignColumns: [sections.id, sections.schoolId, sections.shiftId],
    }),
    foreignKey({
      name: 'routines_period_shift_fk',
      columns: [t.periodId, t.schoolId, t.shiftId],
      foreignColumns: [periods.id, periods.schoolId, periods.shiftId],
    }),
    unique('routines_section_slot_uq').on(t.sectionId, t.sessionId, t.dayId, t.periodId, t.schoolId),
    unique('routines_teacher_slot_uq').on(t.teacherId, t.sessionId, t.dayId, t.periodId, t.schoolId),
    // A named room holds one class at a time; an empty room is "not set" and never clashes.
    uniqueIndex('routines_room_slot_uq')
      .on(t.schoolId, t.sessionId, t.dayId, t.periodId, t.room)
      .where(sql`${t.room} <> ''`),
    index('routines_teacher_idx').on(t.teacherId, t.dayId),
    index('routines_school_day_idx').on(t.schoolId, t.dayId),
  ],
);

// ---------------------------------------------------------------- notices

/**
 * A notice from a teacher (type 1) or the school admin (type 2). class_id/section_id null means
 * "all" (the API's 0); explicit recipients, when any, narrow it to those students only.
 */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    classId: integer('class_id').references(() => classes.id),
    sectionId: integer('section_id'),
    headline: varchar('headline', { length: 200 }).notNull(),
    description: varchar('description', { length: 5000 }).notNull().default(''),
    publishingDate: date('publishing_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when someone other than the author (the school admin) last changed it: "edited by ...". */
    editedByUserId: integer('edited_by_user_id').references(() => users.id),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'notices_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      columns: [t.sectionId, t.schoolId, t.classId],
      foreignColumns: [sections.id, sections.schoolId, sections.classId],
    }),
    check('notices_type_valid', sql`${t.type} in (1, 2)`),
    check('notices_section_needs_class', sql`${t.sectionId} is null or ${t.classId} is not null`),
    index('notices_school_date_idx').on(t.schoolId, t.publishingDate),
    index('notices_creator_idx').on(t.creatorUserId, t.createdAt),
  ],
);

export const noticeRecipients = pgTable(
  'notice_recipients',
  {
    noticeId: integer('notice_id').notNull(),
    studentId: integer('student_id').notNull(),
    schoolId: integer('school_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.studentId, t.schoolId] }),
    foreignKey({ columns: [t.noticeId, t.schoolId], foreignColumns: [notices.id, notices.schoolId] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.studentId, t.schoolId], foreignColumns: [students.id, students.schoolId] }),
    index('notice_recipients_student_idx').on(t.studentId),
  ],
);

/** Who has opened a notice, for the author's "read by N of M": the notice's and the student's school. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id').notNull(),
    studentId: integer('student_id').notNull(),
    schoolId: integer('school_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.studentId, t.schoolId] }),
    foreignKey({
      name: 'notice_reads_notice_fk',
      columns: [t.noticeId, t.schoolId],
      foreignColumns: [notices.id, notices.schoolId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notice_reads_student_fk',
      columns: [t.studentId, t.schoolId],
      foreignColumns: [students.id, students.schoolId],
    }),
  ],
);

// ---------------------------------------------------------------- attendance

/** One taking of attendance: a routine entry (section, period, subject, teacher) on a date. */
export const attendanceTakings = pgTable(
  'attendance_takings',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    routineId: integer('routine_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** The clock time the teacher submitted, as sent (HH:mm:ss): the spec's "Attendance Time". */
    takenTime: time('taken_time').notNull(),
    takenByUserId: integer('taken_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last person who changed a mark after the first taking, and when (the first stays above). */
    correctedByUserId: integer('corrected_by_user_id').references(() => users.id),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    /**
     * The taking time of the submission whose marks count now (a queued submission's own, else
     * when the server received it): the offline conflict rule compares a queued taking with it.
     * Null on takings older than the rule (their corrected_at or created_at stands in).
     */
    marksTakenAt: timestamp('marks_taken_at', { withTimezone: true }),
    /** The marks that count now were saved by a school admin: a queued teacher's taking never replaces them. */
    adminSaved: boolean('admin_saved').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'attendance_takings_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.routineId, t.schoolId], foreignColumns: [routines.id, routines.schoolId] }),
    unique('attendance_takings_routine_date_uq').on(t.routineId, t.date, t.schoolId),
    // Lets a mark carry its taking's routine and date, and the database keep them equal.
    unique('attendance_takings_key_uq').on(t.id, t.schoolId, t.routineId, t.date),
    index('attendance_takings_school_date_idx').on(t.schoolId, t.date),
  ],
);

/**
 * One mark per enrolment per taking (so per enrolment, routine and date): 0 absent, 1 present.
 * The taking's routine and date are repeated on the mark (the foreign key keeps them equal, and
 * follows a taking whose routine or date changes), so that a student's history is one range of
 * the (enrolment, date) index instead of a join of the whole year's marks to their takings.
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    takingId: integer('taking_id').notNull(),
    routineId: integer('routine_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    enrolmentId: integer('enrolment_id').notNull(),
    status: smallint('status').notNull(),
  },
  (t) => [
    primaryKey({ name: 'attendance_marks_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'attendance_marks_taking_fk',
      columns: [t.takingId, t.schoolId, t.routineId, t.date],
      foreignColumns: [
        attendanceTakings.id,
        attendanceTakings.schoolId,
        attendanceTakings.routineId,
        attendanceTakings.date,
      ],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({ columns: [t.enrolmentId, t.schoolId], foreignColumns: [enrolments.id, enrolments.schoolId] }),
    unique('attendance_marks_taking_enrolment_uq').on(t.takingId, t.enrolmentId, t.schoolId),
    // A student's history reads only this index (routine and status ride along: no heap visits).
    index('attendance_marks_enrolment_date_idx').on(t.enrolmentId, t.date, t.routineId, t.status),
    check('attendance_marks_status_valid', sql`${t.status} in (0, 1)`),
  ],
);

/**
 * A read model of the school summaries: per section, session and date, how many periods are taken
 * and the present/absent counts of the section's first taken period by serial (null when that
 * taking has no marks). Triggers on attendance_takings and attendance_marks (migration
 * 0005_attendance_scale) recompute the touched rows inside the writing transaction, whatever code
 * writes, so it never needs refreshing by hand; a section-day with no taking has no row.
 */
export const attendanceSectionDays = pgTable(
  'attendance_section_days',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sectionId: integer('section_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    date: date('date', { mode: 'string' }).notNull(),
    takenPeriods: integer('taken_periods').notNull().default(0),
    present: integer('present'),
    absent: integer('absent'),
  },
  (t) => [
    primaryKey({ name: 'attendance_section_days_pk', columns: [t.sectionId, t.sessionId, t.date, t.schoolId] }),
    foreignKey({
      name: 'attendance_section_days_section_fk',
      columns: [t.sectionId, t.schoolId],
      foreignColumns: [sections.id, sections.schoolId],
    }),
    index('attendance_section_days_school_date_idx').on(t.schoolId, t.date),
  ],
);

/** Every change of an existing mark: who, when, old and new status. */
export const attendanceAudit = pgTable(
  'attendance_audit',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    markId: integer('mark_id').notNull(),
    changedByUserId: integer('changed_by_user_id')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    oldStatus: smallint('old_status').notNull(),
    newStatus: smallint('new_status').notNull(),
  },
  (t) => [
    primaryKey({ name: 'attendance_audit_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'attendance_audit_mark_fk',
      columns: [t.markId, t.schoolId],
      foreignColumns: [attendanceMarks.id, attendanceMarks.schoolId],
    }).onDelete('cascade'),
    index('attendance_audit_mark_idx').on(t.markId),
  ],
);

/**
 * Every submission of a period's marks, applied or not: who sent it, the taking time
 * it claims (a submission queued on a teacher's phone carries the moment the teacher took the roll)
 * and what the server did with it. Together with attendance_audit it is the trail the conflict
 * rule leaves: a queued taking that lost to an admin's correction or to a later taking is kept
 * here, marks and all. The (user, key) pair dedupes a replay long after the idempotency answers
 * (24 h) are purged.
 */
export const attendanceSubmissions = pgTable(
  'attendance_submissions',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    routineId: integer('routine_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    takingId: integer('taking_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The request's Idempotency-Key; null when none was sent. */
    submissionKey: varchar('submission_key', { length: 100 }),
    /** The taking time the submission claims (queued), else when it was received. */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    queued: boolean('queued').notNull().default(false),
    /** saved | corrected | kept_admin | kept_later */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    /** The marks as sent: [{ student_id, attendance_status }]. */
    marks: jsonb('marks').notNull(),
  },
  (t) => [
    primaryKey({ name: 'attendance_submissions_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'attendance_submissions_taking_fk',
      columns: [t.takingId, t.schoolId],
      foreignColumns: [attendanceTakings.id, attendanceTakings.schoolId],
    }).onDelete('cascade'),
    unique('attendance_submissions_user_key_uq').on(t.userId, t.submissionKey, t.schoolId),
    index('attendance_submissions_routine_date_idx').on(t.routineId, t.date),
  ],
);

/** Messages to guardians (SMS), queued then delivered by an adapter; one per student, period and date. */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    /** The purpose: 'absence', 'chronic_absence', 'result', 'fee', 'calendar', 'general' (docs/DOMAIN.md, "SMS centre"). */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The child the message is about (absence messages; a composed one to one child's guardian). */
    enrolmentId: integer('enrolment_id'),
    /** The period of an absence message; null for every other purpose. */
    routineId: integer('routine_id'),
    date: date('date', { mode: 'string' }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    body: varchar('body', { length: 1000 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Set while one process hands the row to the gateway (services/messaging.ts): no other process
     * claims it before then; a sender that died mid-way leaves it to be retried after this time.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The guardian it goes to, when known (composed and automatic messages); opt-outs also match by phone. */
    guardianId: integer('guardian_id').references(() => guardians.id, { onDelete: 'set null' }),
    /** The campaign (a composed message) it belongs to. */
    campaignId: integer('campaign_id'),
    /** Not before this instant (a scheduled message, or one held by quiet hours). */
    sendAfter: timestamp('send_after', { withTimezone: true }),
    /** Urgent messages ignore quiet hours (docs/DOMAIN.md, "SMS centre"). */
    urgent: boolean('urgent').notNull().default(false),
    /** One automatic message per fact: 'fee_due:<invoice>', 'result:<session>:<enrolment>', ... */
    dedupeKey: varchar('dedupe_key', { length: 120 }),
    /** Why a queued row waits: 'quota' (the school's SMS are used up) or 'quiet_hours'. */
    waiting: varchar('waiting', { length: 12 }),
    /** SMS parts charged to the school's quota when it was claimed (0 until then; refunded if refused). */
    parts: integer('parts').notNull().default(0),
    /** The quota month charged (first day) and how the parts were split between the monthly limit and bought SMS. */
    chargedMonth: date('charged_month', { mode: 'string' }),
    chargedLimit: integer('charged_limit').notNull().default(0),
    chargedBought: integer('charged_bought').notNull().default(0),
    /** The gateway's id of the message (Twilio's MessageSid) and what its delivery reports said. */
    providerMessageId: varchar('provider_message_id', { length: 64 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'message_outbox_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.enrolmentId, t.schoolId], foreignColumns: [enrolments.id, enrolments.schoolId] }),
    foreignKey({ columns: [t.routineId, t.schoolId], foreignColumns: [routines.id, routines.schoolId] }),
    unique('message_outbox_once_uq').on(t.kind, t.enrolmentId, t.routineId, t.date, t.schoolId),
    unique('message_outbox_dedupe_uq').on(t.schoolId, t.dedupeKey),
    uniqueIndex('message_outbox_provider_id_uq').on(t.providerMessageId, t.schoolId),
    index('message_outbox_school_status_idx').on(t.schoolId, t.status),
    index('message_outbox_campaign_idx').on(t.campaignId),
    foreignKey({
      name: 'message_outbox_campaign_fk',
      columns: [t.schoolId, t.campaignId],
      foreignColumns: [smsCampaigns.schoolId, smsCampaigns.id],
    }),
    // 'cancelled': never sent (the student was marked present, the guardian opted out, the fact is
    // obsolete); 'delivered': the gateway's delivery report said so.
    check('message_outbox_status_valid', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed', 'cancelled')`),
    check(
      'message_outbox_absence_has_period',
      sql`${t.kind} <> 'absence' or (${t.routineId} is not null and ${t.enrolmentId} is not null)`,
    ),
    check('message_outbox_parts_split', sql`${t.chargedLimit} + ${t.chargedBought} = ${t.parts}`),
  ],
);

/**
 * A school's SMS quota (docs/DOMAIN.md, "SMS centre"): the monthly limit the super admin sets and
 * the SMS the school bought (top-ups), which do not lapse. No row: no limit set (unlimited).
 */
export const smsQuotas = pgTable(
  'sms_quotas',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    monthlyLimit: integer('monthly_limit').notNull(),
    bought: integer('bought').notNull().default(0),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sms_quotas_limit_range', sql`${t.monthlyLimit} >= 0`),
    check('sms_quotas_bought_range', sql`${t.bought} >= 0`),
  ],
);

/** Parts of a school's monthly limit used in a month (bought SMS are taken from sms_quotas.bought). */
export const smsUsage = pgTable(
  'sms_usage',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.month] }), check('sms_usage_used_range', sql`${t.used} >= 0`)],
);

/** SMS bought through the payment provider: credited once, on the provider's verified confirmation. */
export const smsTopups = pgTable(
  'sms_topups',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    parts: integer('parts').notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    providerTxnId: varchar('provider_txn_id', { length: 60 }),
    /** A test provider's (the sandbox's) confirmation: recorded, never credited. */
    isTest: boolean('is_test').notNull().default(false),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // School first in every key: ready to distribute by school (docs/SCALING.md).
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique('sms_topups_token_uq').on(t.schoolId, t.token),
    unique('sms_topups_provider_txn_uq').on(t.schoolId, t.provider, t.providerTxnId),
    check('sms_topups_status_valid', sql`${t.status} in ('pending', 'paid', 'cancelled', 'failed')`),
    check('sms_topups_parts_positive', sql`${t.parts} > 0`),
    index('sms_topups_school_idx').on(t.schoolId, t.createdAt),
  ],
);

/** A composed message to many guardians: who wrote it, to whom, what it cost. */
export const smsCampaigns = pgTable(
  'sms_campaigns',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 20 }).notNull().default('general'),
    template: varchar('template', { length: 1000 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    audience: jsonb('audience').notNull(),
    recipients: integer('recipients').notNull(),
    parts: integer('parts').notNull(),
    sendAfter: timestamp('send_after', { withTimezone: true }),
    urgent: boolean('urgent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // School first in every key: ready to distribute by school (docs/SCALING.md).
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('sms_campaigns_school_idx').on(t.schoolId, t.createdAt),
  ],
);

/** A guardian who wants no SMS of a purpose (docs/DOMAIN.md, "SMS centre"); guardians.sms_preference 'none' is all. */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.purpose] })],
);

/** A school's automatic messages: each purpose on or off, with its own template (null: the built-in one). */
export const smsAutoSettings = pgTable(
  'sms_auto_settings',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    templateEn: varchar('template_en', { length: 1000 }),
    templateBn: varchar('template_bn', { length: 1000 }),
    /** Fee reminders: how many days before the last date. */
    daysBefore: smallint('days_before').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.purpose] })],
);

// ---------------------------------------------------------------- exams and marks

/**
 * What an exam counts as on the grade sheet. Several exam types may share the kind class_test
 * (the monthly class tests); the school names its types as it likes.
 */
export const EXAM_KINDS = [
  'class_test',
  'half_yearly_sub',
  'half_yearly_mcq',
  'final_sub',
  'final_mcq',
  'extra_curricular',
] as const;

/** A school's exam types (the spec's "exam name"): kind fixes the grade sheet column, the name is the school's. */
export const examTypes = pgTable(
  'exam_types',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    examName: varchar('exam_name', { length: 60 }).notNull(),
    /** The Bangla name ('' = none; docs/i18n.md, "Bangla names"). */
    examNameBn: varchar('exam_name_bn', { length: 60 }).notNull().default(''),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'exam_types_pkey', columns: [t.id, t.schoolId] }),
    unique('exam_types_name_uq').on(t.schoolId, t.examName),
    check(
      'exam_types_kind_valid',
      sql`${t.kind} in ('class_test', 'half_yearly_sub', 'half_yearly_mcq', 'final_sub', 'final_mcq', 'extra_curricular')`,
    ),
  ],
);

/**
 * One exam (the spec's exam_info): a school's exam type for a subject of a section in a session.
 * Full marks are what the paper is out of, converted marks the weight it carries on the grade
 * sheet (a 100-mark final converted to 70).
 */
export const exams = pgTable(
  'exams',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    examTypeId: integer('exam_type_id').notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    sectionId: integer('section_id').notNull(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    teacherId: integer('teacher_id'),
    fullMarks: numeric('full_marks', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    convertedMarks: numeric('converted_marks', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    examDate: date('exam_date', { mode: 'string' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'exams_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.examTypeId, t.schoolId], foreignColumns: [examTypes.id, examTypes.schoolId] }),
    foreignKey({
      columns: [t.sectionId, t.schoolId, t.classId],
      foreignColumns: [sections.id, sections.schoolId, sections.classId],
    }),
    foreignKey({
      name: 'exams_subject_class_fk',
      columns: [t.subjectId, t.classId],
      foreignColumns: [subjects.id, subjects.classId],
    }),
    foreignKey({ columns: [t.teacherId, t.schoolId], foreignColumns: [teachers.id, teachers.schoolId] }),
    unique('exams_once_uq').on(t.examTypeId, t.subjectId, t.sectionId, t.sessionId, t.schoolId),
    // Lets a mark carry its exam's full marks, section and session (and the database check them).
    unique('exams_mark_key_uq').on(t.id, t.schoolId, t.fullMarks, t.sectionId, t.sessionId),
    index('exams_school_session_idx').on(t.schoolId, t.sessionId, t.classId),
    index('exams_section_session_idx').on(t.sectionId, t.sessionId),
    check('exams_full_marks_positive', sql`${t.fullMarks} > 0`),
    check('exams_converted_marks_bounds', sql`${t.convertedMarks} > 0 and ${t.convertedMarks} <= ${t.fullMarks}`),
  ],
);

/**
 * A student's mark in an exam: a number from 0 to the exam's full marks, or absent. Not entered
 * (blank) is no row. The exam's full marks, section and session ride on the row through the
 * foreign key (following changes), so the database itself refuses a mark above full marks, and a
 * section's marks are one index range.
 */
export const examMarks = pgTable(
  'exam_marks',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    examId: integer('exam_id').notNull(),
    fullMarks: numeric('full_marks', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    sectionId: integer('section_id').notNull(),
    sessionId: integer('session_id').notNull(),
    enrolmentId: integer('enrolment_id').notNull(),
    marksObtained: numeric('marks_obtained', { precision: 5, scale: 2, mode: 'number' }),
    absent: boolean('absent').notNull().default(false),
    enteredByUserId: integer('entered_by_user_id')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'exam_marks_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'exam_marks_exam_fk',
      columns: [t.examId, t.schoolId, t.fullMarks, t.sectionId, t.sessionId],
      foreignColumns: [exams.id, exams.schoolId, exams.fullMarks, exams.sectionId, exams.sessionId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // The school's own enrolment. That it is of the exam's section is the API's check, not a key:
    // a student moved to another section mid-year keeps the marks they had (and the move is not blocked).
    foreignKey({
      name: 'exam_marks_enrolment_fk',
      columns: [t.enrolmentId, t.schoolId],
      foreignColumns: [enrolments.id, enrolments.schoolId],
    }),
    unique('exam_marks_exam_enrolment_uq').on(t.examId, t.enrolmentId, t.schoolId),
    index('exam_marks_enrolment_idx').on(t.enrolmentId),
    // A section's marks of a session (the grade sheet's ranking reads them all): one index range,
    // not a scan of every school's marks (district: 99.6 ms and 26,117 buffers without it).
    index('exam_marks_section_session_idx').on(t.sectionId, t.sessionId, t.examId),
    check(
      'exam_marks_value_valid',
      sql`(${t.absent} and ${t.marksObtained} is null) or (not ${t.absent} and ${t.marksObtained} is not null and ${t.marksObtained} >= 0 and ${t.marksObtained} <= ${t.fullMarks})`,
    ),
  ],
);

/** Every change of a mark (entered, changed, cleared, deleted): who, when, old and new. Null mark and not absent = blank. */
export const examMarkAudit = pgTable(
  'exam_mark_audit',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    examId: integer('exam_id').notNull(),
    enrolmentId: integer('enrolment_id').notNull(),
    changedByUserId: integer('changed_by_user_id')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A save queued on a phone: when the teacher entered it there (`entered_at`, never
     * after changed_at). Null for a save made online. A queued save's conflict rule
     * (services/exams.ts saveMarks) takes a change as entered at coalesce(entered_at, changed_at).
     */
    enteredAt: timestamp('entered_at', { withTimezone: true }),
    oldMark: numeric('old_mark', { precision: 5, scale: 2, mode: 'number' }),
    oldAbsent: boolean('old_absent').notNull().default(false),
    newMark: numeric('new_mark', { precision: 5, scale: 2, mode: 'number' }),
    newAbsent: boolean('new_absent').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'exam_mark_audit_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.examId, t.schoolId], foreignColumns: [exams.id, exams.schoolId] }).onDelete('cascade'),
    foreignKey({ columns: [t.enrolmentId, t.schoolId], foreignColumns: [enrolments.id, enrolments.schoolId] }),
    index('exam_mark_audit_exam_idx').on(t.examId, t.changedAt),
  ],
);

/**
 * A school's results of a session: published (students see their mark and grade sheets) and
 * locked (no mark changes). Publishing locks; the admin may unlock to correct marks (the results
 * stay published) and publish again to lock. No row: not published, not locked.
 */
export const resultPublications = pgTable(
  'result_publications',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    published: boolean('published').notNull().default(true),
    locked: boolean('locked').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedByUserId: integer('published_by_user_id').references(() => users.id),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    unlockedByUserId: integer('unlocked_by_user_id').references(() => users.id),
  },
  (t) => [primaryKey({ name: 'result_publications_pk', columns: [t.schoolId, t.sessionId] })],
);

// ---------------------------------------------------------------- platform

/**
 * Failed sign-ins, one row each, keyed by `acct:<user id or lowered id typed>` and `addr:<ip>`.
 * In the database, not process memory, so several server processes share one budget. Old rows
 * are purged with expired sessions.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 200 }).notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.failedAt)],
);

/**
 * Answers to writes sent with an `Idempotency-Key` header, per user: a retried request with the
 * same key gets the first answer back instead of writing twice. Purged after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    /** SHA-256 of the request body: the same key with another body is refused (422). */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Null while the first request is still running. */
    statusCode: smallint('status_code'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- academic calendar

/** The kinds of calendar entry (spec part 2, Academic calendar: "Schedule Type"). */
export const CALENDAR_TYPES = ['holiday', 'exam', 'event', 'meeting', 'other'] as const;

/**
 * A school's academic calendar: one row per holiday, exam, event or meeting, a real date or date
 * range (start_date .. end_date, both inclusive) within one academic session. `topics` is the
 * spec's free text (the title); `details` an optional longer note. Holidays close the school:
 * attendance cannot be taken on them and they are not school days in the summaries.
 */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    type: varchar('type', { length: 16 }).notNull(),
    topics: varchar('topics', { length: 200 }).notNull(),
    details: varchar('details', { length: 2000 }).notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'calendar_entries_pkey', columns: [t.id, t.schoolId] }),
    check('calendar_entries_type_valid', sql`${t.type} in ('holiday', 'exam', 'event', 'meeting', 'other')`),
    check('calendar_entries_range_valid', sql`${t.endDate} >= ${t.startDate}`),
    index('calendar_entries_school_date_idx').on(t.schoolId, t.startDate),
  ],
);

// ---------------------------------------------------------------- homework

/**
 * Homework a teacher sets for one section and subject, in a session. The attachment, if any, is a
 * file of server/storage (content-addressed by its sha256); the row keeps its name, type and size.
 */
export const homework = pgTable(
  'homework',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    sectionId: integer('section_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    topic: varchar('topic', { length: 200 }).notNull(),
    details: varchar('details', { length: 5000 }).notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    fileSha256: varchar('file_sha256', { length: 64 }),
    fileName: varchar('file_name', { length: 200 }),
    fileType: varchar('file_type', { length: 120 }),
    fileSize: integer('file_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'homework_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      columns: [t.sectionId, t.schoolId, t.classId],
      foreignColumns: [sections.id, sections.schoolId, sections.classId],
    }),
    foreignKey({ columns: [t.teacherId, t.schoolId], foreignColumns: [teachers.id, teachers.schoolId] }),
    foreignKey({
      name: 'homework_subject_class_fk',
      columns: [t.subjectId, t.classId],
      foreignColumns: [subjects.id, subjects.classId],
    }),
    check('homework_dates_ordered', sql`${t.issueDate} <= ${t.dueDate}`),
    check(
      'homework_file_whole',
      sql`(${t.fileSha256} is null) = (${t.fileName} is null) and (${t.fileSha256} is null) = (${t.fileType} is null)`,
    ),
    index('homework_teacher_idx').on(t.teacherId, t.createdAt),
    index('homework_section_idx').on(t.sectionId, t.sessionId, t.dueDate),
    index('homework_school_issue_idx').on(t.schoolId, t.issueDate),
    // Is a stored file still kept by a row? (server/storage/sweep.ts)
    index('homework_file_idx').on(t.fileSha256),
  ],
);

/**
 * A student's answer to a homework: one per student and homework. A re-submission up to the due
 * date replaces the file; after it, a first submission is accepted and marked late, and an answer
 * already in is kept as it was (services/homework.ts).
 */
export const homeworkSubmissions = pgTable(
  'homework_submissions',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    homeworkId: integer('homework_id').notNull(),
    studentId: integer('student_id').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    late: boolean('late').notNull().default(false),
    fileSha256: varchar('file_sha256', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    fileType: varchar('file_type', { length: 120 }).notNull(),
    fileSize: integer('file_size').notNull(),
  },
  (t) => [
    primaryKey({ name: 'homework_submissions_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.homeworkId, t.schoolId], foreignColumns: [homework.id, homework.schoolId] }),
    foreignKey({ columns: [t.studentId, t.schoolId], foreignColumns: [students.id, students.schoolId] }),
    unique('homework_submissions_once_uq').on(t.homeworkId, t.studentId, t.schoolId),
    index('homework_submissions_student_idx').on(t.studentId),
    index('homework_submissions_file_idx').on(t.fileSha256),
  ],
);

/**
 * A teacher's mark and feedback on a student's homework answer (docs/DOMAIN.md, "Homework marks"):
 * at most one per submission, written by the homework's teacher only; every change is audited
 * (security_audit, action `homework.mark`, with the mark before and after).
 */
export const homeworkMarks = pgTable(
  'homework_marks',
  {
    submissionId: integer('submission_id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    mark: numeric('mark', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    feedback: varchar('feedback', { length: 1000 }).notNull().default(''),
    markedBy: integer('marked_by')
      .notNull()
      .references(() => users.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'homework_marks_pkey', columns: [t.submissionId, t.schoolId] }),
    foreignKey({
      name: 'homework_marks_submission_fk',
      columns: [t.submissionId, t.schoolId],
      foreignColumns: [homeworkSubmissions.id, homeworkSubmissions.schoolId],
    }).onDelete('cascade'),
    check('homework_marks_range', sql`${t.mark} >= 0 and ${t.mark} <= 100`),
  ],
);

// ---------------------------------------------------------------- subject registration

/**
 * Which subjects a student takes in a session (spec part 2 §Subject registration): one row per
 * enrolment and subject, `fourth` true for the 4th (optional) subject. One table for both lists, so
 * that the database itself makes the two rules of the 4th subject impossible to break: a subject is
 * either compulsory or the 4th for a student, never both (the unique pair), and a student has at
 * most one 4th subject a session (the partial unique index; an enrolment is one student in one
 * session). The class rides on the row so the subject must be of the enrolment's own class.
 */
export const subjectRegistrations = pgTable(
  'subject_registrations',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    enrolmentId: integer('enrolment_id').notNull(),
    classId: integer('class_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    fourth: boolean('fourth').notNull().default(false),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'subject_registrations_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'subject_registrations_enrolment_fk',
      columns: [t.enrolmentId, t.schoolId, t.classId],
      foreignColumns: [enrolments.id, enrolments.schoolId, enrolments.classId],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    foreignKey({
      name: 'subject_registrations_subject_class_fk',
      columns: [t.subjectId, t.classId],
      foreignColumns: [subjects.id, subjects.classId],
    }),
    unique('subject_registrations_once_uq').on(t.enrolmentId, t.subjectId, t.schoolId),
    uniqueIndex('subject_registrations_one_fourth_uq')
      .on(t.enrolmentId, t.schoolId)
      .where(sql`${t.fourth}`),
    index('subject_registrations_school_idx').on(t.schoolId, t.fourth, t.id),
  ],
);

// ---------------------------------------------------------------- fees and payments

/**
 * A school's fee heads ("sectors": tuition, exam fee, transport...). The old portal's table had no
 * school column, so every school saw every sector; here each school has its own, codes unique
 * within the school.
 */
export const feeSectors = pgTable(
  'fee_sectors',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sectorCode: varchar('sector_code', { length: 20 }).notNull(),
    sectorName: varchar('sector_name', { length: 100 }).notNull(),
    /** The Bangla name ('' = none; docs/i18n.md, "Bangla names"). */
    sectorNameBn: varchar('sector_name_bn', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fee_sectors_pkey', columns: [t.id, t.schoolId] }),
    unique('fee_sectors_code_uq').on(t.schoolId, t.sectorCode),
    check('fee_sectors_code_present', sql`length(trim(${t.sectorCode})) > 0`),
    check('fee_sectors_name_present', sql`length(trim(${t.sectorName})) > 0`),
  ],
);

/**
 * A fee: a sector's amount in a session for a class, a section or named students, due by
 * `last_date`. Money is integer poisha (1 taka = 100 poisha), never floating point. The same
 * sector, session, target and last date is one fee (nulls not distinct), so posting it again only
 * invoices the students it covers who have no invoice yet.
 */
export const fees = pgTable(
  'fees',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sectorId: integer('sector_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    /** 'class', 'section' or 'students' (named students, listed by their invoices). */
    scope: varchar('scope', { length: 10 }).notNull(),
    classId: integer('class_id').references(() => classes.id),
    sectionId: integer('section_id'),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    lateFeePoisha: bigint('late_fee_poisha', { mode: 'number' }).notNull().default(0),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fees_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.sectorId, t.schoolId], foreignColumns: [feeSectors.id, feeSectors.schoolId] }),
    foreignKey({
      name: 'fees_section_fk',
      columns: [t.sectionId, t.schoolId],
      foreignColumns: [sections.id, sections.schoolId],
    }),
    check('fees_scope_valid', sql`${t.scope} in ('class', 'section', 'students')`),
    check(
      'fees_scope_target',
      sql`(${t.scope} = 'class' and ${t.classId} is not null and ${t.sectionId} is null)
        or (${t.scope} = 'section' and ${t.classId} is not null and ${t.sectionId} is not null)
        or (${t.scope} = 'students' and ${t.sectionId} is null)`,
    ),
    check('fees_amount_positive', sql`${t.amountPoisha} > 0`),
    check('fees_late_fee_not_negative', sql`${t.lateFeePoisha} >= 0`),
    unique('fees_target_uq')
      .on(t.schoolId, t.sectorId, t.sessionId, t.scope, t.classId, t.sectionId, t.lastDate)
      .nullsNotDistinct(),
    index('fees_school_session_idx').on(t.schoolId, t.sessionId),
  ],
);

/** A student's due amount for a fee: one per fee and student, so regenerating creates no duplicates. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    feeId: integer('fee_id').notNull(),
    studentId: integer('student_id').notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    /**
     * 'fee': the fee's own invoice; 'late_fee': the fee's late fee, invoiced once to a student who
     * still owes after the last date (services/fees.ts, generateLateFees). One of each per fee and student.
     */
    kind: varchar('kind', { length: 10 }).notNull().default('fee'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invoices_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.feeId, t.schoolId], foreignColumns: [fees.id, fees.schoolId] }),
    foreignKey({ columns: [t.studentId, t.schoolId], foreignColumns: [students.id, students.schoolId] }),
    unique('invoices_fee_student_kind_uq').on(t.feeId, t.studentId, t.kind, t.schoolId),
    check('invoices_kind_valid', sql`${t.kind} in ('fee', 'late_fee')`),
    check('invoices_amount_positive', sql`${t.amountPoisha} > 0`),
    index('invoices_student_idx').on(t.studentId),
    index('invoices_school_idx').on(t.schoolId),
  ],
);

/** A waiver or discount on one invoice, with its reason. It lowers the due; it is never edited. */
export const invoiceWaivers = pgTable(
  'invoice_waivers',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 300 }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'invoice_waivers_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.invoiceId, t.schoolId], foreignColumns: [invoices.id, invoices.schoolId] }),
    check('invoice_waivers_kind_valid', sql`${t.kind} in ('waiver', 'discount')`),
    check('invoice_waivers_amount_positive', sql`${t.amountPoisha} > 0`),
    check('invoice_waivers_reason_present', sql`length(trim(${t.reason})) > 0`),
    index('invoice_waivers_invoice_idx').on(t.invoiceId),
  ],
);

/** The last receipt number given in each school: receipts are numbered per school without gaps. */
export const feeReceiptCounters = pgTable('fee_receipt_counters', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id),
  lastNo: integer('last_no').notNull(),
});

/**
 * The ledger: money received (kind 'payment', amount > 0) or given back / taken off a wrong entry
 * (kind 'refund' or 'correction', amount < 0, pointing at the entry it reverses). Entries are
 * never edited; each has a receipt number unique in its school. Its allocations say which
 * invoices it settles and always sum to its amount. A test entry (`is_test`: made through a
 * provider that moves no money, the sandbox) is kept and shown, marked, but has no allocations:
 * it settles nothing and is no money received; it cannot be refunded.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: integer('student_id').notNull(),
    receiptNo: varchar('receipt_no', { length: 30 }).notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    reference: varchar('reference', { length: 60 }).notNull().default(''),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    reversesPaymentId: integer('reverses_payment_id'),
    reason: varchar('reason', { length: 300 }).notNull().default(''),
    receivedByUserId: integer('received_by_user_id').references(() => users.id),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payments_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.studentId, t.schoolId], foreignColumns: [students.id, students.schoolId] }),
    foreignKey({
      name: 'payments_reverses_fk',
      columns: [t.reversesPaymentId, t.schoolId],
      foreignColumns: [t.id, t.schoolId],
    }),
    unique('payments_receipt_uq').on(t.schoolId, t.receiptNo),
    check('payments_kind_valid', sql`${t.kind} in ('payment', 'refund', 'correction')`),
    check('payments_method_valid', sql`${t.method} in ('cash', 'mobile_wallet', 'bank')`),
    check(
      'payments_sign',
      sql`(${t.kind} = 'payment' and ${t.amountPoisha} > 0 and ${t.reversesPaymentId} is null)
        or (${t.kind} <> 'payment' and ${t.amountPoisha} < 0 and ${t.reversesPaymentId} is not null)`,
    ),
    check('payments_wallet_reference', sql`${t.method} <> 'mobile_wallet' or length(trim(${t.reference})) > 0`),
    check('payments_test_is_wallet', sql`not ${t.isTest} or ${t.method} = 'mobile_wallet'`),
    index('payments_student_idx').on(t.studentId),
    index('payments_school_day_idx').on(t.schoolId, t.createdAt),
  ],
);

/** How much of a ledger entry went to (or came off) each invoice; same sign as its entry. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    paymentId: integer('payment_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'payment_allocations_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.paymentId, t.schoolId], foreignColumns: [payments.id, payments.schoolId] }),
    foreignKey({ columns: [t.invoiceId, t.schoolId], foreignColumns: [invoices.id, invoices.schoolId] }),
    unique('payment_allocations_once_uq').on(t.paymentId, t.invoiceId, t.schoolId),
    check('payment_allocations_not_zero', sql`${t.amountPoisha} <> 0`),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
  ],
);

// ---------------------------------------------------------------- the school's resources

/**
 * A school's library catalogue. `on_loan` counts the open loans and is changed only in the same
 * transaction as the loan row, by a conditional update; the check `on_loan <= copies` makes
 * lending the last copy twice (or lowering `copies` below what is out) impossible in the database
 * itself, whatever the timing of two requests.
 */
export const libraryBooks = pgTable(
  'library_books',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    title: varchar('title', { length: 200 }).notNull(),
    author: varchar('author', { length: 200 }).notNull().default(''),
    category: varchar('category', { length: 80 }).notNull().default(''),
    copies: integer('copies').notNull(),
    onLoan: integer('on_loan').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'library_books_pkey', columns: [t.id, t.schoolId] }),
    check('library_books_title_present', sql`length(trim(${t.title})) > 0`),
    check('library_books_copies_range', sql`${t.copies} >= 0 and ${t.copies} <= 10000`),
    check('library_books_on_loan_range', sql`${t.onLoan} >= 0 and ${t.onLoan} <= ${t.copies}`),
    index('library_books_school_title_idx').on(t.schoolId, t.title),
  ],
);

/** One copy lent to a student: open while `returned_on` is null; one open loan per book and student. */
export const libraryLoans = pgTable(
  'library_loans',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    bookId: integer('book_id').notNull(),
    studentId: integer('student_id').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    returnedOn: date('returned_on', { mode: 'string' }),
    issuedByUserId: integer('issued_by_user_id').references(() => users.id),
    returnedByUserId: integer('returned_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'library_loans_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'library_loans_book_fk',
      columns: [t.bookId, t.schoolId],
      foreignColumns: [libraryBooks.id, libraryBooks.schoolId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'library_loans_student_fk',
      columns: [t.studentId, t.schoolId],
      foreignColumns: [students.id, students.schoolId],
    }),
    check('library_loans_due_after_issue', sql`${t.dueDate} >= ${t.issuedOn}`),
    check('library_loans_return_after_issue', sql`${t.returnedOn} is null or ${t.returnedOn} >= ${t.issuedOn}`),
    uniqueIndex('library_loans_one_open_uq')
      .on(t.bookId, t.studentId, t.schoolId)
      .where(sql`${t.returnedOn} is null`),
    index('library_loans_student_idx').on(t.studentId, t.returnedOn),
    index('library_loans_school_open_idx').on(t.schoolId, t.returnedOn, t.dueDate),
  ],
);

/** A file the school shares with its students (an e-book), optionally labelled with a class and subject. */
export const ebooks = pgTable(
  'ebooks',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    title: varchar('title', { length: 200 }).notNull(),
    classId: integer('class_id').references(() => classes.id),
    subjectId: integer('subject_id').references(() => subjects.id),
    fileSha256: varchar('file_sha256', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    fileType: varchar('file_type', { length: 120 }).notNull(),
    fileSize: integer('file_size').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ebooks_pkey', columns: [t.id, t.schoolId] }),
    check('ebooks_title_present', sql`length(trim(${t.title})) > 0`),
    index('ebooks_school_idx').on(t.schoolId, t.createdAt),
    index('ebooks_file_idx').on(t.fileSha256),
  ],
);

/** A link the school curates for its students; only http and https addresses. */
export const importantLinks = pgTable(
  'important_links',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    title: varchar('title', { length: 200 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'important_links_pkey', columns: [t.id, t.schoolId] }),
    check('important_links_title_present', sql`length(trim(${t.title})) > 0`),
    check('important_links_url_http', sql`${t.url} ~* '^https?://'`),
    index('important_links_school_idx').on(t.schoolId, t.title),
  ],
);

/**
 * An online payment through the payment provider: created pending when the student
 * (or whoever `mayPayFor` allows) starts it, with the invoices and amount chosen; completed by the
 * provider's signed callback, which records the ledger entry (`payment_id`) exactly once. A
 * pending, cancelled or failed one never touches the ledger. `token` is the public reference the
 * provider and the browser carry; `provider_txn_id` is unique per provider. `is_test`: started
 * through a provider that moves no money (the sandbox); its ledger entry is a test entry.
 */
export const onlinePayments = pgTable(
  'online_payments',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: integer('student_id').notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    wallet: varchar('wallet', { length: 16 }).notNull(),
    invoiceIds: integer('invoice_ids').array().notNull(),
    amountPoisha: bigint('amount_poisha', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    providerTxnId: varchar('provider_txn_id', { length: 60 }),
    paymentId: integer('payment_id'),
    failure: varchar('failure', { length: 300 }).notNull().default(''),
    isTest: boolean('is_test').notNull().default(false),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'online_payments_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.studentId, t.schoolId], foreignColumns: [students.id, students.schoolId] }),
    foreignKey({ columns: [t.paymentId, t.schoolId], foreignColumns: [payments.id, payments.schoolId] }),
    unique('online_payments_token_uq').on(t.token, t.schoolId),
    unique('online_payments_provider_txn_uq').on(t.provider, t.providerTxnId, t.schoolId),
    unique('online_payments_payment_uq').on(t.paymentId, t.schoolId),
    check('online_payments_status_valid', sql`${t.status} in ('pending', 'paid', 'cancelled', 'failed')`),
    check('online_payments_wallet_valid', sql`${t.wallet} in ('bkash', 'nagad', 'rocket')`),
    check('online_payments_amount_positive', sql`${t.amountPoisha} > 0`),
    check(
      'online_payments_paid_has_entry',
      sql`(${t.status} = 'paid') = (${t.paymentId} is not null and ${t.providerTxnId} is not null)`,
    ),
    index('online_payments_student_idx').on(t.studentId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- eSchool and activities

/**
 * An online class a teacher (or the school admin) schedules for one section and subject they have
 * in the routine. Cancelling keeps the row (cancelled_at) so students see it was called off.
 */
export const onlineClasses = pgTable(
  'online_classes',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    sectionId: integer('section_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    topic: varchar('topic', { length: 200 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    meetingUrl: varchar('meeting_url', { length: 500 }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'online_classes_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      columns: [t.sectionId, t.schoolId, t.classId],
      foreignColumns: [sections.id, sections.schoolId, sections.classId],
    }),
    foreignKey({ columns: [t.teacherId, t.schoolId], foreignColumns: [teachers.id, teachers.schoolId] }),
    foreignKey({
      name: 'online_classes_subject_class_fk',
      columns: [t.subjectId, t.classId],
      foreignColumns: [subjects.id, subjects.classId],
    }),
    check('online_classes_duration', sql`${t.durationMinutes} between 5 and 300`),
    check('online_classes_https', sql`${t.meetingUrl} like 'https://%'`),
    index('online_classes_section_idx').on(t.sectionId, t.sessionId, t.startsAt),
    index('online_classes_teacher_idx').on(t.teacherId, t.startsAt),
    index('online_classes_school_idx').on(t.schoolId, t.startsAt),
  ],
);

/** An extra-curricular activity (club, sport, competition) of a school in a session. */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    name: varchar('name', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The teacher in charge, who records participation and marks beside the school admin. */
    teacherId: integer('teacher_id'),
    fullMarks: smallint('full_marks').notNull().default(100),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'activities_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.teacherId, t.schoolId], foreignColumns: [teachers.id, teachers.schoolId] }),
    unique('activities_name_uq').on(t.schoolId, t.sessionId, t.name),
    check('activities_kind_valid', sql`${t.kind} in ('club', 'sport', 'competition', 'other')`),
    check('activities_full_marks', sql`${t.fullMarks} between 1 and 1000`),
  ],
);

/**
 * A student's participation in an activity (through the session's enrolment, so it survives
 * promotion) and, once assessed, their marks out of the activity's full marks.
 */
export const activityParticipants = pgTable(
  'activity_participants',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    activityId: integer('activity_id').notNull(),
    enrolmentId: integer('enrolment_id').notNull(),
    role: varchar('role', { length: 80 }).notNull().default(''),
    marks: numeric('marks', { precision: 6, scale: 2 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'activity_participants_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({ columns: [t.activityId, t.schoolId], foreignColumns: [activities.id, activities.schoolId] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.enrolmentId, t.schoolId], foreignColumns: [enrolments.id, enrolments.schoolId] }),
    unique('activity_participants_once_uq').on(t.activityId, t.enrolmentId, t.schoolId),
    index('activity_participants_enrolment_idx').on(t.enrolmentId),
    check('activity_participants_marks', sql`${t.marks} is null or ${t.marks} >= 0`),
  ],
);

// ---------------------------------------------------------------- uploads

/**
 * One row per file a user uploaded, for the per-user rate limit (UPLOAD_RATE_PER_HOUR): replacing
 * a file updates its row, so the rows that keep files cannot count uploads. Purged after a day by
 * the housekeeping job.
 */
export const uploadEvents = pgTable(
  'upload_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_events_user_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- subject activities

/**
 * A subject activity: what the old portal's teachers set for a subject of a section they teach
 * (a project, a presentation, a quiz), answered like homework and marked out of its full mark. Its
 * marks are the subject's Extra Curriculum (5%) on the grade sheet (docs/DOMAIN.md, "Exams and
 * grades"; services/subject-activities.ts). Not the clubs and sports of `activities`. The
 * attachment, if any, is a file of server/storage, as homework's.
 */
export const subjectActivities = pgTable(
  'subject_activities',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => academicSessions.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    sectionId: integer('section_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    questions: varchar('questions', { length: 5000 }).notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    fullMark: smallint('full_mark').notNull(),
    fileSha256: varchar('file_sha256', { length: 64 }),
    fileName: varchar('file_name', { length: 200 }),
    fileType: varchar('file_type', { length: 120 }),
    fileSize: integer('file_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'subject_activities_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'subject_activities_section_fk',
      columns: [t.sectionId, t.schoolId, t.classId],
      foreignColumns: [sections.id, sections.schoolId, sections.classId],
    }),
    foreignKey({
      name: 'subject_activities_teacher_fk',
      columns: [t.teacherId, t.schoolId],
      foreignColumns: [teachers.id, teachers.schoolId],
    }),
    foreignKey({
      name: 'subject_activities_subject_class_fk',
      columns: [t.subjectId, t.classId],
      foreignColumns: [subjects.id, subjects.classId],
    }),
    check('subject_activities_times_ordered', sql`${t.startsAt} < ${t.dueAt}`),
    check('subject_activities_full_mark', sql`${t.fullMark} between 1 and 1000`),
    check(
      'subject_activities_file_whole',
      sql`(${t.fileSha256} is null) = (${t.fileName} is null) and (${t.fileSha256} is null) = (${t.fileType} is null)`,
    ),
    index('subject_activities_teacher_idx').on(t.teacherId, t.createdAt),
    index('subject_activities_section_idx').on(t.sectionId, t.sessionId, t.dueAt),
    // Is a stored file still kept by a row? (server/storage/sweep.ts)
    index('subject_activities_file_idx').on(t.fileSha256),
  ],
);

/**
 * A student's answer to a subject activity (one per student and activity): text, a file or both,
 * sent between the activity's start and due time on the server's clock; a re-sending before the
 * due time replaces it while it is not yet marked. The activity's teacher marks it (0 to the full
 * mark, two decimals) with feedback.
 */
export const subjectActivitySubmissions = pgTable(
  'subject_activity_submissions',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    activityId: integer('activity_id').notNull(),
    studentId: integer('student_id').notNull(),
    answer: varchar('answer', { length: 5000 }).notNull().default(''),
    /** The server's clock (server/clock.ts) when the answer came, not the database's. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    fileSha256: varchar('file_sha256', { length: 64 }),
    fileName: varchar('file_name', { length: 200 }),
    fileType: varchar('file_type', { length: 120 }),
    fileSize: integer('file_size'),
    mark: numeric('mark', { precision: 6, scale: 2 }),
    feedback: varchar('feedback', { length: 1000 }).notNull().default(''),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    markedBy: integer('marked_by'),
  },
  (t) => [
    primaryKey({ name: 'subject_activity_submissions_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'subject_activity_submissions_activity_fk',
      columns: [t.activityId, t.schoolId],
      foreignColumns: [subjectActivities.id, subjectActivities.schoolId],
    }),
    foreignKey({
      name: 'subject_activity_submissions_student_fk',
      columns: [t.studentId, t.schoolId],
      foreignColumns: [students.id, students.schoolId],
    }),
    foreignKey({
      name: 'subject_activity_submissions_marker_fk',
      columns: [t.markedBy, t.schoolId],
      foreignColumns: [teachers.id, teachers.schoolId],
    }),
    unique('subject_activity_submissions_once_uq').on(t.activityId, t.studentId, t.schoolId),
    index('subject_activity_submissions_student_idx').on(t.studentId),
    index('subject_activity_submissions_file_idx').on(t.fileSha256),
    check('subject_activity_submissions_mark', sql`${t.mark} is null or ${t.mark} >= 0`),
    check('subject_activity_submissions_marked_whole', sql`(${t.mark} is null) = (${t.markedAt} is null)`),
    check(
      'subject_activity_submissions_file_whole',
      sql`(${t.fileSha256} is null) = (${t.fileName} is null) and (${t.fileSha256} is null) = (${t.fileType} is null)`,
    ),
    check('subject_activity_submissions_not_empty', sql`${t.fileSha256} is not null or length(${t.answer}) > 0`),
  ],
);

// ---------------------------------------------------------------- records (docs/DOMAIN.md, Records)

/**
 * A student's change of section or roll within a session, dated: the enrolment row keeps the
 * current section and roll (attendance and marks stay on it), and each change leaves a row here
 * with what it was and what it became, from which date, and who changed it.
 */
export const enrolmentChanges = pgTable(
  'enrolment_changes',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    enrolmentId: integer('enrolment_id').notNull(),
    /** The school's date the change counts from. */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    fromClassId: integer('from_class_id').notNull(),
    fromSectionId: integer('from_section_id').notNull(),
    fromRollNo: integer('from_roll_no').notNull(),
    toClassId: integer('to_class_id').notNull(),
    toSectionId: integer('to_section_id').notNull(),
    toRollNo: integer('to_roll_no').notNull(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'enrolment_changes_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'enrolment_changes_enrolment_fk',
      columns: [t.enrolmentId, t.schoolId],
      foreignColumns: [enrolments.id, enrolments.schoolId],
    }).onDelete('cascade'),
    index('enrolment_changes_enrolment_idx').on(t.enrolmentId, t.effectiveOn),
  ],
);

/**
 * Transfer certificates and testimonials: one number per student and kind, given once from the
 * school's own sequence of that kind (certificate_counters) and kept when the paper is issued
 * again.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: integer('student_id').notNull(),
    kind: varchar('kind', { length: 12 }).notNull().$type<'tc' | 'testimonial'>(),
    serialNo: integer('serial_no').notNull(),
    /** The school's date of the first issue. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuedBy: integer('issued_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'certificates_pkey', columns: [t.id, t.schoolId] }),
    foreignKey({
      name: 'certificates_student_fk',
      columns: [t.studentId, t.schoolId],
      foreignColumns: [students.id, students.schoolId],
    }).onDelete('cascade'),
    check('certificates_kind_valid', sql`${t.kind} in ('tc', 'testimonial')`),
    check('certificates_serial_positive', sql`${t.serialNo} > 0`),
    unique('certificates_student_kind_uq').on(t.studentId, t.kind, t.schoolId),
    unique('certificates_serial_uq').on(t.schoolId, t.kind, t.serialNo),
  ],
);

/** The last certificate number a school gave, per kind. */
export const certificateCounters = pgTable(
  'certificate_counters',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    kind: varchar('kind', { length: 12 }).notNull().$type<'tc' | 'testimonial'>(),
    lastNo: integer('last_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.kind] })],
);

// ---------------------------------------------------------------- early warnings

/**
 * A school's chronic-absence thresholds (docs/DOMAIN.md, "Early warnings"); a school without a
 * row uses the defaults: below 75% of periods over the last 30 school days, or absent 3
 * consecutive school days.
 */
export const chronicAbsenceSettings = pgTable(
  'chronic_absence_settings',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id),
    thresholdPercent: smallint('threshold_percent').notNull().default(75),
    windowDays: smallint('window_days').notNull().default(30),
    consecutiveDays: smallint('consecutive_days').notNull().default(3),
  },
  (t) => [
    check('chronic_absence_threshold_range', sql`${t.thresholdPercent} between 1 and 100`),
    check('chronic_absence_window_range', sql`${t.windowDays} between 1 and 200`),
    check('chronic_absence_consecutive_range', sql`${t.consecutiveDays} between 1 and 60`),
  ],
);

/**
 * A student's episode of chronic absence: opened when detection first finds them below the
 * threshold or absent N school days running (one SMS to the guardians then), closed when a
 * later detection no longer does (an unsent SMS is cancelled). At most one open episode per
 * enrolment.
 */
export const chronicAbsenceEpisodes = pgTable(
  'chronic_absence_episodes',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    enrolmentId: integer('enrolment_id').notNull(),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    endedOn: date('ended_on', { mode: 'string' }),
    /** The outbox row of its SMS (none without a guardian's phone). */
    messageId: integer('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // School first in every key: ready to distribute by school (docs/SCALING.md).
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({ columns: [t.enrolmentId, t.schoolId], foreignColumns: [enrolments.id, enrolments.schoolId] }).onDelete(
      'cascade',
    ),
    // ON DELETE SET NULL (message_id) in the database (migration 0041_school_keys): drizzle cannot
    // name the column, and nulling school_id too would break its NOT NULL.
    foreignKey({
      name: 'chronic_absence_episodes_message_fk',
      columns: [t.messageId, t.schoolId],
      foreignColumns: [messageOutbox.id, messageOutbox.schoolId],
    }).onDelete('set null'),
    uniqueIndex('chronic_absence_one_open_uq')
      .on(t.schoolId, t.enrolmentId)
      .where(sql`${t.endedOn} is null`),
    index('chronic_absence_school_idx').on(t.schoolId, t.endedOn),
  ],
);

// ---------------------------------------------------------------- the teachers' own day

/**
 * A school's staff-day settings (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): the
 * check-in window (from `check_in_from` to `check_out_until`), the late mark (a check-in after
 * `late_after` is late) and each leave type's days a year. A school without a row has the defaults
 * below (services/staff.ts, `STAFF_DEFAULTS`).
 */
export const staffSettings = pgTable(
  'staff_settings',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    checkInFrom: time('check_in_from').notNull().default('07:00:00'),
    lateAfter: time('late_after').notNull().default('08:15:00'),
    checkOutUntil: time('check_out_until').notNull().default('17:00:00'),
    casualDays: smallint('casual_days').notNull().default(10),
    sickDays: smallint('sick_days').notNull().default(14),
    earnedDays: smallint('earned_days').notNull().default(20),
    otherDays: smallint('other_days').notNull().default(5),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'staff_settings_window_ordered',
      sql`${t.checkInFrom} <= ${t.lateAfter} and ${t.lateAfter} < ${t.checkOutUntil}`,
    ),
    check(
      'staff_settings_allowances_range',
      sql`${t.casualDays} between 0 and 366 and ${t.sickDays} between 0 and 366 and ${t.earnedDays} between 0 and 366 and ${t.otherDays} between 0 and 366`,
    ),
  ],
);

/**
 * A teacher's day at school: present, late or absent (a teacher's own check-in, or the school
 * admin's mark), with the check-in and check-out instants when the teacher checked in themself.
 * Approved leave is not stored here: the register reads it from leave_requests.
 */
export const staffAttendance = pgTable(
  'staff_attendance',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 8 }).notNull().$type<'present' | 'late' | 'absent'>(),
    checkInAt: timestamp('check_in_at', { withTimezone: true }),
    checkOutAt: timestamp('check_out_at', { withTimezone: true }),
    markedByUserId: integer('marked_by_user_id')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // School first in every key: ready to distribute by school (docs/SCALING.md).
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      name: 'staff_attendance_teacher_fk',
      columns: [t.teacherId, t.schoolId],
      foreignColumns: [teachers.id, teachers.schoolId],
    }).onDelete('cascade'),
    unique('staff_attendance_teacher_date_uq').on(t.schoolId, t.teacherId, t.date),
    index('staff_attendance_school_date_idx').on(t.schoolId, t.date),
    check('staff_attendance_status_valid', sql`${t.status} in ('present', 'late', 'absent')`),
  ],
);

/** A teacher's request for leave, and the school admin's decision on it. */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    leaveType: varchar('leave_type', { length: 8 }).notNull().$type<'casual' | 'sick' | 'earned' | 'other'>(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The school days the leave takes from the allowance (weekly off days and holidays left out). */
    days: smallint('days').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('pending').$type<'pending' | 'approved' | 'refused'>(),
    decisionNote: varchar('decision_note', { length: 500 }).notNull().default(''),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // School first in every key: ready to distribute by school (docs/SCALING.md).
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      name: 'leave_requests_teacher_fk',
      columns: [t.teacherId, t.schoolId],
      foreignColumns: [teachers.id, teachers.schoolId],
    }).onDelete('cascade'),
    check('leave_requests_type_valid', sql`${t.leaveType} in ('casual', 'sick', 'earned', 'other')`),
    check('leave_requests_status_valid', sql`${t.status} in ('pending', 'approved', 'refused')`),
    check('leave_requests_dates_ordered', sql`${t.startDate} <= ${t.endDate}`),
    index('leave_requests_school_status_idx').on(t.schoolId, t.status),
    index('leave_requests_teacher_idx').on(t.teacherId, t.startDate),
  ],
);

/**
 * A substitute for one routine period on one date (the routine itself stays): the substitute
 * takes that period's attendance that day and its own teacher does not.
 */
export const substitutions = pgTable(
  'substitutions',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id').notNull(),
    routineId: integer('routine_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    teacherId: integer('teacher_id').notNull(),
    assignedByUserId: integer('assigned_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // School first in every key: ready to distribute by school (docs/SCALING.md).
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      name: 'substitutions_routine_fk',
      columns: [t.routineId, t.schoolId],
      foreignColumns: [routines.id, routines.schoolId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'substitutions_teacher_fk',
      columns: [t.teacherId, t.schoolId],
      foreignColumns: [teachers.id, teachers.schoolId],
    }).onDelete('cascade'),
    unique('substitutions_routine_date_uq').on(t.schoolId, t.routineId, t.date),
    index('substitutions_teacher_date_idx').on(t.teacherId, t.date),
    index('substitutions_school_date_idx').on(t.schoolId, t.date),
  ],
);

/** A notice to the school's teachers: to all of them, or to those listed in staff_notice_recipients. */
export const staffNotices = pgTable(
  'staff_notices',
  {
    id: serial('id').notNull(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    creatorUserId: integer('creator_user_id')
      .notNull()
      .references(() => users.id),
    headline: varchar('headline', { length: 200 }).notNull(),
    description: varchar('description', { length: 5000 }).notNull().default(''),
    allTeachers: boolean('all_teachers').notNull(),
    publishingDate: date('publishing_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // School first in every key: ready to distribute by school (docs/SCALING.md).
    primaryKey({ columns: [t.schoolId, t.id] }),
    unique('staff_notices_id_school_uq').on(t.id, t.schoolId),
    index('staff_notices_school_date_idx').on(t.schoolId, t.publishingDate),
  ],
);

export const staffNoticeRecipients = pgTable(
  'staff_notice_recipients',
  {
    noticeId: integer('notice_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    schoolId: integer('school_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.noticeId, t.teacherId] }),
    foreignKey({
      name: 'staff_notice_recipients_notice_fk',
      columns: [t.noticeId, t.schoolId],
      foreignColumns: [staffNotices.id, staffNotices.schoolId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'staff_notice_recipients_teacher_fk',
      columns: [t.teacherId, t.schoolId],
      foreignColumns: [teachers.id, teachers.schoolId],
    }).onDelete('cascade'),
    index('staff_notice_recipients_teacher_idx').on(t.teacherId),
  ],
);
