/**
 * Attendance calls (spec part 2, sections 2 and 7), typed with the shared contract in
 * ./schemas/attendance: requests by the schemas' `z.input`, answers parsed by the response schemas.
 *
 * - The teacher's flow uses the fetchers as the attendance machine's actors (this module has no
 *   React, so the machine stays pure).
 * - Read screens use the query factories below with `useQuery`; every key starts with
 *   `attendanceKeys.all`, which a successful save or send invalidates.
 */
import type { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import type {
  absentMessageBody,
  AbsentMessageBody,
  absentMessageQuery,
  AbsentMessagePreview,
  AbsentMessageResponse,
  AbsentStudentRow,
  attendanceAuditQuery,
  AttendanceAuditPage,
  AttendanceEntry,
  AttendanceStudentRow,
  outboxQuery,
  OutboxPage,
  PeriodAttendanceRow,
  SchoolAttendanceSummary,
  schoolDayQuery,
  sectionAbsentQuery,
  SectionAttendanceSummaryRow,
  sectionDayQuery,
  sectionStudentsQuery,
  studentHistoryFilter,
  studentHistoryQuery,
  StudentHistoryRow,
  StudentHistorySummary,
  takeAttendanceBody,
  TakeAttendanceResponse,
  untakenPeriodsQuery,
  UntakenPeriodsPage,
} from '@/api/schemas/attendance';
import type { AttendanceReport, attendanceReportQuery } from '@/api/schemas/attendance-register';
import type { PeriodRow, SectionRow, SubjectRow } from '@/api/schemas/lookups';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { fetchSections, lookupKeys } from '@/api/lookups';
import { schoolClockTime } from '@/api/school-time';
import { routinesEndpoints } from '@/api/endpoints/routines';
import { attendanceEndpoints } from '@/api/endpoints/attendance';
import { attendanceRegisterEndpoints } from '@/api/endpoints/attendance-register';
import { urlOf } from '@/api/endpoints/define';
import { downloadFile } from '@/api/upload';
import { lookupsEndpoints } from '@/api/endpoints/lookups';

/** A request's fields as the contract accepts them (query strings carry them as text or numbers). */
type In<S extends z.ZodType> = z.input<S>;
type Query = Record<string, string | number | undefined>;
/** The contract's input types are wide (`unknown` for coerced numbers); the values sent are not. */
const asQuery = (q: object) => q as Query;

// ------------------------------------------------------------------ keys

export type SchoolDayParams = In<typeof schoolDayQuery>;
export type SectionDayParams = In<typeof sectionDayQuery>;
export type SectionAbsentParams = In<typeof sectionAbsentQuery>;
export type OutboxParams = In<typeof outboxQuery>;
export type HistoryParams = In<typeof studentHistoryQuery>;
export type HistoryFilterParams = In<typeof studentHistoryFilter>;
export type AuditParams = In<typeof attendanceAuditQuery>;
export type RegisterParams = In<typeof attendanceReportQuery>;
export type UntakenParams = In<typeof untakenPeriodsQuery>;

export const attendanceKeys = {
  all: ['attendance'] as const,
  school: (q: SchoolDayParams) => ['attendance', 'school', q] as const,
  sections: (q: SchoolDayParams) => ['attendance', 'sections', q] as const,
  sectionPeriods: (q: SectionDayParams) => ['attendance', 'section-periods', q] as const,
  absentees: (q: SectionAbsentParams) => ['attendance', 'absentees', q] as const,
  outbox: (q: OutboxParams) => ['attendance', 'outbox', q] as const,
  history: (q: HistoryParams) => ['attendance', 'history', q] as const,
  historySummary: (q: HistoryFilterParams) => ['attendance', 'history-summary', q] as const,
  audit: (q: AuditParams) => ['attendance', 'audit', q] as const,
  register: (q: RegisterParams) => ['attendance', 'register', q] as const,
  untaken: (q: UntakenParams) => ['attendance', 'untaken', q] as const,
  teacherToday: (q: { teacherId: number; date: string }) => ['attendance', 'teacher-today', q] as const,
};

// ------------------------------------------------------------------ the teacher's flow

/** The teacher's routine entries on a date, each saying whether attendance was taken. */
export function fetchTeacherPeriods(input: { teacherId: number; date: string }): Promise<RoutineTodayRow[]> {
  return request(routinesEndpoints.teacherToday, { query: { teacher_id: input.teacherId, today: input.date } });
}

/** The section of a routine entry, with each student's saved mark for the date (null when none). */
export function fetchRoutineStudents(input: { routineId: number; date: string }): Promise<AttendanceStudentRow[]> {
  const q: In<typeof sectionStudentsQuery> = { routine_id: input.routineId, date: input.date };
  return request(attendanceEndpoints.attendanceStudent, { query: asQuery(q) });
}

export interface TakeAttendanceInput {
  routine_id: number;
  date: string;
  attendance: AttendanceEntry[];
  /** One key per submission: a retry with the same key is answered with the first result. */
  idempotencyKey?: string;
  /** A submission queued on the device: when the roll was taken (ISO instant). */
  taken_at?: string;
}

/** Saves a period's marks; the time sent is the school's clock when the teacher submits. */
export function takeAttendance(
  input: TakeAttendanceInput,
  time: string = schoolClockTime(),
): Promise<TakeAttendanceResponse> {
  const body: In<typeof takeAttendanceBody> = {
    date: input.date,
    time,
    routine_id: input.routine_id,
    attendance: input.attendance,
    ...(input.taken_at ? { taken_at: input.taken_at } : {}),
  };
  return request(attendanceEndpoints.postAttendanceStudent, {
    body,
    idempotencyKey: input.idempotencyKey || undefined,
  });
}

/** What "Send Absent Message" would send now: the text guardians read and how many get it. */
export function fetchAbsentMessagePreview(q: In<typeof absentMessageQuery>): Promise<AbsentMessagePreview> {
  return request(attendanceEndpoints.attendanceAbsentMessage, { query: asQuery(q) });
}

/** The machine's actor input: the body (as the contract accepts it) and the press's idempotency key. */
export type SendAbsentInput = AbsentMessageBody & { idempotencyKey?: string };

/** Queues SMS to the guardians of the period's absentees; the server says what became of each. */
export function sendAbsentMessages({ idempotencyKey, ...rest }: SendAbsentInput): Promise<AbsentMessageResponse> {
  const body: In<typeof absentMessageBody> = rest;
  return request(attendanceEndpoints.postAttendanceAbsentMessage, {
    body,
    idempotencyKey: idempotencyKey || undefined,
  });
}

// ------------------------------------------------------------------ summaries (admin, viewer)

function fetchSchoolSummary(q: SchoolDayParams): Promise<SchoolAttendanceSummary> {
  return request(attendanceEndpoints.attendanceSummarySchool, { query: asQuery(q) });
}

function fetchSectionSummaries(q: SchoolDayParams): Promise<SectionAttendanceSummaryRow[]> {
  return request(attendanceEndpoints.attendanceSummaryAll, { query: asQuery(q) });
}

function fetchSectionPeriods(q: SectionDayParams): Promise<PeriodAttendanceRow[]> {
  return request(attendanceEndpoints.attendanceSummarySectionToday, { query: asQuery(q) });
}

function fetchSectionAbsentees(q: SectionAbsentParams): Promise<AbsentStudentRow[]> {
  return request(attendanceEndpoints.attendanceSectionAbsent, { query: asQuery(q) });
}

function fetchOutbox(q: OutboxParams): Promise<OutboxPage> {
  return request(attendanceEndpoints.attendanceOutbox, { query: asQuery(q) });
}

function fetchAudit(q: AuditParams): Promise<AttendanceAuditPage> {
  return request(attendanceEndpoints.attendanceAudit, { query: asQuery(q) });
}

/** The school's day: the ring's present rate, and whether the school is closed that day. */
export const schoolSummaryQuery = (q: SchoolDayParams) =>
  queryOptions({ queryKey: attendanceKeys.school(q), queryFn: () => fetchSchoolSummary(q) });

/** Every section of the school on a date ("Today Attendance" table). */
export const sectionSummariesQuery = (q: SchoolDayParams) =>
  queryOptions({ queryKey: attendanceKeys.sections(q), queryFn: () => fetchSectionSummaries(q) });

/** One section's periods on a date with their counts ("Student Attendance Information"). */
export const sectionPeriodsQuery = (q: SectionDayParams) =>
  queryOptions({ queryKey: attendanceKeys.sectionPeriods(q), queryFn: () => fetchSectionPeriods(q) });

/** "Absence Student Information": absent in one period, or in any period of the date. */
export const sectionAbsenteesQuery = (q: SectionAbsentParams) =>
  queryOptions({ queryKey: attendanceKeys.absentees(q), queryFn: () => fetchSectionAbsentees(q) });

/** A page of the absence-message outbox (school admins), newest first. */
export const outboxListQuery = (q: OutboxParams) =>
  queryOptions({ queryKey: attendanceKeys.outbox(q), queryFn: () => fetchOutbox(q) });

/** A page of the changes made to one period's marks on a date (school admins). */
export const auditQuery = (q: AuditParams) =>
  queryOptions({ queryKey: attendanceKeys.audit(q), queryFn: () => fetchAudit(q) });

// ------------------------------------------------------------------ a student's history

/** A page of the signed-in student's history (the spec's list; the summary counts the pages). */
export const historyQuery = (q: HistoryParams) =>
  queryOptions({
    queryKey: attendanceKeys.history(q),
    queryFn: (): Promise<StudentHistoryRow[]> =>
      request(attendanceEndpoints.attendanceStudentIndividual, { query: asQuery(q) }),
  });

export const historySummaryQuery = (q: HistoryFilterParams) =>
  queryOptions({
    queryKey: attendanceKeys.historySummary(q),
    queryFn: (): Promise<StudentHistorySummary> =>
      request(attendanceEndpoints.attendanceStudentIndividualSummary, { query: asQuery(q) }),
  });

// ------------------------------------------------------------------ registers not taken

/** A teacher's periods on a date, each saying whether its attendance was taken (the dashboard's reminder). */
export const teacherTodayQuery = (q: { teacherId: number; date: string }) =>
  queryOptions({ queryKey: attendanceKeys.teacherToday(q), queryFn: () => fetchTeacherPeriods(q) });

/** A page of a school day's periods whose attendance nobody took 15 minutes after they ended. */
export const untakenQuery = (q: UntakenParams) =>
  queryOptions({
    queryKey: attendanceKeys.untaken(q),
    queryFn: (): Promise<UntakenPeriodsPage> =>
      request(attendanceEndpoints.reportUntakenPeriods, { query: asQuery(q) }),
  });

// ------------------------------------------------------------------ a section's register

/** A section's attendance over a range: each student's counts and, up to a month, the day marks. */
export const registerQuery = (q: RegisterParams) =>
  queryOptions({
    queryKey: attendanceKeys.register(q),
    queryFn: (): Promise<AttendanceReport> => request(attendanceRegisterEndpoints.report, { query: asQuery(q) }),
  });

/** The same as the printed monthly register (PDF), in the language asked for. */
export function downloadRegisterPdf(q: RegisterParams & { lang: 'en' | 'bn' }): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return downloadFile(`${urlOf(attendanceRegisterEndpoints.pdf)}?${params.toString()}`, 'attendance-register.pdf');
}

// ------------------------------------------------------------------ lookups the screens need

/** A school's sections (a viewer names the school; others get their own). */
export const schoolSectionsQuery = (schoolInfoId?: number) =>
  queryOptions({
    queryKey: lookupKeys.sections({ school_info_id: schoolInfoId }),
    queryFn: (): Promise<SectionRow[]> => fetchSections({ school_info_id: schoolInfoId }),
    staleTime: 5 * 60_000,
  });

/** `schoolId`: for a guardian, whose account has no school of its own: the child's. */
export const periodsQuery = (schoolId?: number) =>
  queryOptions({
    queryKey: lookupKeys.periods(schoolId),
    queryFn: (): Promise<PeriodRow[]> =>
      request(lookupsEndpoints.period, schoolId ? { query: { school_info_id: schoolId } } : undefined),
    staleTime: 5 * 60_000,
  });

export const classSubjectsQuery = (classId: number) =>
  queryOptions({
    queryKey: lookupKeys.classSubjects(classId),
    queryFn: (): Promise<SubjectRow[]> => request(lookupsEndpoints.subjects, { query: { class_id: classId } }),
    staleTime: 5 * 60_000,
  });
