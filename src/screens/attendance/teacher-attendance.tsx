/**
 * /teacherattendance: the teacher takes a period's attendance (spec part 2, Attendance).
 *
 * The screen renders the attendance machine and sends it events; nothing here fetches. It is
 * built for the keyboard: after "Take Attendance" the student list has focus, ↑/↓ (or j/k) move,
 * Space toggles, `a` marks everyone present (Shift+A absent), digits jump to a roll number, Enter
 * asks for confirmation and Enter again submits. Marking all present and three absentees takes
 * `a`, each roll's digits and Space, then Enter, Enter.
 *
 * `?next=1` (the palette's "Take attendance for the next period") opens the next untaken period
 * of today straight away.
 */
import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AbsentMessageResponse, AttendanceStudentRow } from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { schoolClockTime, schoolToday } from '@/api/attendance';
import { attendanceMachine, presentCount } from '@/machines/attendance.machine';
import { Button } from '@/ui/button';
import { formatClockTime } from '@/ui/format';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, Loading } from '@/ui/status';
import { formatClassTime, formatDayMonthYear, weekdayOf } from './format';
import { cell, DataTable } from './table';

type Snapshot = SnapshotFrom<typeof attendanceMachine>;
type ActorRef = ActorRefFrom<typeof attendanceMachine>;

/** The first period of today that is not taken and has not ended; else the first not taken. */
export function nextPeriod(periods: readonly RoutineTodayRow[], now: string): RoutineTodayRow | undefined {
  const open = periods.filter((p) => !p.attendance_taken);
  return open.find((p) => p.end_time >= now) ?? open[0];
}

export default function TeacherAttendanceScreen() {
  const { profile } = useSignedIn();
  const [params] = useSearchParams();
  const today = schoolToday();
  const actor = useActorRef(attendanceMachine, {
    input: { teacherId: profile.id, today, date: params.get('date') ?? undefined },
  });
  const top = useSelector(actor, topState);

  return (
    <>
      <PageHeader kicker={profile.school_name} title="Take Attendance" />
      {top === 'choosingPeriod' ? <ChoosePeriod actor={actor} openNext={params.get('next') === '1'} /> : null}
      {top === 'loadingStudents' || top === 'studentsFailed' ? <LoadingStudents actor={actor} /> : null}
      {top === 'marking' || top === 'confirming' || top === 'submitting' || top === 'failed' ? (
        <Marking actor={actor} />
      ) : null}
      {top === 'submitted' ? <Submitted actor={actor} /> : null}
    </>
  );
}

function topState(s: Snapshot): string {
  return typeof s.value === 'string' ? s.value : Object.keys(s.value)[0];
}

function periodName(p: Pick<RoutineTodayRow, 'period_code' | 'subject_name' | 'class_name' | 'section_default_name'>) {
  return `${p.period_code} ${p.subject_name}, ${p.class_name} ${p.section_default_name}`;
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      {children}
    </div>
  );
}

// ---------------------------------------------------------------- choosing a period

function ChoosePeriod({ actor, openNext }: { actor: ActorRef; openNext: boolean }) {
  const date = useSelector(actor, (s) => s.context.date);
  const today = useSelector(actor, (s) => s.context.today);
  const periods = useSelector(actor, (s) => s.context.periods);
  const error = useSelector(actor, (s) => s.context.error);
  const phase = useSelector(actor, (s) =>
    s.matches({ choosingPeriod: 'ready' })
      ? 'ready'
      : s.matches({ choosingPeriod: 'empty' })
        ? 'empty'
        : s.matches({ choosingPeriod: 'failed' })
          ? 'failed'
          : 'loading',
  );
  const dateId = useId();

  // The palette's "next period": open it once, when today's list first arrives.
  const openedNext = useRef(false);
  useEffect(() => {
    if (!openNext || openedNext.current || phase !== 'ready' || date !== today) return;
    openedNext.current = true;
    const next = nextPeriod(periods, schoolClockTime());
    if (next) actor.send({ type: 'attendance.choose', routineId: next.id });
  }, [openNext, phase, date, today, periods, actor]);

  const dayLabel = `${weekdayOf(date)}, ${formatDayMonthYear(date)}`;
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          {date === today ? 'Your classes today' : 'Your classes on'} <span className="text-slate-600">{dayLabel}</span>
        </h2>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={dateId} className="block text-sm font-medium text-slate-800">
              Date
            </label>
            <input
              id={dateId}
              type="date"
              value={date}
              max={today}
              onChange={(e) => {
                if (e.target.value) actor.send({ type: 'attendance.date', date: e.target.value });
              }}
              className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
            />
          </div>
          {date !== today ? (
            <Button variant="secondary" onClick={() => actor.send({ type: 'attendance.date', date: today })}>
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
        <Alert>
          <p>Could not load your classes. {error}</p>
          <button
            type="button"
            onClick={() => actor.send({ type: 'attendance.retry' })}
            className="mt-2 font-semibold underline"
          >
            Try again
          </button>
        </Alert>
      ) : null}
      {phase === 'ready' ? <PeriodList actor={actor} periods={periods} /> : null}
    </Card>
  );
}

function PeriodList({ actor, periods }: { actor: ActorRef; periods: readonly RoutineTodayRow[] }) {
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
              onClick={() => actor.send({ type: 'attendance.choose', routineId: p.id })}
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

function LoadingStudents({ actor }: { actor: ActorRef }) {
  const routine = useSelector(actor, (s) => s.context.routine);
  const failed = useSelector(actor, (s) => s.matches('studentsFailed'));
  const error = useSelector(actor, (s) => s.context.error);
  const name = routine ? `${routine.class_name} ${routine.section_default_name}` : 'the section';
  return (
    <Card>
      {failed ? (
        <Alert>
          <p>
            Could not load the students of {name}. {error}
          </p>
          <div className="mt-2 flex gap-4">
            <button
              type="button"
              onClick={() => actor.send({ type: 'attendance.retry' })}
              className="font-semibold underline"
            >
              Try again
            </button>
            <button
              type="button"
              onClick={() => actor.send({ type: 'attendance.back' })}
              className="font-semibold underline"
            >
              Back to classes
            </button>
          </div>
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

function Marking({ actor }: { actor: ActorRef }) {
  const routine = useSelector(actor, (s) => s.context.routine);
  const date = useSelector(actor, (s) => s.context.date);
  const students = useSelector(actor, (s) => s.context.students);
  const marks = useSelector(actor, (s) => s.context.marks);
  const cursor = useSelector(actor, (s) => s.context.cursor);
  const digits = useSelector(actor, (s) => s.context.digits);
  const retaking = useSelector(actor, (s) => s.context.retaking);
  const error = useSelector(actor, (s) => s.context.error);
  const marking = useSelector(actor, (s) => s.matches('marking'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'attendance.submit' }));
  const present = presentCount({ students, marks });
  const total = students.length;
  const allPresent = total > 0 && present === total;
  const listId = useId();
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
    const send = (e: Parameters<ActorRef['send']>[0]) => {
      event.preventDefault();
      actor.send(e);
    };
    if (key === 'ArrowDown' || key === 'j') send({ type: 'attendance.move', delta: 1 });
    else if (key === 'ArrowUp' || key === 'k') send({ type: 'attendance.move', delta: -1 });
    else if (key === 'Home') send({ type: 'attendance.move', delta: -total });
    else if (key === 'End') send({ type: 'attendance.move', delta: total });
    else if (key === ' ' || key === 'Spacebar') {
      const student = students[cursor];
      if (student) send({ type: 'attendance.toggle', studentId: student.student_id });
      else event.preventDefault();
    } else if (key === 'a') send({ type: 'attendance.allPresent' });
    else if (key === 'A') send({ type: 'attendance.allAbsent' });
    else if (/^[0-9]$/.test(key)) send({ type: 'attendance.digit', digit: key });
    else if (key === 'Enter') send({ type: 'attendance.submit' });
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
              Attendance was taken before: the saved marks are shown, and Submit updates them.
            </p>
          ) : null}
        </div>
        <Button variant="ghost" onClick={() => actor.send({ type: 'attendance.back' })} disabled={!marking}>
          Back to classes
        </Button>
      </div>

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={allPresent}
          disabled={!marking}
          onClick={() => actor.send({ type: allPresent ? 'attendance.allAbsent' : 'attendance.allPresent' })}
          className="flex items-center gap-2 rounded-md text-sm font-medium text-slate-800 disabled:opacity-50"
        >
          <span
            className={`relative inline-flex h-6 w-11 items-center rounded-full transition ${allPresent ? 'bg-emerald-600' : 'bg-slate-300'}`}
          >
            <span
              className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${allPresent ? 'translate-x-5' : 'translate-x-0.5'}`}
            />
          </span>
          All present
        </button>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite" data-testid="present-count">
          Present {present} of {total} · Absent {total - present}
        </p>
        <p className="h-5 text-sm text-indigo-700" aria-live="polite">
          {digits ? `Roll ${digits}…` : ''}
        </p>
      </div>

      {failed ? (
        <div className="mb-3">
          <Alert>
            <p>Attendance was not saved: {error} Your marks are kept.</p>
            <div className="mt-2 flex gap-4">
              <button
                type="button"
                onClick={() => actor.send({ type: 'attendance.retry' })}
                className="font-semibold underline"
              >
                Try again
              </button>
              <button
                type="button"
                onClick={() => actor.send({ type: 'attendance.back' })}
                className="font-semibold underline"
              >
                Change marks
              </button>
            </div>
          </Alert>
        </div>
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
          className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
        >
          {students.map((s, i) => (
            <StudentOption
              key={s.student_id}
              id={`${listId}-${s.student_id}`}
              student={s}
              present={marks[s.student_id] === 1}
              active={i === cursor}
              onToggle={marking ? () => actor.send({ type: 'attendance.toggle', studentId: s.student_id }) : undefined}
            />
          ))}
        </ul>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Keyboard">
          {LEGEND.map(([keys, what]) => (
            <div key={keys} className="flex items-center gap-1">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <Button onClick={() => actor.send({ type: 'attendance.submit' })} disabled={!canSubmit}>
          Submit
        </Button>
      </div>

      <ConfirmDialog actor={actor} open={confirming} present={present} total={total} />
    </Card>
  );
}

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
  return (
    <li
      id={id}
      role="option"
      aria-selected={present}
      aria-label={`Roll ${student.class_roll_no}, ${student.full_name}`}
      data-active={active}
      onClick={onToggle}
      className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${active ? 'bg-indigo-50 ring-2 ring-inset ring-indigo-500' : ''}`}
    >
      <span className="w-10 shrink-0 font-mono text-slate-500">{student.class_roll_no}</span>
      <span className="flex-1 text-slate-900">{student.full_name}</span>
      <span
        aria-hidden="true"
        className={`w-20 rounded-full px-2 py-0.5 text-center text-xs font-semibold ${
          present ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'
        }`}
      >
        {present ? 'Present' : 'Absent'}
      </span>
    </li>
  );
}

function ConfirmDialog({
  actor,
  open,
  present,
  total,
}: {
  actor: ActorRef;
  open: boolean;
  present: number;
  total: number;
}) {
  const routine = useSelector(actor, (s) => s.context.routine);
  const date = useSelector(actor, (s) => s.context.date);
  return (
    <Dialog open={open} onClose={() => actor.send({ type: 'attendance.cancel' })} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">Submit attendance?</DialogTitle>
          <p className="mt-2 text-sm text-slate-700">
            {routine ? `${periodName(routine)} · ` : ''}
            {formatDayMonthYear(date)}
          </p>
          <dl className="mt-4 grid grid-cols-3 gap-3 text-center" aria-label="Counts">
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
          <p className="mt-3 text-xs text-slate-500">Enter submits, Escape goes back to the list.</p>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => actor.send({ type: 'attendance.cancel' })}>
              Cancel
            </Button>
            <Button data-autofocus onClick={() => actor.send({ type: 'attendance.confirm' })}>
              Submit
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
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

function Submitted({ actor }: { actor: ActorRef }) {
  const result = useSelector(actor, (s) => s.context.result);
  const routine = useSelector(actor, (s) => s.context.routine);
  const message = useSelector(actor, (s) => s.context.absentMessage);
  const error = useSelector(actor, (s) => s.context.error);
  const sending = useSelector(actor, (s) => s.matches({ submitted: 'sending' }));
  const sendFailed = useSelector(actor, (s) => s.matches({ submitted: 'sendFailed' }));
  const canSend = useSelector(actor, (s) => s.can({ type: 'attendance.sendAbsent' }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!result) return null;

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            Attendance saved
          </h2>
          <p className="text-sm text-slate-600">
            {routine ? `${periodName(routine)} · ` : ''}
            {formatDayMonthYear(result.date)} at {formatClockTime(result.time)}
          </p>
        </div>
        <Button variant="secondary" onClick={() => actor.send({ type: 'attendance.back' })}>
          Back to classes
        </Button>
      </div>

      <DataTable caption="Totals" head={['Total Attendance Taken', 'Present', 'Absent']} minWidth="20rem">
        <tr>
          <td className={cell}>{result.total}</td>
          <td className={cell}>{result.present}</td>
          <td className={cell}>{result.absent}</td>
        </tr>
      </DataTable>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={() => actor.send({ type: 'attendance.sendAbsent' })} disabled={!canSend}>
          {sending ? 'Sending…' : 'Send Absent Message'}
        </Button>
        {result.absent === 0 ? <span className="text-sm text-slate-600">No student is absent.</span> : null}
        {message ? (
          <div className="text-sm text-slate-800" role="status">
            <p className="font-medium">{message.message}</p>
            <p>{messageCounts(message)}</p>
          </div>
        ) : null}
      </div>
      {sendFailed ? (
        <div className="mt-3">
          <Alert>
            <p>The absence messages were not sent: {error}</p>
            <button
              type="button"
              onClick={() => actor.send({ type: 'attendance.retry' })}
              className="mt-2 font-semibold underline"
            >
              Try again
            </button>
          </Alert>
        </div>
      ) : null}

      <div className="mt-6">
        <DataTable caption="Students" captionHidden={false} head={['Name', 'Roll', 'Status']} minWidth="20rem">
          {result.students.map((s) => (
            <tr key={s.student_id}>
              <td className={cell}>{s.full_name}</td>
              <td className={cell}>{s.class_roll_no}</td>
              <td className={cell}>
                <abbr title={s.attendance_status === 1 ? 'Present' : 'Absent'} className="no-underline">
                  {s.attendance_status === 1 ? 'P' : 'A'}
                </abbr>
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
    </Card>
  );
}
