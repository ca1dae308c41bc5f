/**
 * The super admin's setup: schools with their first admin, and organization types
 * (school types). Wire names follow the spec's form: snake_case fields, `upazilla` spelled as the
 * spec spells it, and the organization body's `Organization_type` / `organization_code`.
 */
import { z } from 'zod';
import { id, pageQueryWith, type PageLimits } from './common';
import { mobileField, personCode } from './people';

export const SETUP_MESSAGES = {
  schoolAdded: 'New School Created!',
  schoolSaved: 'School Updated!',
  organizationCreated: 'New Organization Created!',
  organizationSaved: 'Organization Updated!',
  organizationDeleted: 'Organization Deleted!',
} as const;

export const SETUP_SUCCESS_CODES = {
  schoolAdded: 'setup.school_added',
  schoolSaved: 'setup.school_saved',
  organizationCreated: 'setup.organization_created',
  organizationSaved: 'setup.organization_saved',
  organizationDeleted: 'setup.organization_deleted',
} as const;

export const EIIN_RULE = 'must be exactly 6 digits';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`);
const optionalText = (label: string, max: number) => text(label, max).optional().default('');
const emailField = (label: string) =>
  text(label, 120)
    .optional()
    .default('')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), `${label} must be an e-mail address`);

export const eiinField = z
  .string({ error: 'eiin must be text' })
  .trim()
  .regex(/^[0-9]{6}$/, `eiin ${EIIN_RULE}`);

/** What a school is: type, EIIN, names, address and head. Shared by create and the super admin's edit. */
export const schoolFields = {
  school_type: id('school_type'),
  eiin: eiinField,
  school_name: required('school_name', 200),
  short_name: required('short_name', 40),
  division: id('division'),
  district: id('district'),
  upazilla: id('upazilla'),
  address: optionalText('address', 200),
  phone: mobileField('phone'),
  email: emailField('email'),
  head_name: optionalText('head_name', 120),
  head_phone: mobileField('head_phone'),
  head_email: emailField('head_email'),
};

/** POST /api/add_school: the school and its first school admin, made together. */
export const addSchoolBody = z.object({
  ...schoolFields,
  admin_code: personCode('admin_code'),
  admin_first_name: required('admin_first_name', 80),
  admin_last_name: optionalText('admin_last_name', 80),
  admin_phone: mobileField('admin_phone'),
  admin_email: emailField('admin_email'),
});
export type AddSchoolBody = z.input<typeof addSchoolBody>;

/** The admin's sign-in is in this answer once (its one-time password) and nowhere else. */
export const addSchoolResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  id: z.number().int(),
  user_code: z.string(),
  initial_password: z.string(),
});
export type AddSchoolResponse = z.infer<typeof addSchoolResponse>;

export const schoolParams = z.object({ id: id('id') });

/** PUT /api/school_info/:id (super admin): every field of the school. */
export const updateSchoolBody = z.object(schoolFields);
export type UpdateSchoolBody = z.input<typeof updateSchoolBody>;

/** PUT /api/school_info/:id/contact: what a school admin may change of their own school. */
export const schoolContactBody = z.object({
  phone: schoolFields.phone,
  email: schoolFields.email,
  head_name: schoolFields.head_name,
  head_phone: schoolFields.head_phone,
  head_email: schoolFields.head_email,
});
export type SchoolContactBody = z.input<typeof schoolContactBody>;

/**
 * PUT /api/school_info/:id/weekly_off_days: the days the school is closed every week (day ids
 * 1 = Sunday ... 7 = Saturday; the demo's and a new school's are Friday and Saturday). A school
 * with Saturday classes leaves Saturday out; a school must be open at least one day. Attendance is
 * never taken, nor a routine period set, on an off day (server/services/attendance.ts, routines.ts).
 */
export const weeklyOffDaysBody = z.object({
  weekly_off_days: z
    .array(
      z
        .number({ error: 'a day id is a number from 1 (Sunday) to 7 (Saturday)' })
        .int('a day id is a number from 1 (Sunday) to 7 (Saturday)')
        .min(1, 'a day id is a number from 1 (Sunday) to 7 (Saturday)')
        .max(7, 'a day id is a number from 1 (Sunday) to 7 (Saturday)'),
      { error: 'weekly_off_days must be a list of day ids (1 = Sunday ... 7 = Saturday)' },
    )
    .refine((days) => new Set(days).size === days.length, 'names a day twice')
    .refine((days) => days.length < 7, 'a school must be open at least one day a week'),
});
export type WeeklyOffDaysBody = z.input<typeof weeklyOffDaysBody>;

/** GET /api/school_info/all: a bare list by name, searched and paged; the total is in X-Total-Count. */
export const SCHOOL_LIST_PAGE: PageLimits = { defaultLimit: 100, maxLimit: 500 };
export const schoolListQuery = z.object({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  ...pageQueryWith(SCHOOL_LIST_PAGE).shape,
});
export type SchoolListQuery = z.input<typeof schoolListQuery>;

// ---------------------------------------------------------------- organization types

export const organizationBody = z.object({
  Organization_type: required('Organization_type', 100),
  organization_code: required('organization_code', 30).regex(
    /^[A-Za-z0-9._-]+$/,
    'organization_code may hold only letters, digits, dot, dash and underscore',
  ),
});
export type OrganizationBody = z.input<typeof organizationBody>;

export const organizationParams = z.object({ id: id('id') });

export const organizationRow = z.object({
  id: z.number().int(),
  Organization_type: z.string(),
  organization_code: z.string(),
  /** How many schools and classes use it: a type in use cannot be deleted. */
  schools: z.number().int(),
  classes: z.number().int(),
});
export type OrganizationRow = z.infer<typeof organizationRow>;

export const setupMessage = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  id: z.number().int(),
});
export type SetupMessage = z.infer<typeof setupMessage>;
