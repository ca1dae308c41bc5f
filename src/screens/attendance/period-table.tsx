/**
 * One section's periods on a date (spec: Period, Subject, Class Time, Attendance Time, Teacher
 * Initial, Total Student, Present, Absent). Used by the Historical Attendance card and by
 * /classbasedstudentabsence. Teacher initials link to the teacher's profile, absent counts to the
 * absentee list of that period.
 */
import { Link } from 'wouter';
import type { PeriodAttendanceRow } from '@/api/schemas/attendance';
import { formatClockTime } from '@/ui/format';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { formatClassTime, formatDayMonthYear, weekdayOf } from './format';
import { useSectionPeriods } from './queries';
import { cell, DataTable, linkStyle, NotTaken } from './table';

export const PERIOD_COLUMNS = [
  'Period',
  'Subject',
  'Class Time',
  'Attendance Time',
  'Teacher Initial',
  'Total Student',
  'Present',
  'Absent',
] as const;

export function SectionPeriods({
  sectionId,
  classId,
  date,
  caption,
}: {
  sectionId: number;
  classId?: number;
  date: string;
  caption: string;
}) {
  const periods = useSectionPeriods({ sectionId, classId, date });
  if (periods.status === 'error')
    return <ErrorState error={periods.error} onRetry={periods.reload} what="the periods" />;
  if (periods.status !== 'success') return <Loading label="Loading the periods…" />;
  if (periods.data.length === 0) {
    return (
      <EmptyState>
        No classes are in this section’s routine on {weekdayOf(date)}, {formatDayMonthYear(date)}.
      </EmptyState>
    );
  }
  return <PeriodTable rows={periods.data} sectionId={sectionId} date={date} caption={caption} />;
}

export function PeriodTable({
  rows,
  sectionId,
  date,
  caption,
}: {
  rows: readonly PeriodAttendanceRow[];
  sectionId: number;
  date: string;
  caption: string;
}) {
  return (
    <DataTable caption={caption} head={PERIOD_COLUMNS} minWidth="48rem">
      {rows.map((row) => (
        <tr key={row.r_id}>
          <td className={cell}>{row.period_code}</td>
          <td className={cell}>{row.subject_name}</td>
          <td className={cell}>{formatClassTime(row.start_time, row.end_time)}</td>
          <td className={cell}>{row.taken && row.time ? formatClockTime(row.time) : <NotTaken />}</td>
          <td className={cell}>
            <Link href={`/teacherprofile?teacher_id=${row.t_id}`} className={linkStyle} title={row.teacher_name}>
              {row.initial}
            </Link>
          </td>
          <td className={cell}>{row.all}</td>
          <td className={cell}>{row.taken ? row.present : '—'}</td>
          <td className={cell}>
            {row.taken ? (
              <Link
                href={`/studentabsence?section_id=${sectionId}&routine_id=${row.r_id}&date=${date}`}
                className={linkStyle}
                aria-label={`${row.absent} absent in ${row.period_code}, see who`}
              >
                {row.absent}
              </Link>
            ) : (
              '—'
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
