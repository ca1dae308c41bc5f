/**
 * Attendance calls (spec part 2, sections 2 and 7), typed with the shared contract in
 * ./schemas/attendance. The teacher's flow uses them as the attendance machine's actors; the
 * read-only screens load them through small hooks (src/screens/attendance/queries.ts), which keeps
 * this module free of React so the machine stays pure.
 *
 * The few lookups the attendance screens need (a school's sections, periods, a class's subjects)
 * live here too until a shared lookups module exists.
 */
import { z } from 'zod';
import { DateTime } from 'luxon';
import { apiGet, apiPost } from '@/api/client';
import {
  absentMessageResponse,
  absentStudentRow,
  attendanceStudentRow,
  outboxRow,
  periodAttendanceRow,
  schoolAttendanceSummary,
  sectionAttendanceSummaryRow,
  studentHistoryRow,
  studentHistorySummary,
  takeAttendanceResponse,
  type AbsentMessageBody,
  type AbsentMessageResponse,
  type AbsentStudentRow,
  type AttendanceEntry,
  type AttendanceStudentRow,
  type OutboxRow,
  type OutboxStatus,
  type PeriodAttendanceRow,
  type SchoolAttendanceSummary,
  type SectionAttendanceSummaryRow,
  type StudentHistoryRow,
  type StudentHistorySummary,
  type TakeAttendanceResponse,
} from '@/api/schemas/attendance';
import {
  periodRow,
  sectionRow,
  subjectRow,
  type PeriodRow,
  type SectionRow,
  type SubjectRow,
} from '@/api/schemas/lookups';
import { routineTodayRow, type RoutineTodayRow } from '@/api/schemas/routines';
import { schoolTimeZone } from '@/api/session';

/**
 * The school's today as YYYY-MM-DD. The zone is the school's setting, carried by the signed-in
 * profile (`time_zone`, default Asia/Dhaka; see schoolTimeZone in ./session).
 */
export function schoolToday(now: DateTime = DateTime.now(), zone: string = schoolTimeZone()): string {
  return now.setZone(zone).toISODate()!;
}

/** The school's clock time as HH:mm:ss (the attendance time the spec sends with a taking). */
export function schoolClockTime(now: DateTime = DateTime.now(), zone: string = schoolTimeZone()): string {
  return now.setZone(zone).toFormat('HH:mm:ss');
}

// ------------------------------------------------------------------ the teacher's flow

/** The teacher's routine entries on a date, each saying whether attendance was taken. */
export function fetchTeacherPeriods(input: { teacherId: number; date: string }): Promise<RoutineTodayRow[]> {
  return apiGet('/api/routine/teacher/today', z.array(routineTodayRow), {
    query: { teacher_id: input.teacherId, today: input.date },
  });
}

/** The section of a routine entry, with each student's saved mark for the date (null when none). */
export function fetchRoutineStudents(input: { routineId: number; date: string }): Promise<AttendanceStudentRow[]> {
  return apiGet('/api/attendance/student', z.array(attendanceStudentRow), {
    query: { routine_id: input.routineId, date: input.date },
  });
}

export interface TakeAttendanceInput {
  routine_id: number;
  date: string;
  attendance: AttendanceEntry[];
}

/** Saves a period's marks; the time sent is the school's clock when the teacher submits. */
export function takeAttendance(
  input: TakeAttendanceInput,
  time: string = schoolClockTime(),
): Promise<TakeAttendanceResponse> {
  return apiPost('/api/attendance/student', takeAttendanceResponse, {
    body: { date: input.date, time, routine_id: input.routine_id, attendance: input.attendance },
  });
}

/** Queues SMS to the guardians of the period's absentees; the server says how many were queued. */
export function sendAbsentMessages(body: AbsentMessageBody): Promise<AbsentMessageResponse> {
  return apiPost('/api/attendance/absent-message', absentMessageResponse, { body });
}

// ------------------------------------------------------------------ summaries (admin, viewer)

export interface SchoolDay {
  /** Viewers name the chosen school; a school admin's school comes from the session. */
  schoolInfoId?: number;
  date: string;
}

export function fetchSchoolSummary({ schoolInfoId, date }: SchoolDay): Promise<SchoolAttendanceSummary> {
  return apiGet('/api/attendance/summary/school', schoolAttendanceSummary, {
    query: { school_info_id: schoolInfoId, date },
  });
}

export function fetchSectionSummaries({ schoolInfoId, date }: SchoolDay): Promise<SectionAttendanceSummaryRow[]> {
  return apiGet('/api/attendance/summary/all', z.array(sectionAttendanceSummaryRow), {
    query: { school_info_id: schoolInfoId, date },
  });
}

/** One section's periods on a date with their counts ("Student Attendance Information"). */
export function fetchSectionPeriods(input: {
  sectionId: number;
  classId?: number;
  date: string;
}): Promise<PeriodAttendanceRow[]> {
  return apiGet('/api/attendance/summary/section/today', z.array(periodAttendanceRow), {
    query: { section_id: input.sectionId, class_id: input.classId, date: input.date },
  });
}

/** "Absence Student Information": absent in one period, or in any period of the date. */
export function fetchSectionAbsentees(input: {
  sectionId: number;
  routineId?: number;
  date?: string;
}): Promise<AbsentStudentRow[]> {
  return apiGet('/api/attendance/section/absent', z.array(absentStudentRow), {
    query: { section_id: input.sectionId, routine_id: input.routineId, date: input.date },
  });
}

export interface OutboxPage {
  rows: OutboxRow[];
  /** True when at least one more row exists after this page. */
  hasMore: boolean;
}

/**
 * A page of the absence-message outbox. One extra row is asked for to know whether another page
 * exists (the client does not read response headers, where the server also puts the total).
 */
export async function fetchOutbox(input: {
  status?: OutboxStatus;
  limit: number;
  offset: number;
}): Promise<OutboxPage> {
  const rows = await apiGet('/api/attendance/outbox', z.array(outboxRow), {
    query: { status: input.status, limit: input.limit + 1, offset: input.offset },
  });
  return { rows: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}

// ------------------------------------------------------------------ a student's history

export interface HistoryFilter {
  start_date?: string;
  end_date?: string;
  period_id?: number;
  subject_id?: number;
}

export function fetchStudentHistory(filter: HistoryFilter): Promise<StudentHistoryRow[]> {
  return apiGet('/api/attendance/student/individual', z.array(studentHistoryRow), { query: { ...filter } });
}

export function fetchStudentHistorySummary(filter: HistoryFilter): Promise<StudentHistorySummary> {
  return apiGet('/api/attendance/student/individual/summary', studentHistorySummary, { query: { ...filter } });
}

// ------------------------------------------------------------------ lookups the screens need

export function fetchSchoolSections(schoolInfoId?: number): Promise<SectionRow[]> {
  return apiGet('/api/section/all', z.array(sectionRow), { query: { school_info_id: schoolInfoId } });
}

export function fetchPeriods(): Promise<PeriodRow[]> {
  return apiGet('/api/period', z.array(periodRow));
}

export function fetchClassSubjects(classId: number): Promise<SubjectRow[]> {
  return apiGet('/api/subjects', z.array(subjectRow), { query: { class_id: classId } });
}
