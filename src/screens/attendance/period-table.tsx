/**
 * One section's periods on a date (spec: Period, Subject, Class Time, Attendance Time, Teacher
 * Initial, Total Student, Present, Absent). Used by the Historical Attendance card and by
 * /classbasedstudentabsence. Teacher initials link to the teacher's profile, absent counts to the
 * absentee list of that period. A corrected taking says "corrected by … at …" under its attendance
 * time (the first taker's), and the school admin can open the list of changed marks.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { auditQuery, sectionPeriodsQuery } from '@/api/attendance';
import { can } from '@/api/permissions';
import { AUDIT_PAGE, type PeriodAttendanceRow } from '@/api/schemas/attendance';
import { Button } from '@/ui/button';
import { formatClockTime } from '@/ui/format';
import { Pagination } from '@/ui/pagination';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { formatClassTime, formatDayMonthYear, formatTimestamp, weekdayOf } from './format';
import { NotTaken } from './not-taken';

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
  const periods = useQuery(sectionPeriodsQuery({ section_id: sectionId, class_id: classId, date }));
  return (
    <QueryState
      query={periods}
      what="the periods"
      loadingLabel="Loading the periods…"
      isEmpty={(rows) => rows.length === 0}
      empty={<>No classes are in this section’s routine on {`${weekdayOf(date)}, ${formatDayMonthYear(date)}`}.</>}
    >
      {(rows) => <PeriodTable rows={rows} sectionId={sectionId} date={date} caption={caption} />}
    </QueryState>
  );
}

/** "corrected by Nasrin Akter at 23-Nov-2026 15:02" */
export function correctedText(row: Pick<PeriodAttendanceRow, 'corrected_by' | 'corrected_at'>): string | null {
  return row.corrected_by ? `corrected by ${row.corrected_by} at ${formatTimestamp(row.corrected_at)}` : null;
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
  const { userType } = useSignedIn();
  // The audit is the school admin's (the server allows it to the outbox's readers only).
  const readsAudit = can(userType, 'attendance.outbox');
  const [auditOf, setAuditOf] = useState<PeriodAttendanceRow | null>(null);
  return (
    <>
      <DataTable caption={caption} head={PERIOD_COLUMNS} minWidth="48rem" cards>
        {rows.map((row) => {
          const corrected = correctedText(row);
          return (
            <tr key={row.r_id}>
              <Td label="Period">{row.period_code}</Td>
              <Td label="Subject">{row.subject_name}</Td>
              <Td label="Class Time">{formatClassTime(row.start_time, row.end_time)}</Td>
              <Td label="Attendance Time">
                {row.taken && row.time ? (
                  <span className="inline-flex flex-col items-end gap-1 sm:items-start">
                    {formatClockTime(row.time)}
                    {corrected ? <span className="text-xs text-amber-800">{corrected}</span> : null}
                    {corrected && readsAudit ? (
                      <Button
                        variant="ghost"
                        className="-ml-2 text-xs"
                        aria-expanded={auditOf?.r_id === row.r_id}
                        onClick={() => setAuditOf(auditOf?.r_id === row.r_id ? null : row)}
                      >
                        Changes in {row.period_code}
                      </Button>
                    ) : null}
                  </span>
                ) : (
                  <NotTaken />
                )}
              </Td>
              <Td label="Teacher Initial">
                <Link href={`/teacherprofile?teacher_id=${row.t_id}`} className={linkStyle} title={row.teacher_name}>
                  {row.initial}
                </Link>
              </Td>
              <Td label="Total Student">{row.all}</Td>
              <Td label="Present">{row.taken ? row.present : '—'}</Td>
              <Td label="Absent">
                {row.taken ? (
                  <Link
                    href={`/studentabsence?section_id=${sectionId}&routine_id=${row.r_id}&date=${date}`}
                    className={`${linkStyle} inline-flex min-h-11 min-w-11 items-center`}
                    aria-label={`${row.absent} absent in ${row.period_code}, see who`}
                  >
                    {row.absent}
                  </Link>
                ) : (
                  '—'
                )}
              </Td>
            </tr>
          );
        })}
      </DataTable>
      {auditOf ? <AuditList row={auditOf} date={date} /> : null}
    </>
  );
}

const STATUS = (s: 0 | 1) => (s === 1 ? 'Present' : 'Absent');

/** Who changed which mark of one period's taking, newest first, a page at a time. */
function AuditList({ row, date }: { row: PeriodAttendanceRow; date: string }) {
  const [page, setPage] = useState(1);
  const size = AUDIT_PAGE.default;
  const audit = useQuery(auditQuery({ routine_id: row.r_id, date, limit: size, offset: (page - 1) * size }));
  const caption = `Changes to ${row.period_code} (${row.subject_name}) on ${formatDayMonthYear(date)}`;
  return (
    <div className="mt-4">
      <QueryState
        query={audit}
        what="the changes"
        isEmpty={(p) => p.total === 0}
        empty="No mark of this period was changed after it was taken."
      >
        {(p) => (
          <>
            <DataTable caption={caption} captionHidden={false} head={['Student', 'Roll', 'Change', 'By', 'When']} cards>
              {p.rows.map((a) => (
                <tr key={a.id}>
                  <Td label="Student">{a.full_name}</Td>
                  <Td label="Roll">{a.class_roll_no}</Td>
                  <Td label="Change">
                    {STATUS(a.old_status)} → {STATUS(a.new_status)}
                  </Td>
                  <Td label="By">{a.changed_by}</Td>
                  <Td label="When">{formatTimestamp(a.changed_at)}</Td>
                </tr>
              ))}
            </DataTable>
            <Pagination page={page} pageSize={size} total={p.total} onPage={setPage} label="Change pages" />
          </>
        )}
      </QueryState>
    </div>
  );
}
