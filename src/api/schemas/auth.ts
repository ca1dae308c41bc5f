import { z } from 'zod';
import { id, optionalId, pageOf, pageQuery, wholeNumber } from './common';

export const loginBody = z.object({
  user_code: z.string().trim().min(1, 'Enter your user id, e-mail or phone').max(120),
  password: z.string().min(1, 'Enter your password').max(200),
  /** The second factor, for an account that has it: a 6-digit code or a recovery code. */
  otp: z.string().trim().max(20, 'otp must be at most 20 characters').optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResponse = z.object({
  user_type_id: z.number().int(),
  accessToken: z.string(),
  user_code: z.string(),
  expires_at: z.string(),
  /** The account signed in with a one-time password: the client sends it to the password screen. */
  must_change_password: z.boolean().optional(),
  /** The account must set up two-factor sign-in before anything else (a school's requirement). */
  two_factor_setup_required: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const loginFailure = z.object({
  errorMsg: z.string(),
  error: z.object({ code: z.string(), message: z.string() }),
  /** The password was right; the account's second factor is asked for (again, when wrong). */
  otp_required: z.boolean().optional(),
});

// ---------------------------------------------------------------- two-factor sign-in

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** A secret is waiting for its first code. */
  pending: z.boolean(),
  /** A school's (or the installation's) requirement applies: it cannot be turned off. */
  required: z.boolean().optional(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorSetup = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** For the QR code. */
  otpauth_uri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/**
 * The account's current password: a session alone (a borrowed phone, a stolen token) must not
 * change how the account signs in. Wrong, it counts as a failed sign-in.
 */
const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(200, 'current_password must be at most 200 characters');

export const twoFactorSetupBody = z.object({ current_password: currentPassword }).strict();
export type TwoFactorSetupBody = z.input<typeof twoFactorSetupBody>;

export const twoFactorCodeBody = z
  .object({
    code: z.string().trim().min(1, 'Enter the code').max(20, 'code must be at most 20 characters'),
    current_password: currentPassword,
  })
  .strict();
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

export const twoFactorEnabled = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** Shown once: each signs in once instead of a code, when the phone is lost. */
  recovery_codes: z.array(z.string()),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabled>;

export const twoFactorResetQuery = z.object({
  user_code: z.string().trim().min(1, 'user_code is required').max(60, 'user_code must be at most 60 characters'),
});

/** A school's requirement for its school admins, or the installation's for super admins. */
export const twoFactorPolicy = z.object({
  required: z.boolean(),
  /**
   * A school's requirement: who set it. One the super admin set is lifted only by a super admin;
   * one a school admin set, by the school's admins too. Null while nothing is required.
   */
  set_by: z.enum(['super_admin', 'school_admin']).nullable().optional(),
  /** Whether the caller may change it (a school admin may not lift the super admin's). */
  may_change: z.boolean().optional(),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicy>;
export const twoFactorPolicyBody = z
  .object({ required: z.boolean({ error: 'required must be true or false' }) })
  .strict();
export type TwoFactorPolicyBody = z.input<typeof twoFactorPolicyBody>;
export const schoolTwoFactorParams = z.object({ id: id('id') });

/** The super admin's list of school admins and whether each signs in with a second factor. */
export const twoFactorAdminsQuery = z.object({
  ...pageQuery.shape,
  school_id: optionalId('school_id'),
});
export type TwoFactorAdminsQuery = z.input<typeof twoFactorAdminsQuery>;
export const twoFactorAdminRow = z.object({
  user_code: z.string(),
  full_name: z.string(),
  school_id: z.number().int(),
  school_name: z.string(),
  enabled: z.boolean(),
  /** The school requires two-factor sign-in of its school admins. */
  required: z.boolean(),
  /** Who set the school's requirement (null while nothing is required). */
  required_by: z.enum(['super_admin', 'school_admin']).nullable().optional(),
});
export type TwoFactorAdminRow = z.infer<typeof twoFactorAdminRow>;
export const twoFactorAdminsPage = pageOf(twoFactorAdminRow);

/** GET /api/users/user_id: both optional; when given they must be the signed-in user's own. */
export const userQuery = z.object({
  user_code: z.string().max(120, 'user_code must be at most 120 characters').optional(),
  user_type: wholeNumber('user_type', { max: 100 }).optional(),
});
export type UserQuery = z.input<typeof userQuery>;

/** The languages the portal speaks. */
export const languageCode = z.enum(['en', 'bn'], { error: 'language must be en or bn' });

/** PUT /api/users/language: the signed-in user's own language. */
export const languageBody = z.object({ language: languageCode });
export type LanguageBody = z.input<typeof languageBody>;
export const languageResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  language: languageCode,
});
export type LanguageResponse = z.infer<typeof languageResponse>;

export { DEFAULT_SCHOOL_TIME_ZONE } from './time-zone';

/** The signed-in user's profile, for every user type. `id` is the student/teacher/admin record id. */
export const userProfile = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_code: z.string(),
  user_type: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  school_id: z.number().int().nullable(),
  school_info_id: z.number().int().nullable(),
  school_type: z.number().int().nullable(),
  school_name: z.string().nullable(),
  /** The school's IANA time zone (its "today"); the server always sends it, clients default it. */
  time_zone: z.string().optional(),
  /** The school's weekly off days (1 = Sunday ... 7 = Saturday); none for users without a school. */
  weekly_off_days: z.array(z.number().int()).optional(),
  admin_code: z.string().nullable(),
  teacher_code: z.string().nullable(),
  student_code: z.string().nullable(),
  initial: z.string().nullable(),
  class: z.number().int().nullable(),
  class_name: z.string().nullable(),
  section_id: z.number().int().nullable(),
  section_default_name: z.string().nullable(),
  class_roll_no: z.number().int().nullable(),
  session_id: z.number().int().nullable(),
  /** The language the app shows: the user's own choice, else the school's, else English. */
  language: languageCode.optional(),
  /** The school's default language (what "follow the school" means). */
  school_language: languageCode.optional(),
  /** Signed in with a one-time password: the password screen comes first. */
  must_change_password: z.boolean().optional(),
  two_factor_setup_required: z.boolean().optional(),
  /** The profile photo's address (it changes with the photo), or null: the header shows initials. */
  photo_url: z.string().nullable().optional(),
});
export type UserProfile = z.infer<typeof userProfile>;
