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
import { Pagination } from '@/ui/pagination';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { i18n, useI18n, type Language } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatClassTime, formatDayMonthYear, formatTime, formatTimestamp, num, weekdayOf } from './format';
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

const PERIOD_KEYS = [
  'attendance.periods.period',
  'attendance.periods.subject',
  'attendance.periods.classTime',
  'attendance.periods.attendanceTime',
  'attendance.periods.teacherInitial',
  'attendance.periods.totalStudent',
  'attendance.common.present',
  'attendance.common.absent',
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
  const { t, lang } = useI18n();
  return (
    <QueryState
      query={periods}
      what={t('attendance.periods.thePeriods')}
      loadingLabel={t('attendance.periods.loadingPeriods')}
      isEmpty={(rows) => rows.length === 0}
      empty={t('attendance.periods.noClassesInRoutine', {
        day: t('attendance.common.dayDate', { day: weekdayOf(date, lang), date: formatDayMonthYear(date, lang) }),
      })}
    >
      {(rows) => <PeriodTable rows={rows} sectionId={sectionId} date={date} caption={caption} />}
    </QueryState>
  );
}

/** "corrected by Nasrin Akter at 23-Nov-2026 15:02" */
export function correctedText(
  row: Pick<PeriodAttendanceRow, 'corrected_by' | 'corrected_at'>,
  lang: Language = 'en',
): string | null {
  return row.corrected_by
    ? i18n.t('attendance.periods.correctedBy', {
        name: row.corrected_by,
        when: formatTimestamp(row.corrected_at, lang),
      })
    : null;
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
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [cPeriod, cSubject, cClassTime, cTime, cInitial, cTotal, cPresent, cAbsent] = PERIOD_KEYS.map((k) => t(k));
  return (
    <>
      <DataTable
        caption={caption}
        head={[cPeriod, cSubject, cClassTime, cTime, cInitial, cTotal, cPresent, cAbsent]}
        minWidth="48rem"
        cards
      >
        {rows.map((row) => {
          const corrected = correctedText(row, lang);
          return (
            <tr key={row.r_id}>
              <Td label={cPeriod}>{row.period_code}</Td>
              <Td label={cSubject}>{name('subjects', row.subject_name)}</Td>
              <Td label={cClassTime}>{formatClassTime(row.start_time, row.end_time, lang)}</Td>
              <Td label={cTime}>
                {row.taken && row.time ? (
                  <span className="inline-flex flex-col items-end gap-1 sm:items-start">
                    {formatTime(row.time, lang)}
                    {corrected ? <span className="text-xs text-amber-800">{corrected}</span> : null}
                    {corrected && readsAudit ? (
                      <Button
                        variant="ghost"
                        className="-ml-2 text-xs"
                        aria-expanded={auditOf?.r_id === row.r_id}
                        onClick={() => setAuditOf(auditOf?.r_id === row.r_id ? null : row)}
                      >
                        {t('attendance.periods.changesIn', { code: row.period_code })}
                      </Button>
                    ) : null}
                  </span>
                ) : (
                  <NotTaken />
                )}
              </Td>
              <Td label={cInitial}>
                <Link
                  href={`/teacherprofile?teacher_id=${row.t_id}`}
                  className={`${linkStyle} inline-flex min-h-11 min-w-11 items-center`}
                  title={row.teacher_name}
                >
                  {row.initial}
                </Link>
              </Td>
              <Td label={cTotal}>{num(row.all, lang)}</Td>
              <Td label={cPresent}>{row.taken && row.present !== null ? num(row.present, lang) : '—'}</Td>
              <Td label={cAbsent}>
                {row.taken ? (
                  <Link
                    href={`/studentabsence?section_id=${sectionId}&routine_id=${row.r_id}&date=${date}`}
                    className={`${linkStyle} inline-flex min-h-11 min-w-11 items-center`}
                    aria-label={t('attendance.periods.absentIn', {
                      n: row.absent === null ? '' : num(row.absent, lang),
                      code: row.period_code,
                    })}
                  >
                    {row.absent === null ? '' : num(row.absent, lang)}
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

/** Who changed which mark of one period's taking, newest first, a page at a time. */
function AuditList({ row, date }: { row: PeriodAttendanceRow; date: string }) {
  const [page, setPage] = useState(1);
  const size = AUDIT_PAGE.default;
  const audit = useQuery(auditQuery({ routine_id: row.r_id, date, limit: size, offset: (page - 1) * size }));
  const { t, lang } = useI18n();
  const { name } = useNames();
  const status = (s: 0 | 1) => (s === 1 ? t('attendance.common.present') : t('attendance.common.absent'));
  const caption = t('attendance.periods.changesTo', {
    code: row.period_code,
    subject: name('subjects', row.subject_name),
    date: formatDayMonthYear(date, lang),
  });
  const head = [
    t('attendance.periods.student'),
    t('attendance.common.roll'),
    t('attendance.periods.change'),
    t('attendance.periods.by'),
    t('attendance.periods.when'),
  ];
  return (
    <div className="mt-4">
      <QueryState
        query={audit}
        what={t('attendance.periods.theChanges')}
        isEmpty={(p) => p.total === 0}
        empty={t('attendance.periods.noChanges')}
      >
        {(p) => (
          <>
            <DataTable caption={caption} captionHidden={false} head={head} cards>
              {p.rows.map((a) => (
                <tr key={a.id}>
                  <Td label={head[0]}>{a.full_name}</Td>
                  <Td label={head[1]}>{num(a.class_roll_no, lang)}</Td>
                  <Td label={head[2]}>
                    {status(a.old_status)} → {status(a.new_status)}
                  </Td>
                  <Td label={head[3]}>{a.changed_by}</Td>
                  <Td label={head[4]}>{formatTimestamp(a.changed_at, lang)}</Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={size}
              total={p.total}
              onPage={setPage}
              label={t('attendance.periods.changePages')}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
