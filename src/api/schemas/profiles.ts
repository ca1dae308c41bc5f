/**
 * Everyone's own profile on the wire (docs/DOMAIN.md, "Profiles"): the old portal's profile form
 * (spec part 2, Student self-service: names, phones, e-mail; the teacher's add payload for date of
 * birth, blood group, designation and department), saved by each user type at its own path:
 * `POST /api/student/profile_update` (the spec's, `student_code` in the query),
 * `/api/teacher/profile_update`, `/api/school/profile_update` (the school admin's own),
 * `/api/super-admin/profile_update` and `/api/administrator/profile_update` (a viewer's).
 *
 * Every field is optional: one left out is kept as it is; '' clears an optional one. The answer
 * says "Profile updated" (the spec's screen said "password Changed successfully!!" after a profile
 * save: a known defect, not repeated).
 */
import { z } from 'zod';
import { BD_MOBILE, BLOOD_GROUPS } from './people';
import { isoDate } from './common';

export { BLOOD_GROUPS };
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

export const PROFILE_MESSAGES = {
  updated: 'Profile updated',
  photoSaved: 'Photo saved',
  photoRemoved: 'Photo removed',
  /** The photo's own limits (docs/DOMAIN.md, "Profiles"), stricter than other uploads. */
  photoType: 'must be a JPEG or PNG picture.',
  photoSize: 'must be at most 2 MB.',
  dobFuture: 'must be a date in the past',
  mobile: 'must be a mobile number like 01712345678',
  email: 'must be an e-mail address',
  bloodGroup: `must be one of ${BLOOD_GROUPS.join(', ')}`,
} as const;

export const PROFILE_SUCCESS_CODES = {
  updated: 'profiles.updated',
  photoSaved: 'profiles.photo_saved',
  photoRemoved: 'profiles.photo_removed',
} as const;

/** A photo is at most this big when it arrives (it is stored re-encoded, much smaller). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The stored photo fits in this square (a JPEG), enough for an ID card at 300 dpi's 40 mm. */
export const PHOTO_BOX = 512;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
/** No name begins with = + - or @: a spreadsheet would run it (src/api/csv.ts). */
const notFormula = (label: string) =>
  [(v: string) => !/^[=+\-@]/.test(v), `${label} must not begin with =, +, - or @`] as const;
const name = (label: string, required: boolean) =>
  (required ? text(label, 80).min(1, `${label} is required`) : text(label, 80)).refine(...notFormula(label)).optional();

export const profileMobile = (label: string) =>
  text(label, 20)
    .refine((v) => v === '' || BD_MOBILE.test(v.replace(/[\s-]/g, '')), `${label} ${PROFILE_MESSAGES.mobile}`)
    .optional();
const email = text('email', 120)
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), `email ${PROFILE_MESSAGES.email}`)
  .optional();
/** '' clears it; whether the date is in the past is judged by the server's clock (the service). */
const dob = z.union([z.literal(''), isoDate]).optional();
const bloodGroup = z
  .union([z.literal(''), z.enum(BLOOD_GROUPS, { error: `blood_group ${PROFILE_MESSAGES.bloodGroup}` })])
  .optional();

const common = {
  first_name: name('first_name', true),
  last_name: name('last_name', false),
  email,
  dob,
  blood_group: bloodGroup,
};

/** A school admin's, super admin's or viewer's own profile: their account. */
export const accountProfileBody = z.strictObject({ ...common, mobile: profileMobile('mobile') });
export type AccountProfileBody = z.input<typeof accountProfileBody>;

/** A teacher's own profile: their teacher record (and the account's names, phone and e-mail). */
export const teacherProfileUpdateBody = z.strictObject({
  ...common,
  middle_name: name('middle_name', false),
  mobile: profileMobile('mobile'),
  designation: text('designation', 80).optional(),
  department: text('department', 80).optional(),
});
export type TeacherProfileUpdateBody = z.input<typeof teacherProfileUpdateBody>;

/**
 * The student's: the spec's `mobile` and `email` as before, with the rest of the form's fields.
 * (Not strict: the spec's client sends this body as it was.)
 */
export const studentProfileUpdateBody = z.object({
  ...common,
  middle_name: name('middle_name', false),
  mobile: profileMobile('mobile'),
});
export type StudentProfileUpdateBody = z.input<typeof studentProfileUpdateBody>;

export const profileUpdateResponse = z.object({ ok: z.literal(true), message: z.string(), code: z.string() });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponse>;

export const myProfileQuery = z.strictObject({});

/** GET /api/profile/me: the caller's own profile as the form shows it. */
export const myProfile = z.object({
  user_id: z.number().int(),
  user_type: z.number().int(),
  user_code: z.string(),
  /** The record's code (teacher, student, admin code), else the user id. */
  code: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  mobile: z.string(),
  email: z.string(),
  dob: z.string().nullable(),
  blood_group: z.string(),
  /** A teacher's; empty for everyone else. */
  designation: z.string(),
  department: z.string(),
  school_name: z.string().nullable(),
  /** The photo's address (it changes with the photo), or null: the screens show initials then. */
  photo_url: z.string().nullable(),
});
export type MyProfile = z.infer<typeof myProfile>;

export const photoUploadBody = z.strictObject({});
export const photoParams = z.strictObject({ user_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const photoQuery = z.strictObject({ v: z.string().max(64).optional() });

export const photoResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  photo_url: z.string().nullable(),
});
export type PhotoResponse = z.infer<typeof photoResponse>;
