/**
 * /teacherevaluation: "Marks Entry" (spec part 2 §Exams, sections 4, 5 and 8) for
 * teachers (the subjects they teach) and school admins (any exam of the school).
 *
 * The screen renders the mark entry machine (provided once with `createActorContext`) and sends it
 * events; nothing here fetches except the filters' plain reads. Built for the keyboard: after
 * "Search Student" the first field has focus; type a mark (Bangla or Latin digits, `a`/AB for
 * absent), Enter or ↓ goes to the next student, ↑ back, Enter on the last student opens the review
 * of the changes, and Enter there saves. For the phone: fields open the number pad, every target
 * is 44 px, and the review button stays at the bottom of the screen.
 *
 * Decisions (the spec's quirks not repeated): a blank field is "not entered" and 0 is a real zero
 * (the old portal sent only non-zero marks); only changed marks are sent; the success message
 * shows only after the server confirmed; after a save the filters stay in the address (reload
 * shows the same sheet with the saved marks) and "Enter another subject" clears section and
 * subject, instead of clearing every filter.
 */
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { StudentMarkQuery, StudentMarkRow, StudentMarkSheet } from '@/api/schemas/exams';
import { examKeys } from '@/api/exams';
import {
  ABSENT_TEXT,
  hasUnsavedMarks,
  markChanges,
  markEntryMachine,
  markProblems,
  offlineMarkEntryMachine,
  parseMark,
  type MarkEntryQuery,
} from '@/machines/mark-entry.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, Loading } from '@/ui/status';
import { confirmLeave, useUnsavedChanges } from '@/ui/unsaved';
import { localDigits } from '@/i18n/digits';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { loadSheetKept } from '@/offline/marks';
import { offlineAvailable } from '@/offline/store';
import { onSync } from '@/offline/sync';
import { MarkFiltersForm, useMarkFilters } from './mark-entry-filters';
import { examAnswerText, markLabel } from './mark-format';
import { QUEUE_TAG, queueOutcome } from '@/machines/shared/queue';
import { useFlowLogic } from '@/ui/use-flow';

/** The flow, provided once by the screen; every part reads and sends through it. */
export const MarkEntryFlow = createActorContext(markEntryMachine);
const useFlow = MarkEntryFlow.useSelector;
const useSend = () => MarkEntryFlow.useActorRef().send;

const sameQuery = (a: MarkEntryQuery | null, b: MarkEntryQuery | null) =>
  !!a && !!b && (Object.keys(a) as (keyof MarkEntryQuery)[]).every((k) => a[k] === b[k]);

/** The flow's failure in the user's language. */
function useFlowError(): string | null {
  const error = useFlow((s) => s.context.error);
  const code = useFlow((s) => s.context.errorCode);
  useI18n();
  return error === null ? null : examAnswerText({ code, message: error });
}

export default function MarkEntryScreen() {
  const { profile } = useSignedIn();
  const { t } = useI18n();
  // Offline: every sheet opened is kept on the device and opens from it with no
  // network; a save the network fails is queued and sent by the queue.
  const [offline] = useState(offlineAvailable);
  const logic = useFlowLogic(offline ? offlineMarkEntryMachine : markEntryMachine, {
    invalidates: [examKeys.all],
    on: 'savedChanges',
    provide: offline
      ? { actors: { loadSheet: fromPromise<StudentMarkSheet, StudentMarkQuery>(({ input }) => loadSheetKept(input)) } }
      : undefined,
  });
  return (
    <MarkEntryFlow.Provider logic={logic}>
      <PageHeader kicker={profile.school_name} title={t('markEntry.title')} />
      <MarkEntry />
      <ForwardQueueNews />
    </MarkEntryFlow.Provider>
  );
}

function MarkEntry() {
  const { t } = useI18n();
  const send = useSend();
  const filters = useMarkFilters();
  const view = useFlow((s) =>
    s.hasTag('loading')
      ? 'loading'
      : s.hasTag('loadFailed')
        ? 'loadFailed'
        : s.hasTag('saved')
          ? 'saved'
          : s.hasTag('sheet')
            ? 'sheet'
            : s.hasTag(QUEUE_TAG)
              ? 'queue'
              : 'none',
  );
  const shown = useFlow((s) => s.context.query);
  // The filters wait while marks are on their way (reviewed, being saved or kept on the device).
  const busy = useFlow((s) => s.hasTag('reviewing') || s.hasTag('saving') || s.hasTag('queue.queueing'));
  useUnsavedChanges(useFlow(hasUnsavedMarks), t('markEntry.sheet.unsaved'));

  // An address that names a whole exam when the page opens (reload, Back, a link) opens its sheet.
  const [openAtOnce] = useState(() => {
    const p = new URLSearchParams(window.location.search);
    return ['exam_name_id', 'class_id', 'section_id', 'subject_id'].every((k) => p.get(k));
  });
  const opened = useRef(false);
  const query = filters.query;
  useEffect(() => {
    if (query && openAtOnce && !opened.current) {
      opened.current = true;
      send({ type: 'marks.search', query });
      return;
    }
    // Another exam chosen in the filters: the sheet of the earlier one goes.
    if (shown && !sameQuery(shown, query) && !busy) send({ type: 'marks.clear' });
  }, [query, openAtOnce, shown, busy, send]);

  return (
    <div className="space-y-4">
      <Card>
        <MarkFiltersForm
          filters={filters}
          disabled={busy}
          submitLabel={t('markEntry.filters.search')}
          onSubmit={() => {
            // Searching again drops what was typed: ask first, as leaving would.
            if (query) void confirmLeave().then((go) => go && send({ type: 'marks.search', query }));
          }}
        />
      </Card>
      {view === 'loading' ? (
        <Card>
          <Loading label={t('markEntry.sheet.loading')} />
        </Card>
      ) : null}
      {view === 'loadFailed' ? <LoadFailed /> : null}
      {view === 'saved' ? <Saved onAnother={() => filters.setParams({ section_id: '', subject_id: '' })} /> : null}
      {view === 'sheet' ? <Sheet /> : null}
      {view === 'queue' ? <Queued /> : null}
    </div>
  );
}

/** The queue's news about the save this screen holds, to the flow (it checks the key again). */
function ForwardQueueNews() {
  const send = useSend();
  useEffect(
    () =>
      onSync((event) => {
        if (event.type === 'syncing') send({ type: 'marks.sync.start', key: event.key });
        else if (event.type === 'synced') {
          if (event.kind === 'marks') send({ type: 'marks.sync.done', key: event.key, result: event.result });
        } else
          send({
            type: 'marks.sync.failed',
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
 * Marks kept on the phone: "Saved on this phone, will send when online", then what the school
 * did with them (saved; saved but for the marks someone changed after the teacher entered them,
 * which stand, each named with the mark that stands; locked because results were published
 * meanwhile; or refused).
 */
function Queued() {
  const send = useSend();
  const { t, lang } = useI18n();
  const state = useFlow(queueOutcome);
  const sent = useFlow((s) => s.context.sent);
  const rows = useFlow((s) => s.context.sheet?.rows ?? NO_ROWS);
  const kept = useFlow((s) => s.context.result?.kept ?? NO_IDS);
  const error = useFlowError();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [state]);
  const heading =
    state === 'synced'
      ? t('markEntry.offline.synced')
      : state === 'kept'
        ? t('markEntry.offline.kept', { count: kept.length, n: localDigits(String(kept.length), lang) })
        : state === 'conflict'
          ? t('markEntry.offline.conflict')
          : state === 'syncRefused'
            ? t('markEntry.offline.syncRefused', { error: error ?? '' })
            : state === 'syncing'
              ? t('markEntry.offline.syncing')
              : t('markEntry.offline.queued');
  const tone =
    state === 'syncRefused' || state === 'conflict'
      ? 'error'
      : state === 'kept'
        ? 'warning'
        : state === 'synced'
          ? 'success'
          : 'info';
  const byId = new Map(rows.map((r) => [r.student_id, r]));
  const keptIds = new Set(state === 'kept' ? kept : NO_IDS);
  return (
    <Card>
      <ExamHeading />
      <Alert tone={tone} className="mb-4">
        <h3
          ref={headingRef}
          tabIndex={-1}
          data-testid="marks-queued-state"
          className="text-base font-semibold focus:outline-none"
        >
          {heading}
        </h3>
        {state === 'queued' ? <p className="mt-1 text-sm">{t('markEntry.offline.queuedHint')}</p> : null}
        {state === 'queued' && error ? (
          <p className="mt-1 text-sm">{t('markEntry.offline.stillWaiting', { error })}</p>
        ) : null}
      </Alert>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">{t('markEntry.offline.waitingMarks')}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('markEntry.columns.studentId')}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('markEntry.columns.name')}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t('markEntry.columns.marks')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {(sent ?? []).map((c) => (
            <tr key={c.student_id}>
              <td className="py-2 pr-3 font-mono break-all text-slate-700">{byId.get(c.student_id)?.student_code}</td>
              <td className="py-2 pr-3 text-slate-900">{byId.get(c.student_id)?.name}</td>
              <td className="py-2 font-semibold text-slate-900">
                {markLabel(c.mark_obtained, lang)}
                {keptIds.has(c.student_id) ? (
                  <span className="block text-xs font-normal text-amber-900">
                    {t('markEntry.offline.keptRow', {
                      mark: markLabel(byId.get(c.student_id)?.marks_obtained ?? null, lang),
                    })}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex flex-wrap gap-2">
        {state === 'synced' || state === 'kept' ? (
          <Button variant="secondary" onClick={() => send({ type: 'marks.edit' })}>
            {t('markEntry.saved.editAgain')}
          </Button>
        ) : null}
        {state === 'conflict' || state === 'syncRefused' ? (
          <Button variant="secondary" onClick={() => send({ type: 'marks.reopen' })}>
            {t('markEntry.offline.reopen')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function LoadFailed() {
  const send = useSend();
  const error = useFlowError();
  const { t } = useI18n();
  return (
    <Card>
      <Alert tone="error" onRetry={() => send({ type: 'marks.retry' })}>
        <p>
          {t('markEntry.sheet.couldNotLoad')} {error}
        </p>
      </Alert>
    </Card>
  );
}

function ExamHeading() {
  const sheet = useFlow((s) => s.context.sheet);
  const { t, lang } = useI18n();
  const { name } = useNames();
  if (!sheet) return null;
  const e = sheet.exam;
  return (
    <div className="mb-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('markEntry.sheet.title')}</h2>
      <p className="text-sm text-slate-600">
        {t('markEntry.sheet.examLine', {
          exam: name('exam_types', e.exam_name),
          subject: name('subjects', e.subject_name),
          class: name('classes', e.class_name),
          section: e.section_default_name,
          session: localDigits(e.session_year, lang),
        })}{' '}
        · <strong>{t('markEntry.sheet.fullMarks', { full: localDigits(String(e.full_marks), lang) })}</strong>
      </p>
    </div>
  );
}

// ---------------------------------------------------------------- the sheet

const LEGEND = [
  ['0–9', 'markEntry.sheet.legendType'],
  ['Enter ↓', 'markEntry.sheet.legendNext'],
  ['↑', 'markEntry.sheet.legendPrev'],
  ['Enter', 'markEntry.sheet.legendReview'],
] as const;

const NO_ROWS: readonly StudentMarkRow[] = [];
const NO_IDS: readonly number[] = [];

function Sheet() {
  const send = useSend();
  const { t, lang } = useI18n();
  const sheet = useFlow((s) => s.context.sheet);
  const drafts = useFlow((s) => s.context.drafts);
  const cursor = useFlow((s) => s.context.cursor);
  const serverErrors = useFlow((s) => s.context.serverErrors);
  const entering = useFlow((s) => s.hasTag('entering'));
  const reviewing = useFlow((s) => s.hasTag('reviewing'));
  const saving = useFlow((s) => s.hasTag('saving'));
  const failed = useFlow((s) => s.hasTag('failed'));
  const locked = useFlow((s) => s.hasTag('locked'));
  const error = useFlowError();
  const changes = useFlow(
    (s) => markChanges(s.context),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const problems = useFlow(
    (s) => markProblems(s.context),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const rows = useFlow((s) => s.context.sheet?.rows ?? NO_ROWS);
  const problemCount = Object.keys(problems).length;

  // The keyboard's field has the focus while marks are entered (after Search, back from review...).
  useEffect(() => {
    if (!entering) return;
    const row = rows[cursor];
    const input = row ? inputs.current.get(row.student_id) : undefined;
    if (input && document.activeElement !== input) {
      input.focus();
      input.select();
    }
  }, [entering, cursor, rows]);

  if (!sheet) return null;
  const full = sheet.exam.full_marks;
  const readOnly = !entering;

  function onKeyDown(event: ReactKeyboardEvent<HTMLInputElement>, index: number) {
    if (!entering || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      // Where Enter goes is the machine's rule (the review after the last student, and while
      // fixing what a review found); the arrow only moves down.
      if (event.key === 'Enter') {
        if (index !== cursor) send({ type: 'marks.focus', studentId: rows[index].student_id });
        send({ type: 'marks.enter' });
      } else send({ type: 'marks.next' });
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      send({ type: 'marks.prev' });
    }
  }

  const field = (r: StudentMarkRow) =>
    t('markEntry.sheet.markOf', { name: r.name, roll: localDigits(String(r.class_roll_no), lang) });
  const problemText = (r: StudentMarkRow) => {
    const server = serverErrors[r.student_id];
    if (server) return server;
    const problem = problems[r.student_id];
    return problem
      ? t(`markEntry.problems.${problem}`, { field: field(r), full: localDigits(String(full), lang) })
      : null;
  };

  return (
    <Card>
      <ExamHeading />
      {locked ? (
        <Alert tone="warning" title={t('markEntry.locked.title')} className="mb-3">
          <p>{t('markEntry.locked.text', { session: localDigits(sheet.exam.session_year, lang) })}</p>
        </Alert>
      ) : null}
      {failed ? (
        <Alert tone="error" className="mb-3" onRetry={() => send({ type: 'marks.retry' })}>
          <p>{t('markEntry.sheet.notSavedKept', { error: error ?? '' })}</p>
          <Button variant="ghost" className="mt-2 -ml-2" onClick={() => send({ type: 'marks.back' })}>
            {t('markEntry.sheet.backToMarks')}
          </Button>
        </Alert>
      ) : null}
      {entering && error ? (
        <Alert tone="error" className="mb-3">
          <p>{t('markEntry.sheet.notSaved', { error })}</p>
        </Alert>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState>{t('markEntry.sheet.noStudents')}</EmptyState>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('markEntry.sheet.title')}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
                {t('markEntry.columns.studentId')}
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t('markEntry.columns.name')}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t('markEntry.columns.marks')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r, i) => {
              const text = drafts[r.student_id] ?? '';
              const parsed = parseMark(text, full);
              const changed = changes.some((c) => c.student_id === r.student_id);
              const problem = problemText(r);
              const errorId = `mark-problem-${r.student_id}`;
              const absent = parsed.ok && parsed.value === 'absent';
              return (
                <tr
                  key={r.student_id}
                  data-active={entering && i === cursor}
                  className={problem ? 'bg-red-50' : changed ? 'bg-amber-50' : ''}
                >
                  <td className="hidden py-2 pr-3 align-top font-mono text-slate-700 sm:table-cell">
                    {r.student_code}
                  </td>
                  <td className="py-2 pr-3 align-top">
                    <span className="mr-2 font-mono text-slate-500">{localDigits(String(r.class_roll_no), lang)}</span>
                    <span className="text-slate-900">{r.name}</span>
                    <span className="block font-mono text-xs text-slate-500 sm:hidden">{r.student_code}</span>
                    {problem ? (
                      <span id={errorId} className="mt-1 block text-sm text-red-700">
                        {problem}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 align-top">
                    {locked ? (
                      <span className="inline-block min-h-11 py-2.5">{markLabel(r.marks_obtained, lang)}</span>
                    ) : (
                      <div className="flex items-center gap-2">
                        <input
                          ref={(el) => {
                            if (el) inputs.current.set(r.student_id, el);
                            else inputs.current.delete(r.student_id);
                          }}
                          type="text"
                          inputMode="decimal"
                          enterKeyHint={i === rows.length - 1 ? 'done' : 'next'}
                          autoComplete="off"
                          spellCheck={false}
                          aria-label={field(r)}
                          aria-invalid={problem ? true : undefined}
                          aria-describedby={problem ? errorId : undefined}
                          readOnly={readOnly}
                          value={text}
                          onChange={(e) => send({ type: 'marks.type', studentId: r.student_id, text: e.target.value })}
                          onFocus={() => entering && send({ type: 'marks.focus', studentId: r.student_id })}
                          onKeyDown={(e) => onKeyDown(e, i)}
                          className={`block min-h-11 w-20 rounded-md border px-2 py-2 text-right text-base text-slate-900 shadow-sm read-only:bg-slate-50 sm:w-24 ${
                            problem ? 'border-red-500' : 'border-slate-300'
                          }`}
                        />
                        <button
                          type="button"
                          aria-pressed={absent}
                          disabled={readOnly}
                          onClick={() =>
                            send({ type: 'marks.type', studentId: r.student_id, text: absent ? '' : ABSENT_TEXT })
                          }
                          className={`min-h-11 min-w-11 rounded-md px-2 text-xs font-semibold ring-1 ring-inset disabled:opacity-60 ${
                            absent ? 'bg-slate-800 text-white ring-slate-800' : 'bg-white text-slate-700 ring-slate-300'
                          }`}
                        >
                          {t('markEntry.sheet.absentShort')}
                          {/* The name says what is seen first (AB), then whose. */}
                          <span className="sr-only"> {t('markEntry.sheet.absentOf', { name: r.name })}</span>
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {!locked ? (
        <>
          <dl
            className="mt-4 hidden flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 [@media(hover:hover)_and_(pointer:fine)]:flex"
            aria-label={t('markEntry.sheet.keyboard')}
          >
            {LEGEND.map(([keys, what]) => (
              <div key={what} className="flex items-center gap-1">
                <dt>
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">{keys}</kbd>
                </dt>
                <dd>{t(what)}</dd>
              </div>
            ))}
          </dl>
          {/* Review stays in reach however long the sheet is. */}
          <div className="sticky bottom-0 z-10 -mx-5 mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur">
            <p className="text-sm font-semibold text-slate-900" aria-live="polite" data-testid="change-count">
              {saving
                ? t('markEntry.sheet.saving')
                : problemCount > 0
                  ? t('markEntry.sheet.problems', { count: problemCount, n: localDigits(String(problemCount), lang) })
                  : changes.length > 0
                    ? t('markEntry.sheet.changes', {
                        count: changes.length,
                        n: localDigits(String(changes.length), lang),
                      })
                    : t('markEntry.sheet.noChanges')}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={!entering || (changes.length === 0 && problemCount === 0)}
                onClick={() => send({ type: 'marks.undo' })}
              >
                {t('markEntry.sheet.undo')}
              </Button>
              <Button
                disabled={!entering || (changes.length === 0 && problemCount === 0)}
                onClick={() => send({ type: 'marks.review' })}
              >
                {t('markEntry.sheet.review')}
              </Button>
            </div>
          </div>
        </>
      ) : null}

      <ReviewDialog open={reviewing} />
    </Card>
  );
}

function ReviewDialog({ open }: { open: boolean }) {
  const send = useSend();
  const { t, lang } = useI18n();
  const sheet = useFlow((s) => s.context.sheet);
  const changes = useFlow(
    (s) => markChanges(s.context),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  const byId = new Map((sheet?.rows ?? []).map((r) => [r.student_id, r]));
  const head = [t('markEntry.columns.student'), t('markEntry.columns.before'), t('markEntry.columns.after')];
  return (
    <ConfirmDialog
      open={open}
      title={t('markEntry.review.title')}
      confirmLabel={t('markEntry.review.save')}
      cancelLabel={t('markEntry.review.keepEditing')}
      onConfirm={() => send({ type: 'marks.confirm' })}
      onCancel={() => send({ type: 'marks.cancel' })}
    >
      <p>{t('markEntry.review.intro', { count: changes.length, n: localDigits(String(changes.length), lang) })}</p>
      {/* A long list scrolls inside; reachable by keyboard (Tab, then arrows). */}
      <div
        className="max-h-[50dvh] overflow-y-auto"
        role="region"
        aria-label={t('markEntry.review.caption')}
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('markEntry.review.caption')}</caption>
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              {head.map((h) => (
                <th key={h} scope="col" className="py-1 pr-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {changes.map((c) => {
              const row = byId.get(c.student_id);
              return (
                <tr key={c.student_id}>
                  <td className="py-1 pr-3">
                    {row ? `${localDigits(String(row.class_roll_no), lang)}. ${row.name}` : c.student_id}
                  </td>
                  <td className="py-1 pr-3 text-slate-600">{row ? markLabel(row.marks_obtained, lang) : ''}</td>
                  <td className="py-1 font-semibold text-slate-900">{markLabel(c.mark_obtained, lang)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </ConfirmDialog>
  );
}

// ---------------------------------------------------------------- after the save

function Saved({ onAnother }: { onAnother: () => void }) {
  const send = useSend();
  const { t, lang } = useI18n();
  const result = useFlow((s) => s.context.result);
  const sent = useFlow((s) => s.context.sent);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!result) return null;
  const changedIds = new Set((sent ?? []).map((c) => c.student_id));
  const inserted = result.rows.filter((r) => changedIds.has(r.student_id));
  const head = [t('markEntry.columns.studentId'), t('markEntry.columns.name'), t('markEntry.columns.marks')];
  return (
    <Card>
      <ExamHeading />
      <Alert tone={result.kept?.length ? 'warning' : 'success'} className="mb-4">
        <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
          {examAnswerText(result, {
            n: localDigits(String(result.count), lang),
            k: localDigits(String(result.kept?.length ?? 0), lang),
          })}
        </h3>
      </Alert>
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">{t('markEntry.saved.insertedData')}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {inserted.map((r) => (
            <tr key={r.student_id}>
              <td className="py-2 pr-3 font-mono break-all text-slate-700">{r.student_code}</td>
              <td className="py-2 pr-3 text-slate-900">{r.name}</td>
              <td className="py-2 font-semibold text-slate-900">{markLabel(r.marks_obtained, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => send({ type: 'marks.edit' })}>
          {t('markEntry.saved.editAgain')}
        </Button>
        <Button onClick={onAnother}>{t('markEntry.saved.enterAnother')}</Button>
      </div>
    </Card>
  );
}
