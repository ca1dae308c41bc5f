import { z } from 'zod';

export const classRow = z.object({
  id: z.number().int(),
  class_name: z.string(),
  class_code: z.string(),
  school_type_id: z.number().int(),
});
export const sectionRow = z.object({
  id: z.number().int(),
  section_default_name: z.string(),
  class_id: z.number().int(),
  class_name: z.string(),
  shift_id: z.number().int(),
  school_info_id: z.number().int(),
});
export const sessionRow = z.object({ id: z.number().int(), session_year: z.string(), current: z.boolean() });
export const dayRow = z.object({ id: z.number().int(), day: z.string() });
export const periodRow = z.object({
  id: z.number().int(),
  period_code: z.string(),
  shift_id: z.number().int(),
  serial: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
});
export const shiftRow = z.object({ id: z.number().int(), shift_name: z.string() });
export const subjectRow = z.object({
  id: z.number().int(),
  subject_name: z.string(),
  subject_code: z.string(),
  class_id: z.number().int(),
  school_type_id: z.number().int(),
  group_id: z.number().int().nullable(),
  optional: z.boolean(),
});
export const genderRow = z.object({ id: z.number().int(), name: z.string() });
export const divisionRow = z.object({ id: z.number().int(), name: z.string() });
export const groupRow = z.object({ id: z.number().int(), division_name: z.string() });
export const schoolRow = z.object({
  id: z.number().int(),
  school_name: z.string(),
  short_name: z.string(),
  eiin: z.string(),
  type_id: z.number().int(),
  address_division: z.string().nullable(),
  address_district: z.string(),
  address_upazilla: z.string(),
  phone: z.string(),
  email: z.string(),
});

export type ClassRow = z.infer<typeof classRow>;
export type SectionRow = z.infer<typeof sectionRow>;
export type SessionRow = z.infer<typeof sessionRow>;
export type DayRow = z.infer<typeof dayRow>;
export type PeriodRow = z.infer<typeof periodRow>;
export type ShiftRow = z.infer<typeof shiftRow>;
export type SubjectRow = z.infer<typeof subjectRow>;
export type GenderRow = z.infer<typeof genderRow>;
export type DivisionRow = z.infer<typeof divisionRow>;
export type GroupRow = z.infer<typeof groupRow>;
export type SchoolRow = z.infer<typeof schoolRow>;
