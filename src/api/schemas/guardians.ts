/**
 * Guardians: a parent or guardian account (user type 3) signs in with their phone
 * number and is linked to one or more students, possibly in different schools.
 */
import { z } from 'zod';
import { id, idList, optionalId } from './common';
import { BD_MOBILE } from './people';

export const GUARDIAN_RELATIONS = ['father', 'mother', 'grandparent', 'sibling', 'other'] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];
export const relationField = z.enum(GUARDIAN_RELATIONS, {
  error: `relation must be one of ${GUARDIAN_RELATIONS.join(', ')}`,
});

/** A guardian's mobile number: required, sent as typed, stored as 01XXXXXXXXX (their user id). */
export const guardianPhone = z
  .string({ error: 'phone must be text' })
  .trim()
  .max(20, 'phone must be at most 20 characters')
  .refine((v) => BD_MOBILE.test(v.replace(/[\s-]/g, '')), 'phone must be a mobile number like 01712345678');

export const GUARDIAN_SUCCESS_CODES = {
  created: 'guardians.created',
  linked: 'guardians.linked',
  unlinked: 'guardians.unlinked',
  preferencesSaved: 'guardians.preferences_saved',
} as const;

/** POST /api/guardian: create a guardian (or match the one with that phone) and link children. */
export const guardianCreateBody = z.strictObject({
  name: z.string({ error: 'name must be text' }).trim().min(1, 'name is required').max(120),
  phone: guardianPhone,
  relation: relationField,
  student_ids: idList('student_ids', 20).min(1, 'student_ids must name at least one student'),
  email: z
    .string({ error: 'email must be text' })
    .trim()
    .max(120)
    .refine((v) => v === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), 'email must be an e-mail address')
    .optional()
    .default(''),
});
export type GuardianCreateBody = z.input<typeof guardianCreateBody>;

export const guardianCreateResponse = z.object({
  guardian_id: z.number().int(),
  user_code: z.string(),
  /** Only for a new account: shown once, changed at the first sign-in. Null when matched by phone. */
  initial_password: z.string().nullable(),
  /** True when a guardian with that phone already existed and was linked instead. */
  matched: z.boolean(),
  message: z.string(),
});
export type GuardianCreateResponse = z.infer<typeof guardianCreateResponse>;

export const guardianLinkBody = z.strictObject({
  guardian_id: id('guardian_id'),
  student_id: id('student_id'),
  relation: relationField,
});
export type GuardianLinkBody = z.input<typeof guardianLinkBody>;

export const guardianUnlinkBody = z.strictObject({
  guardian_id: id('guardian_id'),
  student_id: id('student_id'),
});
export type GuardianUnlinkBody = z.input<typeof guardianUnlinkBody>;

export const guardianMessage = z.object({ message: z.string() });

/** GET /api/guardian/student?student_id=: the guardians of one student (the admin's view). */
export const studentGuardiansQuery = z.strictObject({
  student_id: id('student_id'),
  school_info_id: optionalId('school_info_id'),
});
export const studentGuardianRow = z.object({
  guardian_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  relation: relationField,
  user_code: z.string(),
});
export type StudentGuardianRow = z.infer<typeof studentGuardianRow>;

/** GET /api/guardian/children: a guardian's linked students (few: at most the links made). */
export const guardianChild = z.object({
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  relation: relationField,
  school_info_id: z.number().int(),
  school_name: z.string(),
  session_id: z.number().int().nullable(),
  class_id: z.number().int().nullable(),
  class_name: z.string().nullable(),
  section_id: z.number().int().nullable(),
  section_default_name: z.string().nullable(),
  class_roll_no: z.number().int().nullable(),
  /** The child's school's today (its time zone), for "today's attendance". */
  today: z.string(),
});
export type GuardianChild = z.infer<typeof guardianChild>;
export const guardianChildren = z.array(guardianChild);

export const guardianPreferencesBody = z.strictObject({
  sms: z.enum(['sms', 'none'], { error: 'sms must be sms or none' }),
  language: z.enum(['bn', 'en'], { error: 'language must be bn or en' }),
});
export type GuardianPreferencesBody = z.input<typeof guardianPreferencesBody>;

/** GET /api/guardian/preferences: the guardian's current choice (language: their own, else Bangla). */
export const guardianPreferences = guardianPreferencesBody;
export type GuardianPreferences = z.infer<typeof guardianPreferences>;
