import { z } from 'zod';
import { optionalId } from './common';

// ---------------------------------------------------------------- requests

/** The school a list is about; a viewer and the super admin must name one, others get their own. */
export const schoolScopedQuery = z.object({ school_info_id: optionalId('school_info_id') });
export type SchoolScopedQuery = z.input<typeof schoolScopedQuery>;

export const classQuery = z.object({ school_type_id: optionalId('school_type_id') });
export type ClassQuery = z.input<typeof classQuery>;

export const sectionQuery = schoolScopedQuery.extend({ class_id: optionalId('class_id') });
export type SectionQuery = z.input<typeof sectionQuery>;

export const periodQuery = schoolScopedQuery.extend({ shift_id: optionalId('shift_id') });
export type PeriodQuery = z.input<typeof periodQuery>;

export const subjectQuery = z.object({
  class_id: optionalId('class_id'),
  school_type_id: optionalId('school_type_id'),
});
export type SubjectQuery = z.input<typeof subjectQuery>;

/** GET /api/school_info: a viewer's linked schools; `admin_id` is the viewer's user id. */
export const viewerSchoolsQuery = z.object({ admin_id: optionalId('admin_id') });
export type ViewerSchoolsQuery = z.input<typeof viewerSchoolsQuery>;

export const districtQuery = z.object({ division_id: optionalId('division_id') });
export type DistrictQuery = z.input<typeof districtQuery>;
export const upazilaQuery = z.object({ district_id: optionalId('district_id') });
export type UpazilaQuery = z.input<typeof upazilaQuery>;

// ---------------------------------------------------------------- responses

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
export const divisionRow = z.object({ id: z.number().int(), name: z.string(), name_bn: z.string() });
export const districtRow = z.object({
  id: z.number().int(),
  division_id: z.number().int(),
  name: z.string(),
  name_bn: z.string(),
});
export const upazilaRow = z.object({
  id: z.number().int(),
  district_id: z.number().int(),
  name: z.string(),
  name_bn: z.string(),
});
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
/** GET /api/school_info/all: a school with its address ids, street and head (the setup screens edit these). */
export const schoolDetailRow = schoolRow.extend({
  division_id: z.number().int().nullable(),
  district_id: z.number().int().nullable(),
  upazila_id: z.number().int().nullable(),
  address: z.string(),
  head_name: z.string(),
  head_phone: z.string(),
  head_email: z.string(),
  type_name: z.string(),
  /** The days the school is closed every week (1 = Sunday ... 7 = Saturday). */
  weekly_off_days: z.array(z.number().int()),
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
export type DistrictRow = z.infer<typeof districtRow>;
export type UpazilaRow = z.infer<typeof upazilaRow>;
export type GroupRow = z.infer<typeof groupRow>;
export type SchoolRow = z.infer<typeof schoolRow>;
export type SchoolDetailRow = z.infer<typeof schoolDetailRow>;
