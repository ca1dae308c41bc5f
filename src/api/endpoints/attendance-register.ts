/** A section's attendance over a range and its monthly register, served by server/routes/attendance-register.ts. */
import { get } from '@/api/endpoints/define';
import { attendanceRegisterPdfQuery, attendanceReport, attendanceReportQuery } from '@/api/schemas/attendance-register';

export const attendanceRegisterEndpoints = {
  /** The old portal's path: each student's periods taken, present, absent and rate, and the day marks. */
  report: get('/attendanceReport/student', 'attendance.register', {
    query: attendanceReportQuery,
    response: attendanceReport,
  }),
  /** The same as the monthly register a school prints (A4 landscape). */
  pdf: get('/attendanceReport/student/pdf', 'attendance.register', { query: attendanceRegisterPdfQuery }),
};
