/**
 * /teacherattendance: the teacher takes a period's attendance (spec part 2, Attendance).
 *
 * The screen renders the attendance machine (provided once with `createActorContext`) and sends
 * it events; nothing here fetches. It is built for the keyboard: after "Take Attendance" the
 * student list has focus, ↑/↓ (or j/k) move, Space toggles, `a` marks everyone present (Shift+A
 * absent), digits jump to a roll number, Enter asks for confirmation and Enter again submits.
 * And for the phone: rows and buttons are 44 px tall, the roster is part of the page (no inner
 * scroll box) and Submit sits in a bar that stays at the bottom of the screen.
 *
 * The date is in the address (`?date=`), so Back and reload keep it; `?next=1` (the palette's
 * "Take attendance for the next period") opens the next untaken period of today straight away.
 * Leaving with marks the server does not have asks first.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import type { AbsentMessageResponse, AttendanceStudentRow, TakenStudentRow } from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { attendanceKeys } from '@/api/attendance';
import { schoolClockTime, schoolToday } from '@/api/school-time';
import { attendanceMachine, hasUnsavedMarks, presentCount } from '@/machines/attendance.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm';
import { DateField } from '@/ui/date-field';
import { formatClockTime } from '@/ui/format';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, Loading } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { formatClassTime, formatDayMonthYear, weekdayOf } from './format';

/** The teacher's flow, provided once by the screen; every part reads and sends through it. */
export const AttendanceFlow = createActorContext(attendanceMachine);
const useFlow = AttendanceFlow.useSelector;
const useSend = () => AttendanceFlow.useActorRef().send;

export const UNSAVED_MARKS_MESSAGE = 'Your attendance marks are not saved yet. Leave without submitting them?';

/** The first period of today that is not taken and has not ended; else the first not taken. */
export function nextPeriod(periods: readonly RoutineTodayRow[], now: string): RoutineTodayRow | undefined {
  const open = periods.filter((p) => !p.attendance_taken);
  return open.find((p) => p.end_time >= now) ?? open[0];
}

export default function TeacherAttendanceScreen() {
  const { profile } = useSignedIn();
  const queryClient = useQueryClient();
  const [params] = useSearchState({ date: '', next: '' });
  // The machine starts once, on the date the address names (a later change is sent as an event).
  const [input] = useState(() => ({ teacherId: profile.id, today: schoolToday(), date: params.date || undefined }));
  const logic = useMemo(
    () =>
      attendanceMachine.provide({
        actions: { savedChanges: () => void queryClient.invalidateQueries({ queryKey: attendanceKeys.all }) },
      }),
    [queryClient],
  );
  return (
    <AttendanceFlow.Provider logic={logic} options={{ input }}>
      <PageHeader kicker={profile.school_name} title="Take Attendance" />
      <TakeAttendance />
    </AttendanceFlow.Provider>
  );
}

function TakeAttendance() {
  const top = useFlow((s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  useUnsavedChanges(useFlow(hasUnsavedMarks), UNSAVED_MARKS_MESSAGE);
  useDateInAddress();
  if (top === 'choosingPeriod') return <ChoosePeriod />;
  if (top === 'loadingStudents' || top === 'studentsFailed') return <LoadingStudents />;
  if (top === 'submitted') return <Submitted />;
  return <Marking />;
}

/** The address's `?date=` (Back, reload, a shared link) drives the flow's date while choosing a period. */
function useDateInAddress() {
  const [params] = useSearchState({ date: '' });
  const send = useSend();
  const date = useFlow((s) => s.context.date);
  const today = useFlow((s) => s.context.today);
  const choosing = useFlow((s) => s.matches('choosingPeriod'));
  const wanted = params.date || today;
  useEffect(() => {
    if (choosing && wanted !== date) send({ type: 'attendance.date', date: wanted });
  }, [choosing, wanted, date, send]);
}

function periodName(p: Pick<RoutineTodayRow, 'period_code' | 'subject_name' | 'class_name' | 'section_default_name'>) {
  return `${p.period_code} ${p.subject_name}, ${p.class_name} ${p.section_default_name}`;
}

// ---------------------------------------------------------------- choosing a period

function ChoosePeriod() {
  const send = useSend();
  const [params, setParams] = useSearchState({ date: '', next: '' });
  const date = useFlow((s) => s.context.date);
  const today = useFlow((s) => s.context.today);
  const periods = useFlow((s) => s.context.periods);
  const error = useFlow((s) => s.context.error);
  const phase = useFlow((s) =>
    s.matches({ choosingPeriod: 'ready' })
      ? 'ready'
      : s.matches({ choosingPeriod: 'empty' })
        ? 'empty'
        : s.matches({ choosingPeriod: 'failed' })
          ? 'failed'
          : 'loading',
  );

  // The palette's "next period": open it once, when today's list first arrives.
  const openedNext = useRef(false);
  useEffect(() => {
    if (params.next !== '1' || openedNext.current || phase !== 'ready' || date !== today) return;
    openedNext.current = true;
    const next = nextPeriod(periods, schoolClockTime());
    if (next) send({ type: 'attendance.choose', routineId: next.id });
  }, [params.next, phase, date, today, periods, send]);

  const setDate = (iso: string) => setParams({ date: iso === today ? '' : iso, next: '' });
  const dayLabel = `${weekdayOf(date)}, ${formatDayMonthYear(date)}`;
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          {date === today ? 'Your classes today' : 'Your classes on'} <span className="text-slate-600">{dayLabel}</span>
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <DateField label="Date" value={date} max={today} onChange={(iso) => iso && setDate(iso)} />
          {date !== today ? (
            <Button variant="secondary" onClick={() => setDate(today)}>
              Today
            </Button>
          ) : null}
        </div>
      </div>

      {phase === 'loading' ? <Loading label="Loading your classes…" /> : null}
      {phase === 'empty' ? (
        <EmptyState>
          You have no classes on {dayLabel}.{' '}
          {date === today ? 'Pick an earlier date to take or correct attendance.' : 'Pick another date.'}
        </EmptyState>
      ) : null}
      {phase === 'failed' ? (
        <Alert tone="error" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>Could not load your classes. {error}</p>
        </Alert>
      ) : null}
      {phase === 'ready' ? <PeriodList periods={periods} /> : null}
    </Card>
  );
}

function PeriodList({ periods }: { periods: readonly RoutineTodayRow[] }) {
  const send = useSend();
  return (
    <ul className="divide-y divide-slate-100" aria-label="Your classes">
      {periods.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">
              {p.period_code} · {p.subject_name}
            </p>
            <p className="text-sm text-slate-600">
              {formatClassTime(p.start_time, p.end_time)} · Class {p.class_name}, Section {p.section_default_name} ·
              Room {p.room}
            </p>
          </div>
          <div className="flex items-center gap-3">
            {p.attendance_taken ? (
              <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800">
                ✓ Taken
              </span>
            ) : (
              <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-600">
                Not taken
              </span>
            )}
            <Button
              onClick={() => send({ type: 'attendance.choose', routineId: p.id })}
              aria-label={`Take Attendance for ${periodName(p)}${p.attendance_taken ? ' (taken)' : ''}`}
            >
              Take Attendance
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

// ---------------------------------------------------------------- loading the section

function LoadingStudents() {
  const send = useSend();
  const routine = useFlow((s) => s.context.routine);
  const failed = useFlow((s) => s.matches('studentsFailed'));
  const error = useFlow((s) => s.context.error);
  const name = routine ? `${routine.class_name} ${routine.section_default_name}` : 'the section';
  return (
    <Card>
      {failed ? (
        <Alert tone="error" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>
            Could not load the students of {name}. {error}
          </p>
          <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'attendance.back' })}>
            Back to classes
          </Button>
        </Alert>
      ) : (
        <Loading label={`Loading the students of ${name}…`} />
      )}
    </Card>
  );
}

// ---------------------------------------------------------------- marking

const LEGEND: ReadonlyArray<[string, string]> = [
  ['↑ ↓ / j k', 'move'],
  ['Space', 'present / absent'],
  ['a', 'all present'],
  ['Shift+A', 'all absent'],
  ['0–9', 'jump to roll'],
  ['Enter', 'submit'],
];

function Marking() {
  const actor = AttendanceFlow.useActorRef();
  const send = actor.send;
  const routine = useFlow((s) => s.context.routine);
  const date = useFlow((s) => s.context.date);
  const students = useFlow((s) => s.context.students);
  const marks = useFlow((s) => s.context.marks);
  const cursor = useFlow((s) => s.context.cursor);
  const digits = useFlow((s) => s.context.digits);
  const retaking = useFlow((s) => s.context.retaking);
  const error = useFlow((s) => s.context.error);
  const marking = useFlow((s) => s.matches('marking'));
  const confirming = useFlow((s) => s.matches('confirming'));
  const submitting = useFlow((s) => s.matches('submitting'));
  const failed = useFlow((s) => s.matches('failed'));
  const refused = useFlow((s) => s.matches('refused'));
  const canSubmit = useFlow((s) => s.can({ type: 'attendance.submit' }));
  const present = presentCount({ students, marks });
  const total = students.length;
  const allPresent = total > 0 && present === total;
  const listId = 'attendance-roster';
  const listRef = useRef<HTMLUListElement>(null);

  // Focus the list when marking starts (after Take Attendance, or back from a failed submit).
  const wasMarking = useRef(false);
  useEffect(() => {
    if (marking && !wasMarking.current) listRef.current?.focus();
    wasMarking.current = marking || confirming;
  }, [marking, confirming]);

  useEffect(() => {
    const active = listRef.current?.querySelector<HTMLElement>('[data-active="true"]');
    active?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor]);

  function onKeyDown(event: ReactKeyboardEvent<HTMLUListElement>) {
    if (!marking || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const go = (e: Parameters<typeof send>[0]) => {
      event.preventDefault();
      send(e);
    };
    if (key === 'ArrowDown' || key === 'j') go({ type: 'attendance.move', delta: 1 });
    else if (key === 'ArrowUp' || key === 'k') go({ type: 'attendance.move', delta: -1 });
    else if (key === 'Home') go({ type: 'attendance.move', delta: -total });
    else if (key === 'End') go({ type: 'attendance.move', delta: total });
    else if (key === ' ' || key === 'Spacebar') {
      const student = students[cursor];
      if (student) go({ type: 'attendance.toggle', studentId: student.student_id });
      else event.preventDefault();
    } else if (key === 'a') go({ type: 'attendance.allPresent' });
    else if (key === 'A') go({ type: 'attendance.allAbsent' });
    else if (/^[0-9]$/.test(key)) go({ type: 'attendance.digit', digit: key });
    else if (key === 'Enter') go({ type: 'attendance.submit' });
  }

  const title = routine ? `${routine.period_code} · ${routine.subject_name}` : 'Attendance';
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">
            {routine ? `Class ${routine.class_name}, Section ${routine.section_default_name} · ` : ''}
            {weekdayOf(date)}, {formatDayMonthYear(date)}
            {routine ? ` · ${formatClassTime(routine.start_time, routine.end_time)}` : ''}
          </p>
          {retaking ? (
            <p className="mt-1 text-sm text-amber-800">
              Attendance was taken before: the saved marks are shown, and Submit corrects them.
            </p>
          ) : null}
        </div>
        <Button variant="ghost" onClick={() => send({ type: 'attendance.back' })} disabled={!marking}>
          Back to classes
        </Button>
      </div>

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={allPresent}
          disabled={!marking}
          onClick={() => send({ type: allPresent ? 'attendance.allAbsent' : 'attendance.allPresent' })}
          className="flex min-h-11 items-center gap-3 rounded-md pr-2 text-sm font-medium text-slate-800 disabled:opacity-50"
        >
          <span
            className={`relative inline-flex h-7 w-12 items-center rounded-full transition ${allPresent ? 'bg-emerald-600' : 'bg-slate-300'}`}
          >
            <span
              className={`inline-block h-6 w-6 rounded-full bg-white shadow transition ${allPresent ? 'translate-x-5' : 'translate-x-0.5'}`}
            />
          </span>
          All present
        </button>
        <p className="h-5 text-sm text-indigo-700" aria-live="polite">
          {digits ? `Roll ${digits}…` : ''}
        </p>
      </div>

      {failed ? (
        <Alert tone="error" className="mb-3" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>Attendance was not saved: {error} Your marks are kept.</p>
          <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'attendance.back' })}>
            Change marks
          </Button>
        </Alert>
      ) : null}
      {refused ? (
        <Alert tone="error" className="mb-3">
          <p>Attendance was not saved: {error}</p>
          <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'attendance.back' })}>
            Change marks
          </Button>
        </Alert>
      ) : null}
      {submitting ? <Loading label="Saving attendance…" /> : null}

      {total === 0 ? (
        <EmptyState>No students are enrolled in this section.</EmptyState>
      ) : (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label="Students: selected means present"
          aria-activedescendant={students[cursor] ? `${listId}-${students[cursor].student_id}` : undefined}
          aria-disabled={!marking || undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
        >
          {students.map((s, i) => (
            <StudentOption
              key={s.student_id}
              id={`${listId}-${s.student_id}`}
              student={s}
              present={marks[s.student_id] === 1}
              active={i === cursor}
              onToggle={marking ? () => send({ type: 'attendance.toggle', studentId: s.student_id }) : undefined}
            />
          ))}
        </ul>
      )}

      <dl
        className="mt-4 hidden flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 [@media(hover:hover)_and_(pointer:fine)]:flex"
        aria-label="Keyboard"
      >
        {LEGEND.map(([keys, what]) => (
          <div key={keys} className="flex items-center gap-1">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>

      {/* Submit stays in reach however long the roster is. */}
      <div className="sticky bottom-0 z-10 -mx-5 mt-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur">
        <p className="text-sm font-semibold text-slate-900" aria-live="polite" data-testid="present-count">
          Present {present} of {total} · Absent {total - present}
        </p>
        <Button onClick={() => send({ type: 'attendance.submit' })} disabled={!canSubmit}>
          Submit
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        title="Submit attendance?"
        confirmLabel="Submit"
        onConfirm={() => send({ type: 'attendance.confirm' })}
        onCancel={() => send({ type: 'attendance.cancel' })}
      >
        <p>
          {routine ? `${periodName(routine)} · ` : ''}
          {formatDayMonthYear(date)}
        </p>
        <dl className="grid grid-cols-3 gap-3 text-center" aria-label="Counts">
          <div className="rounded-lg bg-emerald-50 p-3">
            <dt className="text-xs text-emerald-800">Present</dt>
            <dd className="text-2xl font-bold text-emerald-900">{present}</dd>
          </div>
          <div className="rounded-lg bg-red-50 p-3">
            <dt className="text-xs text-red-800">Absent</dt>
            <dd className="text-2xl font-bold text-red-900">{total - present}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">Total</dt>
            <dd className="text-2xl font-bold text-slate-900">{total}</dd>
          </div>
        </dl>
      </ConfirmDialog>
    </Card>
  );
}

/**
 * A roster row: its name, from its own text, says the student's roll, name and mark ("Roll 4, Arif
 * Hossain, Absent"); the words only a screen reader needs are visually hidden, so what is seen is
 * part of what is heard.
 */
function StudentOption({
  id,
  student,
  present,
  active,
  onToggle,
}: {
  id: string;
  student: AttendanceStudentRow;
  present: boolean;
  active: boolean;
  onToggle?: () => void;
}) {
  const mark = present ? 'Present' : 'Absent';
  return (
    <li
      id={id}
      role="option"
      aria-selected={present}
      data-active={active}
      onClick={onToggle}
      className={`flex min-h-12 cursor-pointer items-center gap-3 px-3 py-3 text-sm ${active ? 'bg-indigo-50 ring-2 ring-inset ring-indigo-500' : ''}`}
    >
      <span className="w-10 shrink-0 font-mono text-slate-600">
        <span className="sr-only">Roll</span> {student.class_roll_no}
        <span className="sr-only">,</span>
      </span>{' '}
      <span className="min-w-0 flex-1 break-words text-slate-900">
        {student.full_name}
        <span className="sr-only">,</span>
      </span>{' '}
      <span
        className={`w-20 shrink-0 rounded-full px-2 py-1 text-center text-xs font-semibold ${
          present ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'
        }`}
      >
        {mark}
      </span>
    </li>
  );
}

// ---------------------------------------------------------------- the result

/** "Queued 0 · Sending again 1 · Already sent 2 · Cancelled (now present) 1 · No phone number 0". */
function messageCounts(m: AbsentMessageResponse): string {
  const counts: [string, number][] = [
    ['Queued', m.queued],
    ['Sending again', m.retried],
    ['Already sent', m.already],
    ['Failed', m.failed],
    ['Cancelled (now present)', m.cancelled],
    ['No phone number', m.no_phone],
  ];
  return (
    counts
      // Queued, already sent and no phone always; the rest only when they happened.
      .filter(([label, n]) => n > 0 || ['Queued', 'Already sent', 'No phone number'].includes(label))
      .map(([label, n]) => `${label} ${n}`)
      .join(' · ')
  );
}

/** Absent students first (they are who the teacher acts on), each group by roll. */
export function absentFirst(students: readonly TakenStudentRow[]): TakenStudentRow[] {
  return [...students].sort((a, b) => a.attendance_status - b.attendance_status || a.class_roll_no - b.class_roll_no);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Submitted() {
  const send = useSend();
  const result = useFlow((s) => s.context.result);
  const routine = useFlow((s) => s.context.routine);
  const date = useFlow((s) => s.context.date);
  const today = useFlow((s) => s.context.today);
  const message = useFlow((s) => s.context.absentMessage);
  const error = useFlow((s) => s.context.error);
  const preview = useFlow((s) => s.context.preview);
  const busy = useFlow((s) => s.matches({ submitted: 'previewing' }) || s.matches({ submitted: 'sending' }));
  const sending = useFlow((s) => s.matches({ submitted: 'sending' }));
  const confirmingSend = useFlow((s) => s.matches({ submitted: 'confirmingSend' }));
  const sendFailed = useFlow((s) => s.matches({ submitted: 'sendFailed' }));
  const sendRefused = useFlow((s) => s.matches({ submitted: 'sendRefused' }));
  const previewFailed = useFlow((s) => s.matches({ submitted: 'previewFailed' }));
  const canSend = useFlow((s) => s.can({ type: 'attendance.sendAbsent' }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!result) return null;

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {result.corrected ? 'Attendance corrected' : 'Attendance saved'}
          </h2>
          <p className="text-sm text-slate-600">
            {routine ? `${periodName(routine)} · ` : ''}
            {formatDayMonthYear(result.date)} at {formatClockTime(result.time)}
          </p>
        </div>
        <Button variant="secondary" onClick={() => send({ type: 'attendance.back' })}>
          Back to classes
        </Button>
      </div>

      <DataTable caption="Totals" head={['Total Attendance Taken', 'Present', 'Absent']} minWidth="0">
        <tr>
          <Td label="Total Attendance Taken">{result.total}</Td>
          <Td label="Present">{result.present}</Td>
          <Td label="Absent">{result.absent}</Td>
        </tr>
      </DataTable>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={() => send({ type: 'attendance.sendAbsent' })} disabled={!canSend}>
          {sending ? 'Sending…' : busy ? 'Preparing…' : 'Send Absent Message'}
        </Button>
        {result.absent === 0 ? (
          <span className="text-sm text-slate-600">No student is absent.</span>
        ) : date !== today ? (
          <span className="text-sm text-slate-600">Absence messages go only for today’s attendance.</span>
        ) : null}
        {message ? (
          <div className="text-sm text-slate-800" role="status">
            <p className="font-medium">{message.message}</p>
            <p>{messageCounts(message)}</p>
          </div>
        ) : null}
      </div>
      {sendFailed ? (
        <Alert tone="error" className="mt-3" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>The absence messages were not sent: {error}</p>
        </Alert>
      ) : null}
      {sendRefused ? (
        <Alert tone="error" className="mt-3">
          <p>The absence messages were not sent: {error}</p>
        </Alert>
      ) : null}
      {previewFailed ? (
        <Alert tone="error" className="mt-3" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>Could not prepare the absence messages: {error}</p>
          <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'attendance.cancel' })}>
            Not now
          </Button>
        </Alert>
      ) : null}

      <div className="mt-6">
        <DataTable caption="Students" captionHidden={false} head={['Name', 'Roll', 'Status']} minWidth="0">
          {absentFirst(result.students).map((s) => {
            const absent = s.attendance_status === 0;
            return (
              <tr key={s.student_id} className={absent ? 'bg-red-50 font-semibold text-red-900' : ''}>
                <Td label="Name">{s.full_name}</Td>
                <Td label="Roll">{s.class_roll_no}</Td>
                <Td label="Status">
                  <abbr title={absent ? 'Absent' : 'Present'} className="no-underline">
                    {absent ? 'A' : 'P'}
                  </abbr>
                </Td>
              </tr>
            );
          })}
        </DataTable>
      </div>

      <ConfirmDialog
        open={confirmingSend}
        title="Send absence messages?"
        confirmLabel={preview ? `Send ${plural(preview.guardians, 'message')}` : 'Send'}
        onConfirm={() => send({ type: 'attendance.confirm' })}
        onCancel={() => send({ type: 'attendance.cancel' })}
      >
        {preview ? <PreviewText preview={preview} /> : null}
      </ConfirmDialog>
    </Card>
  );
}

function PreviewText({
  preview,
}: {
  preview: { guardians: number; absent: number; already: number; no_phone: number; sample: string | null };
}) {
  return (
    <>
      <p data-testid="guardian-count">
        {preview.guardians === 0
          ? 'No guardian would get a message now.'
          : `An SMS goes to the guardians of ${plural(preview.guardians, 'absent student')}.`}
      </p>
      {preview.sample ? (
        <>
          <p>Each guardian reads this, with their own child’s name, class and roll:</p>
          <blockquote className="rounded-md border-l-4 border-indigo-300 bg-slate-50 p-3 text-slate-900">
            {preview.sample}
          </blockquote>
        </>
      ) : null}
      {preview.already > 0 ? <p>{plural(preview.already, 'message')} already sent are not sent again.</p> : null}
      {preview.no_phone > 0 ? (
        <p>{plural(preview.no_phone, 'absent student')} without a guardian phone number get no message.</p>
      ) : null}
    </>
  );
}
