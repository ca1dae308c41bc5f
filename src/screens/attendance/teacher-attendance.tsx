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
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import type {
  AbsentMessagePreview,
  AbsentMessageResponse,
  AttendanceStudentRow,
  TakenStudentRow,
} from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { attendanceKeys, fetchAbsentMessagePreview, sendAbsentMessages } from '@/api/attendance';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { calendarQuery } from '@/api/calendar';
import { schoolClockTime, schoolToday } from '@/api/school-time';
import { attendanceMachine, hasUnsavedMarks, presentCount } from '@/machines/attendance.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField } from '@/ui/date-field';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, Loading } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { Link } from 'wouter';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { useErrorText } from '@/i18n/errors';
import { offlineAvailable, onQueueChange, queuedItems } from '@/offline/store';
import { onSync, sentPeriodKey, syncView } from '@/offline/sync';
import { latinDigits, localDigits } from '@/i18n/format';
import { i18n, useI18n, type Language } from '@/i18n/i18n';
import { useNames, type NameKind } from '@/i18n/names';
import { formatClassTime, formatDayMonthYear, formatTime, isWeeklyOff, num, weekdayOf } from './format';
import { QUEUE_TAG, queueOutcome } from '@/machines/shared/queue';
import { useFlowLogic } from '@/ui/use-flow';

/** The teacher's flow, provided once by the screen; every part reads and sends through it. */
export const AttendanceFlow = createActorContext(attendanceMachine);
const useFlow = AttendanceFlow.useSelector;
const useSend = () => AttendanceFlow.useActorRef().send;

export const UNSAVED_MARKS_MESSAGE = 'Your attendance marks are not saved yet. Leave without submitting them?';

/** The failure of the flow, in the user's language (the server's words in English). */
function useFlowError(): string | null {
  const error = useFlow((s) => s.context.error);
  const code = useFlow((s) => s.context.errorCode);
  const errorText = useErrorText();
  return error === null ? null : errorText({ code, message: error });
}

/** The first period of today that is not taken and has not ended; else the first not taken. */
export function nextPeriod(periods: readonly RoutineTodayRow[], now: string): RoutineTodayRow | undefined {
  const open = periods.filter((p) => !p.attendance_taken);
  return open.find((p) => p.end_time >= now) ?? open[0];
}

/**
 * The periods of `date` whose taking waits in this phone's queue (not refused): the list says
 * "waiting to send" for them instead of "Not taken", kept fresh by the queue's news, so a queued
 * period is not mistaken for one still to take, and stops saying so once the queue sent it.
 */
function useQueuedPeriods(date: string): ReadonlySet<number> {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    let live = true;
    const refresh = () =>
      void queuedItems()
        .then((items) => {
          if (!live) return;
          const waiting = items.filter((i) => i.kind === 'attendance' && !i.refused && i.input.date === date);
          setIds(new Set(waiting.map((i) => (i.kind === 'attendance' ? i.input.routine_id : 0))));
        })
        .catch(() => undefined);
    refresh();
    const stop = onQueueChange(refresh);
    return () => {
      live = false;
      stop();
    };
  }, [date]);
  return ids;
}

const subscribeSync = (l: () => void) => onSync(() => l());

/**
 * Whether the school has a period's taking: the list's answer, or the queue sent it in this app's
 * life (the list may have been read from the device's copy before the sync).
 */
function useTakenPeriod(): (p: Pick<RoutineTodayRow, 'id' | 'attendance_taken'>, date: string) => boolean {
  const { sent } = useSyncExternalStore(subscribeSync, syncView);
  return (p, date) => p.attendance_taken || sent.has(sentPeriodKey(p.id, date));
}

export default function TeacherAttendanceScreen() {
  const { profile } = useSignedIn();
  const { t } = useI18n();
  const [params] = useSearchState({ date: '', next: '' });
  // The machine starts once, on the date the address names (a later change is sent as an event).
  // Offline: a submit the network fails is kept on the phone and sent by the queue.
  const [input] = useState(() => ({
    teacherId: profile.id,
    today: schoolToday(),
    date: params.date || undefined,
    offline: offlineAvailable(),
  }));
  const logic = useFlowLogic(attendanceMachine, { invalidates: [attendanceKeys.all], on: 'savedChanges' });
  return (
    <AttendanceFlow.Provider logic={logic} options={{ input }}>
      <PageHeader kicker={profile.school_name} title={t('attendance.take.title')}>
        <Link href="/attendance-register" className={`${linkStyle} inline-flex min-h-11 items-center`}>
          {t('attendanceRegister.title')}
        </Link>
      </PageHeader>
      <TakeAttendance />
      <ForwardQueueNews />
    </AttendanceFlow.Provider>
  );
}

function TakeAttendance() {
  const view = useFlow((s) =>
    s.hasTag('periods')
      ? 'choosingPeriod'
      : s.hasTag('students')
        ? 'loadingStudents'
        : s.hasTag('submitted')
          ? 'submitted'
          : s.hasTag(QUEUE_TAG)
            ? 'queue'
            : 'marking',
  );
  const { t } = useI18n();
  useUnsavedChanges(useFlow(hasUnsavedMarks), t('attendance.take.unsaved'));
  useDateInAddress();
  if (view === 'choosingPeriod') return <ChoosePeriod />;
  if (view === 'loadingStudents') return <LoadingStudents />;
  if (view === 'submitted') return <Submitted />;
  if (view === 'queue') return <Queued />;
  return <Marking />;
}

/** The queue's news about the submission this screen holds, to the flow (it checks the key again). */
function ForwardQueueNews() {
  const send = useSend();
  useEffect(
    () =>
      onSync((event) => {
        if (event.type === 'syncing') send({ type: 'attendance.sync.start', key: event.key });
        else if (event.type === 'synced') {
          if (event.kind === 'attendance') send({ type: 'attendance.sync.done', key: event.key, result: event.result });
        } else
          send({
            type: 'attendance.sync.failed',
            key: event.key,
            code: event.code,
            message: event.message,
            retryable: event.retryable,
          });
      }),
    [send],
  );
  return null;
}

/**
 * A submission kept on the phone: "Saved on this phone, will send when online", then what the
 * school did with it (sent, or someone else's save stands, or refused: what to do).
 */
function Queued() {
  const send = useSend();
  const state = useFlow(queueOutcome);
  const routine = useFlow((s) => s.context.routine);
  const date = useFlow((s) => s.context.date);
  const result = useFlow((s) => s.context.result);
  const error = useFlowError();
  const { t, lang } = useI18n();
  const { name } = useNames();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [state]);
  const heading =
    state === 'synced'
      ? t('attendance.take.synced')
      : state === 'conflict'
        ? result?.outcome === 'kept_admin'
          ? t('attendance.take.keptAdmin')
          : t('attendance.take.keptLater')
        : state === 'syncRefused'
          ? t('attendance.take.syncRefused', { error: error ?? '' })
          : state === 'syncing'
            ? t('attendance.take.syncing')
            : t('attendance.take.queued');
  const tone = state === 'syncRefused' ? 'text-red-800' : state === 'conflict' ? 'text-amber-900' : 'text-slate-900';
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            ref={headingRef}
            tabIndex={-1}
            data-testid="queued-state"
            className={`text-lg font-semibold focus:outline-none ${tone}`}
          >
            {heading}
          </h2>
          <p className="text-sm text-slate-600">
            {routine ? `${periodName(routine, name)} · ` : ''}
            {formatDayMonthYear(date, lang)}
          </p>
          {state === 'queued' ? <p className="mt-2 text-sm text-slate-700">{t('attendance.take.queuedHint')}</p> : null}
          {state === 'queued' && error ? (
            <p className="mt-1 text-sm text-amber-900">{t('attendance.take.stillWaiting', { error })}</p>
          ) : null}
        </div>
        <Button variant="secondary" onClick={() => send({ type: 'attendance.back' })} disabled={state === 'queueing'}>
          {t('attendance.take.backToClasses')}
        </Button>
      </div>
      {(state === 'synced' || state === 'conflict') && result ? (
        <p className="text-sm font-semibold text-slate-900" data-testid="server-counts">
          {t('attendance.take.marksAsTheyStand')}:{' '}
          {t('attendance.take.presentCount', {
            present: num(result.present, lang),
            total: num(result.total, lang),
            absent: num(result.absent, lang),
          })}
        </p>
      ) : null}
    </Card>
  );
}

/** The address's `?date=` (Back, reload, a shared link) drives the flow's date while choosing a period. */
function useDateInAddress() {
  const [params] = useSearchState({ date: '' });
  const send = useSend();
  const date = useFlow((s) => s.context.date);
  const today = useFlow((s) => s.context.today);
  const choosing = useFlow((s) => s.hasTag('periods'));
  const wanted = params.date || today;
  useEffect(() => {
    if (choosing && wanted !== date) send({ type: 'attendance.date', date: wanted });
  }, [choosing, wanted, date, send]);
}

/**
 * A period's name, with the class and subject in the user's language (`name` from useNames) and
 * the period's code in its digits ("6th" is "৬ষ্ঠ" in Bangla).
 */
function periodName(
  p: Pick<RoutineTodayRow, 'period_code' | 'subject_name' | 'class_name' | 'section_default_name'>,
  name: (kind: NameKind, en: string) => string,
) {
  return i18n.t('attendance.take.periodName', {
    code: localDigits(p.period_code, i18n.language === 'bn' ? 'bn' : 'en'),
    subject: name('subjects', p.subject_name),
    class: name('classes', p.class_name),
    section: p.section_default_name,
  });
}

// ---------------------------------------------------------------- choosing a period

function ChoosePeriod() {
  const send = useSend();
  const [params, setParams] = useSearchState({ date: '', next: '' });
  const date = useFlow((s) => s.context.date);
  const today = useFlow((s) => s.context.today);
  const periods = useFlow((s) => s.context.periods);
  const error = useFlowError();
  const { t, lang } = useI18n();
  const phase = useFlow((s) =>
    s.hasTag('periods.ready')
      ? 'ready'
      : s.hasTag('periods.empty')
        ? 'empty'
        : s.hasTag('periods.failed')
          ? 'failed'
          : 'loading',
  );

  // A weekly off day says so and offers no roll: the server refuses attendance on one.
  const { profile } = useSignedIn();
  const weeklyOff = isWeeklyOff(date, profile.weekly_off_days);

  // The palette's "next period": open it once, when today's list first arrives.
  const openedNext = useRef(false);
  useEffect(() => {
    if (params.next !== '1' || openedNext.current || phase !== 'ready' || date !== today || weeklyOff) return;
    openedNext.current = true;
    const next = nextPeriod(periods, schoolClockTime());
    if (next) send({ type: 'attendance.choose', routineId: next.id });
  }, [params.next, phase, date, today, periods, send, weeklyOff]);

  // A calendar holiday says so before the teacher starts (the server refuses attendance on one).
  const holidays = useQuery(calendarQuery('teacher', { month: date.slice(0, 7), type: 'holiday', limit: 200 }));
  const holiday = holidays.data?.rows.find((h) => h.date <= date && date <= h.end_date);
  const setDate = (iso: string) => setParams({ date: iso === today ? '' : iso, next: '' });
  const dayLabel = t('attendance.common.dayDate', { day: weekdayOf(date, lang), date: formatDayMonthYear(date, lang) });
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          {date === today ? t('attendance.take.classesToday') : t('attendance.take.classesOn')}{' '}
          <span className="text-slate-600">{dayLabel}</span>
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <DateField
            label={t('attendance.common.date')}
            value={date}
            max={today}
            onChange={(iso) => iso && setDate(iso)}
          />
          {date !== today ? (
            <Button variant="secondary" onClick={() => setDate(today)}>
              {t('attendance.common.today')}
            </Button>
          ) : null}
        </div>
      </div>

      {weeklyOff ? (
        <Alert tone="info">
          <p data-testid="weekly-off">{t('attendance.take.weeklyOff', { day: weekdayOf(date, lang) })}</p>
          <p className="mt-1">{date === today ? t('attendance.take.pickEarlier') : t('attendance.take.pickAnother')}</p>
        </Alert>
      ) : null}
      {holiday && !weeklyOff ? (
        <Alert tone="warning">
          <p>{t('calendar.holidayNotice', { date: formatDayMonthYear(date, lang), name: holiday.topics })}</p>
        </Alert>
      ) : null}
      {phase === 'loading' && !weeklyOff ? <Loading label={t('attendance.take.loadingClasses')} /> : null}
      {phase === 'empty' && !holiday && !weeklyOff ? (
        <EmptyState>
          {t('attendance.take.noClassesOn', { day: dayLabel })}{' '}
          {date === today ? t('attendance.take.pickEarlier') : t('attendance.take.pickAnother')}
        </EmptyState>
      ) : null}
      {phase === 'failed' && !weeklyOff ? (
        <Alert tone="error" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>
            {t('attendance.take.couldNotLoadClasses')} {error}
          </p>
        </Alert>
      ) : null}
      {phase === 'ready' && !weeklyOff ? <PeriodList periods={periods} /> : null}
    </Card>
  );
}

function PeriodList({ periods }: { periods: readonly RoutineTodayRow[] }) {
  const send = useSend();
  const { t, lang } = useI18n();
  const { name } = useNames();
  const date = useFlow((s) => s.context.date);
  const today = useFlow((s) => s.context.today);
  const queued = useQueuedPeriods(date);
  const isTaken = useTakenPeriod();
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('attendance.take.yourClasses')}>
      {periods.map((p) => {
        const taken = isTaken(p, date);
        return (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {p.period_code} · {name('subjects', p.subject_name)}
                {p.substitute ? (
                  <span className="ml-2 rounded-full bg-indigo-100 px-2.5 py-1 text-xs font-semibold text-indigo-900">
                    {t('substitution.badge')}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                {formatClassTime(p.start_time, p.end_time, lang)} ·{' '}
                {t('attendance.take.periodLine', {
                  class: name('classes', p.class_name),
                  section: p.section_default_name,
                  room: p.room,
                })}
              </p>
            </div>
            {p.covered_by ? (
              // docs/DOMAIN.md, "Staff attendance, leave and substitutes": a substitute takes this
              // period that day, and the server refuses its own teacher (attendance.substituted).
              <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
                {t('substitution.coveredBy', { initial: p.covered_by })}
              </span>
            ) : (
              <div className="flex items-center gap-3">
                {taken ? (
                  <span className="rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800">
                    {t('attendance.take.taken')}
                  </span>
                ) : queued.has(p.id) ? (
                  <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
                    {t('attendance.take.waitingToSend')}
                  </span>
                ) : (
                  <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-600">
                    {t('attendance.take.notTaken')}
                  </span>
                )}
                <Button
                  onClick={() => send({ type: 'attendance.choose', routineId: p.id })}
                  aria-label={t(
                    taken
                      ? 'attendance.take.takeForTaken'
                      : queued.has(p.id)
                        ? 'attendance.take.takeForQueued'
                        : 'attendance.take.takeFor',
                    { period: periodName(p, name) },
                  )}
                >
                  {t('attendance.take.title')}
                </Button>
              </div>
            )}
            {/* Absence messages for any period of today already taken, not only right after Submit. */}
            {taken && date === today && !p.covered_by ? <PeriodAbsenceMessages period={p} date={date} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Send Absent Message" for a period of today that is taken (by this screen earlier, another
 * visit, or the queue): the same preview, confirmation and counts as after Submit (the server
 * refuses other days). One idempotency key per confirmed press.
 */
function PeriodAbsenceMessages({ period, date }: { period: RoutineTodayRow; date: string }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const [step, setStep] = useState<'idle' | 'preparing' | 'confirming' | 'sending'>('idle');
  const [preview, setPreview] = useState<AbsentMessagePreview | null>(null);
  const [sent, setSent] = useState<AbsentMessageResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const body = { routine_id: period.id, date };
  const prepare = () => {
    setStep('preparing');
    setError(null);
    fetchAbsentMessagePreview(body).then(
      (answer) => {
        setPreview(answer);
        setStep('confirming');
      },
      (e: unknown) => {
        setError(t('attendance.result.couldNotPrepare', { error: errorText(e) || errorMessage(e) }));
        setStep('idle');
      },
    );
  };
  const send = () => {
    setStep('sending');
    sendAbsentMessages({ ...body, idempotencyKey: newIdempotencyKey() }).then(
      (answer) => {
        setSent(answer);
        setStep('idle');
      },
      (e: unknown) => {
        setError(t('attendance.result.notSent', { error: errorText(e) || errorMessage(e) }));
        setStep('idle');
      },
    );
  };
  return (
    <div className="w-full">
      <Button
        variant="secondary"
        onClick={prepare}
        disabled={step !== 'idle'}
        // Names the period while idle; busy, the visible words say what happens (the name holds them).
        aria-label={
          step === 'idle' ? t('attendance.take.sendAbsentFor', { period: periodName(period, name) }) : undefined
        }
      >
        {step === 'sending'
          ? t('attendance.result.sending')
          : step === 'preparing'
            ? t('attendance.result.preparing')
            : t('attendance.result.sendAbsent')}
      </Button>
      {sent ? (
        <div className="mt-2 text-sm text-slate-800" role="status">
          <p className="font-medium">{errorText({ code: sent.code, message: sent.message })}</p>
          <p>{messageCounts(sent, lang)}</p>
        </div>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-2">
          <p>{error}</p>
        </Alert>
      ) : null}
      <ConfirmDialog
        open={step === 'confirming' || step === 'sending'}
        title={t('attendance.result.confirmTitle')}
        confirmLabel={
          preview
            ? t('attendance.result.sendMessages', { count: preview.guardians, n: num(preview.guardians, lang) })
            : t('attendance.result.send')
        }
        busy={step === 'sending'}
        onConfirm={send}
        onCancel={() => setStep('idle')}
      >
        <p>
          {periodName(period, name)} · {formatDayMonthYear(date, lang)}
        </p>
        {preview ? <PreviewText preview={preview} /> : null}
      </ConfirmDialog>
    </div>
  );
}

// ---------------------------------------------------------------- loading the section

function LoadingStudents() {
  const send = useSend();
  const routine = useFlow((s) => s.context.routine);
  const failed = useFlow((s) => s.hasTag('students.failed'));
  const error = useFlowError();
  const { t } = useI18n();
  const { name: nameOf } = useNames();
  const name = routine
    ? `${nameOf('classes', routine.class_name)} ${routine.section_default_name}`
    : t('attendance.take.theSection');
  return (
    <Card>
      {failed ? (
        <Alert tone="error" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>
            {t('attendance.take.couldNotLoadStudents', { name })} {error}
          </p>
          <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'attendance.back' })}>
            {t('attendance.take.backToClasses')}
          </Button>
        </Alert>
      ) : (
        <Loading label={t('attendance.take.loadingStudents', { name })} />
      )}
    </Card>
  );
}

// ---------------------------------------------------------------- marking

const LEGEND = [
  ['↑ ↓ / j k', 'attendance.take.legendMove'],
  ['Space', 'attendance.take.legendToggle'],
  ['a', 'attendance.take.legendAllPresent'],
  ['Shift+A', 'attendance.take.legendAllAbsent'],
  ['0–9', 'attendance.take.legendJump'],
  ['Enter', 'attendance.take.legendSubmit'],
] as const;

/** The typed roll digits, as the language writes them. */
const localRoll = (digits: string, lang: Language) => (lang === 'bn' ? num(Number(digits), lang) : digits);

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
  const error = useFlowError();
  const { t, lang } = useI18n();
  const { name } = useNames();
  const marking = useFlow((s) => s.hasTag('marking'));
  const confirming = useFlow((s) => s.hasTag('confirm'));
  const submitting = useFlow((s) => s.hasTag('submitting'));
  const failed = useFlow((s) => s.hasTag('failed'));
  const refused = useFlow((s) => s.hasTag('refused'));
  const canSubmit = useFlow((s) => s.can({ type: 'attendance.submit' }));
  const queuedPeriods = useQueuedPeriods(date);
  const alreadyQueued = routine !== null && queuedPeriods.has(routine.id);
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

  // A submit that failed is said where the teacher is looking: on a long roster the alert above it
  // would be out of view, with Submit at the bottom of the screen. It is brought into view and
  // takes focus, so a screen reader reads it and Tab reaches its buttons next.
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!failed && !refused) return;
    problemRef.current?.scrollIntoView?.({ block: 'center' });
    problemRef.current?.focus();
  }, [failed, refused]);

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
    // Bangla keyboards type ০-৯: the same rolls.
    else if (/^[0-9০-৯]$/.test(key)) go({ type: 'attendance.digit', digit: latinDigits(key) });
    else if (key === 'Enter') go({ type: 'attendance.submit' });
  }

  const title = routine
    ? `${routine.period_code} · ${name('subjects', routine.subject_name)}`
    : t('attendance.take.heading');
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">
            {routine
              ? `${t('attendance.common.classSection', { class: name('classes', routine.class_name), section: routine.section_default_name })} · `
              : ''}
            {weekdayOf(date, lang)}, {formatDayMonthYear(date, lang)}
            {routine ? ` · ${formatClassTime(routine.start_time, routine.end_time, lang)}` : ''}
          </p>
          {retaking ? <p className="mt-1 text-sm text-amber-800">{t('attendance.take.retaking')}</p> : null}
          {alreadyQueued ? (
            <p className="mt-1 text-sm text-amber-800" data-testid="already-queued">
              {t('attendance.take.alreadyQueued')}
            </p>
          ) : null}
        </div>
        <Button variant="ghost" onClick={() => send({ type: 'attendance.back' })} disabled={!marking}>
          {t('attendance.take.backToClasses')}
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
          {t('attendance.take.allPresent')}
        </button>
        <p className="h-5 text-sm text-indigo-700" aria-live="polite">
          {digits ? t('attendance.take.rollTyped', { digits: localRoll(digits, lang) }) : ''}
        </p>
      </div>

      {failed || refused ? (
        <div ref={problemRef} tabIndex={-1} data-testid="submit-problem" className="scroll-mt-4 focus:outline-none">
          {failed ? (
            <Alert tone="error" className="mb-3" onRetry={() => send({ type: 'attendance.retry' })}>
              <p>{t('attendance.take.notSavedKept', { error: error ?? '' })}</p>
              <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'attendance.back' })}>
                {t('attendance.take.changeMarks')}
              </Button>
            </Alert>
          ) : (
            <Alert tone="error" className="mb-3">
              <p>{t('attendance.take.notSaved', { error: error ?? '' })}</p>
              <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'attendance.back' })}>
                {t('attendance.take.changeMarks')}
              </Button>
            </Alert>
          )}
        </div>
      ) : null}
      {submitting ? <Loading label={t('attendance.take.saving')} /> : null}

      {total === 0 ? (
        <EmptyState>{t('attendance.take.noStudents')}</EmptyState>
      ) : (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={t('attendance.take.rosterLabel')}
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
        aria-label={t('attendance.take.keyboard')}
      >
        {LEGEND.map(([keys, what]) => (
          <div key={keys} className="flex items-center gap-1">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">{keys}</kbd>
            </dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>

      {/* Submit stays in reach however long the roster is. */}
      <div className="sticky bottom-0 z-10 -mx-5 mt-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur">
        <p className="text-sm font-semibold text-slate-900" aria-live="polite" data-testid="present-count">
          {t('attendance.take.presentCount', {
            present: num(present, lang),
            total: num(total, lang),
            absent: num(total - present, lang),
          })}
        </p>
        <Button onClick={() => send({ type: 'attendance.submit' })} disabled={!canSubmit}>
          {t('attendance.take.submit')}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        title={t('attendance.take.confirmTitle')}
        confirmLabel={t('attendance.take.submit')}
        onConfirm={() => send({ type: 'attendance.confirm' })}
        onCancel={() => send({ type: 'attendance.cancel' })}
      >
        <p>
          {routine ? `${periodName(routine, name)} · ` : ''}
          {formatDayMonthYear(date, lang)}
        </p>
        <dl className="grid grid-cols-3 gap-3 text-center" aria-label={t('attendance.take.counts')}>
          <div className="rounded-lg bg-emerald-50 p-3">
            <dt className="text-xs text-emerald-800">{t('attendance.common.present')}</dt>
            <dd className="text-2xl font-bold text-emerald-900">{num(present, lang)}</dd>
          </div>
          <div className="rounded-lg bg-red-50 p-3">
            <dt className="text-xs text-red-800">{t('attendance.common.absent')}</dt>
            <dd className="text-2xl font-bold text-red-900">{num(total - present, lang)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{t('attendance.take.total')}</dt>
            <dd className="text-2xl font-bold text-slate-900">{num(total, lang)}</dd>
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
  const { t, lang } = useI18n();
  const mark = present ? t('attendance.common.present') : t('attendance.common.absent');
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
        <span className="sr-only">{t('attendance.common.roll')}</span> {num(student.class_roll_no, lang)}
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
function messageCounts(m: AbsentMessageResponse, lang: Language): string {
  const counts = [
    ['attendance.result.countQueued', m.queued, true],
    ['attendance.result.countRetried', m.retried, false],
    ['attendance.result.countAlready', m.already, true],
    ['attendance.result.countFailed', m.failed, false],
    ['attendance.result.countCancelled', m.cancelled, false],
    ['attendance.result.countNoPhone', m.no_phone, true],
  ] as const;
  return (
    counts
      // Queued, already sent and no phone always; the rest only when they happened.
      .filter(([, n, always]) => n > 0 || always)
      .map(([key, n]) => i18n.t(key, { n: num(n, lang) }))
      .join(' · ')
  );
}

/** Absent students first (they are who the teacher acts on), each group by roll. */
export function absentFirst(students: readonly TakenStudentRow[]): TakenStudentRow[] {
  return [...students].sort((a, b) => a.attendance_status - b.attendance_status || a.class_roll_no - b.class_roll_no);
}

function Submitted() {
  const send = useSend();
  const result = useFlow((s) => s.context.result);
  const routine = useFlow((s) => s.context.routine);
  const date = useFlow((s) => s.context.date);
  const today = useFlow((s) => s.context.today);
  const message = useFlow((s) => s.context.absentMessage);
  const error = useFlowError();
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const preview = useFlow((s) => s.context.preview);
  const busy = useFlow((s) => s.hasTag('previewing') || s.hasTag('sending'));
  const sending = useFlow((s) => s.hasTag('sending'));
  const confirmingSend = useFlow((s) => s.hasTag('confirmSend'));
  const sendFailed = useFlow((s) => s.hasTag('sendFailed'));
  const sendRefused = useFlow((s) => s.hasTag('sendRefused'));
  const previewFailed = useFlow((s) => s.hasTag('previewFailed'));
  const canSend = useFlow((s) => s.can({ type: 'attendance.sendAbsent' }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!result) return null;
  const totalsHead = [t('attendance.result.totalTaken'), t('attendance.common.present'), t('attendance.common.absent')];
  const studentsHead = [t('attendance.common.name'), t('attendance.common.roll'), t('attendance.common.status')];

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {errorText({ code: result.code, message: result.message })}
          </h2>
          <p className="text-sm text-slate-600">
            {routine ? `${periodName(routine, name)} · ` : ''}
            {t('attendance.result.savedAt', {
              date: formatDayMonthYear(result.date, lang),
              time: formatTime(result.time, lang),
            })}
          </p>
        </div>
        <Button variant="secondary" onClick={() => send({ type: 'attendance.back' })}>
          {t('attendance.take.backToClasses')}
        </Button>
      </div>

      <DataTable caption={t('attendance.result.totals')} head={totalsHead} minWidth="0">
        <tr>
          <Td label={totalsHead[0]}>{num(result.total, lang)}</Td>
          <Td label={totalsHead[1]}>{num(result.present, lang)}</Td>
          <Td label={totalsHead[2]}>{num(result.absent, lang)}</Td>
        </tr>
      </DataTable>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button onClick={() => send({ type: 'attendance.sendAbsent' })} disabled={!canSend}>
          {sending
            ? t('attendance.result.sending')
            : busy
              ? t('attendance.result.preparing')
              : t('attendance.result.sendAbsent')}
        </Button>
        {result.absent === 0 ? (
          <span className="text-sm text-slate-600">{t('attendance.result.noneAbsent')}</span>
        ) : date !== today ? (
          <span className="text-sm text-slate-600">{t('attendance.result.todayOnly')}</span>
        ) : null}
        {message ? (
          <div className="text-sm text-slate-800" role="status">
            <p className="font-medium">{errorText({ code: message.code, message: message.message })}</p>
            <p>{messageCounts(message, lang)}</p>
          </div>
        ) : null}
      </div>
      {sendFailed ? (
        <Alert tone="error" className="mt-3" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>{t('attendance.result.notSent', { error: error ?? '' })}</p>
        </Alert>
      ) : null}
      {sendRefused ? (
        <Alert tone="error" className="mt-3">
          <p>{t('attendance.result.notSent', { error: error ?? '' })}</p>
        </Alert>
      ) : null}
      {previewFailed ? (
        <Alert tone="error" className="mt-3" onRetry={() => send({ type: 'attendance.retry' })}>
          <p>{t('attendance.result.couldNotPrepare', { error: error ?? '' })}</p>
          <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'attendance.cancel' })}>
            {t('attendance.result.notNow')}
          </Button>
        </Alert>
      ) : null}

      <div className="mt-6">
        <DataTable caption={t('attendance.result.students')} captionHidden={false} head={studentsHead} minWidth="0">
          {absentFirst(result.students).map((s) => {
            const absent = s.attendance_status === 0;
            return (
              <tr key={s.student_id} className={absent ? 'bg-red-50 font-semibold text-red-900' : ''}>
                <Td label={studentsHead[0]}>{s.full_name}</Td>
                <Td label={studentsHead[1]}>{num(s.class_roll_no, lang)}</Td>
                <Td label={studentsHead[2]}>
                  <abbr
                    title={absent ? t('attendance.common.absent') : t('attendance.common.present')}
                    className="no-underline"
                  >
                    {absent ? t('attendance.common.absentShort') : t('attendance.common.presentShort')}
                  </abbr>
                </Td>
              </tr>
            );
          })}
        </DataTable>
      </div>

      <ConfirmDialog
        open={confirmingSend}
        title={t('attendance.result.confirmTitle')}
        confirmLabel={
          preview
            ? t('attendance.result.sendMessages', { count: preview.guardians, n: num(preview.guardians, lang) })
            : t('attendance.result.send')
        }
        onConfirm={() => send({ type: 'attendance.confirm' })}
        onCancel={() => send({ type: 'attendance.cancel' })}
      >
        {preview ? <PreviewText preview={preview} /> : null}
      </ConfirmDialog>
    </Card>
  );
}

function PreviewText({ preview }: { preview: AbsentMessagePreview }) {
  const { t, lang } = useI18n();
  // Counts in the language's digits; `count` still picks the plural form.
  const n = (count: number) => ({ count, n: num(count, lang) });
  return (
    <>
      <p data-testid="guardian-count">
        {preview.guardians === 0
          ? t('attendance.result.noGuardian')
          : t('attendance.result.smsTo', n(preview.guardians))}
      </p>
      {preview.sample ? (
        <>
          <p>{t('attendance.result.eachReads')}</p>
          <blockquote className="rounded-md border-l-4 border-indigo-300 bg-slate-50 p-3 text-slate-900">
            {preview.sample}
          </blockquote>
          {preview.sample_parts ? (
            <p className="text-sm text-slate-600" data-testid="sms-parts">
              {t('attendance.result.smsParts', n(preview.sample_parts))}
            </p>
          ) : null}
        </>
      ) : null}
      {preview.already > 0 ? <p>{t('attendance.result.alreadySent', n(preview.already))}</p> : null}
      {preview.no_phone > 0 ? <p>{t('attendance.result.noPhone', n(preview.no_phone))}</p> : null}
    </>
  );
}
