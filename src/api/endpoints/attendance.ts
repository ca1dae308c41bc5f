/** The attendance endpoints, served by server/routes/attendance.ts. */
import { get, post } from '@/api/endpoints/define';
import { z } from 'zod';
import {
  absentMessageBody,
  absentMessagePreview,
  absentMessageQuery,
  absentMessageResponse,
  absentStudentRow,
  attendanceAuditPage,
  attendanceAuditQuery,
  attendanceStudentRow,
  outboxPage,
  outboxQuery,
  periodAttendanceRow,
  schoolAttendanceSummary,
  schoolDayQuery,
  schoolTodaySectionRow,
  schoolTodaySectionsQuery,
  sectionAbsentQuery,
  sectionAttendanceSummaryRow,
  sectionDayQuery,
  sectionStudentsQuery,
  studentHistoryFilter,
  studentHistoryQuery,
  untakenPeriodsPage,
  untakenPeriodsQuery,
  studentHistoryRow,
  studentHistorySummary,
  takeAttendanceBody,
  takeAttendanceResponse,
} from '@/api/schemas/attendance';

export const attendanceEndpoints = {
  postAttendanceStudent: post('/attendance/student', 'attendance.take', {
    body: takeAttendanceBody,
    response: takeAttendanceResponse,
  }),
  attendanceStudent: get('/attendance/student', 'attendance.section-students', {
    query: sectionStudentsQuery,
    response: z.array(attendanceStudentRow),
  }),
  attendanceStudentIndividual: get('/attendance/student/individual', 'attendance.student-history', {
    query: studentHistoryQuery,
    response: z.array(studentHistoryRow),
  }),
  attendanceStudentIndividualSummary: get('/attendance/student/individual/summary', 'attendance.student-history', {
    query: studentHistoryFilter,
    response: studentHistorySummary,
  }),
  attendanceSectionAbsent: get('/attendance/section/absent', 'attendance.section-absent', {
    query: sectionAbsentQuery,
    response: z.array(absentStudentRow),
  }),
  attendanceSummarySectionToday: get('/attendance/summary/section/today', 'attendance.summary', {
    query: sectionDayQuery,
    response: z.array(periodAttendanceRow),
  }),
  attendanceSummaryAll: get('/attendance/summary/all', 'attendance.summary', {
    query: schoolDayQuery,
    response: z.array(sectionAttendanceSummaryRow),
  }),
  attendanceSummarySchool: get('/attendance/summary/school', 'attendance.summary', {
    query: schoolDayQuery,
    response: schoolAttendanceSummary,
  }),
  reportUntakenPeriods: get('/report/untaken_periods', 'attendance.summary', {
    query: untakenPeriodsQuery,
    response: untakenPeriodsPage,
  }),
  routineSchoolTodaySections: get('/routine/school/today/sections', 'routine.school-today-sections', {
    query: schoolTodaySectionsQuery,
    response: z.array(schoolTodaySectionRow),
  }),
  attendanceAbsentMessage: get('/attendance/absent-message', 'attendance.take', {
    query: absentMessageQuery,
    response: absentMessagePreview,
  }),
  postAttendanceAbsentMessage: post('/attendance/absent-message', 'attendance.take', {
    body: absentMessageBody,
    response: absentMessageResponse,
  }),
  attendanceOutbox: get('/attendance/outbox', 'attendance.outbox', { query: outboxQuery, response: outboxPage }),
  attendanceAudit: get('/attendance/audit', 'attendance.outbox', {
    query: attendanceAuditQuery,
    response: attendanceAuditPage,
  }),
};
