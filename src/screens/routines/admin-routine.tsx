/**
 * /schooladminroutine (spec part 2, Routines): the "Add Class Routine" form, whose flow
 * is the routine editor machine (provided once with `RoutineEditor.Provider`), and "All Class
 * Routines", a plain paged read whose filters and page are in the address, beside a week view
 * (a section's, a teacher's or a room's week as a printable grid). This file only renders and
 * sends events. Edit loads a row into the form and Submit then updates that routine; Delete asks
 * "Are you sure to delete?"; a clash comes back as the server's 409 naming it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { ROUTINE_PAGE, type RoutineRow } from '@/api/schemas/routines';
import { routineKeys, routineLookupsQuery, schoolRoutinesQuery, type RoutineLookups } from '@/api/routines';
import { defaultSession } from '@/api/lookups';
import { missingFields, routineEditorMachine, sameForm, type RoutineField } from '@/machines/routine-editor.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog, useConfirm } from '@/ui/confirm';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { ErrorState, Loading, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { codeText, useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatClockTime, useDayName } from './week-routine';
import { RoutineFilters, WeekView, routineOptions, type FilterValues } from './routine-parts';
import { useFlowLogic } from '@/ui/use-flow';
import { useRecordDelete } from '@/screens/deletes/record-delete';

export const RoutineEditor = createActorContext(routineEditorMachine);

export default function AdminRoutineScreen() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  const lookups = useQuery(routineLookupsQuery(null));
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.classRoutines')} />
      {lookups.isPending ? (
        <Loading />
      ) : lookups.isError ? (
        <ErrorState error={lookups.error} onRetry={() => void lookups.refetch()} what={t('routines.list.what')} />
      ) : (
        <Editor lookups={lookups.data} schoolId={profile.school_info_id} />
      )}
    </>
  );
}

function Editor({ lookups, schoolId }: { lookups: RoutineLookups; schoolId: number | null }) {
  const logic = useFlowLogic(routineEditorMachine, { invalidates: [routineKeys.all], on: 'savedChanges' });
  const shiftIds = [...new Set(lookups.sections.map((s) => s.shift_id))];
  const input = {
    schoolInfoId: schoolId,
    sessionId: defaultSession(lookups.sessions)?.id ?? null,
    shiftId: shiftIds.length === 1 ? shiftIds[0] : null,
  };
  return (
    <RoutineEditor.Provider logic={logic} options={{ input }}>
      <div className="space-y-6">
        <RoutineFormCard lookups={lookups} />
        <RoutineLists lookups={lookups} schoolId={schoolId} />
      </div>
      <DeleteQuestion />
    </RoutineEditor.Provider>
  );
}

const FIELD_ORDER: Exclude<RoutineField, 'room'>[] = [
  'session_id',
  'shift_id',
  'class_id',
  'section_id',
  'day_id',
  'period_id',
  'subject_id',
  'teacher_id',
];

function RoutineFormCard({ lookups }: { lookups: RoutineLookups }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const actor = RoutineEditor.useActorRef();
  const form = RoutineEditor.useSelector((s) => s.context.form);
  const pristine = RoutineEditor.useSelector((s) => s.context.pristine);
  const error = RoutineEditor.useSelector((s) => s.context.error);
  const feedback = RoutineEditor.useSelector((s) => s.context.feedback);
  const busy = RoutineEditor.useSelector((s) => s.hasTag('busy'));
  const dirty = !sameForm(form, pristine);
  useUnsavedChanges(dirty, t('routines.form.unsaved'));
  const dayName = useDayName();
  const { name } = useNames();
  const options = routineOptions(lookups, form, lang, name, dayName);
  const period = lookups.periods.find((p) => p.id === form.period_id);
  const set = (field: RoutineField) => (value: string) => actor.send({ type: 'routine.field', field, value });
  const fieldError = (field: string) => {
    const message = error?.fields[field];
    if (!message) return null;
    // A weekly off day (routines.weekly_off) is said in the user's language under the Day field too.
    const code = (error?.cause as { code?: unknown } | undefined)?.code;
    const weeklyOff = field === 'day_id' && code === 'routines.weekly_off' ? codeText({ code }) : null;
    if (weeklyOff) return weeklyOff;
    return message === 'Choose one.' ? t('routines.form.missing') : message;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'routine.submit' });
  };
  const successKey = feedback?.code?.startsWith('routines.') ? `routines.success.${feedback.code.slice(9)}` : null;
  const feedbackText = !feedback
    ? null
    : feedback.tone === 'error'
      ? errorText(feedback.error)
      : successKey
        ? t(successKey as never)
        : feedback.text;
  const labels: Record<Exclude<RoutineField, 'room'>, string> = {
    session_id: t('routines.form.session'),
    shift_id: t('routines.form.shift'),
    class_id: t('routines.form.class'),
    section_id: t('routines.form.section'),
    day_id: t('routines.form.day'),
    period_id: t('routines.form.period'),
    subject_id: t('routines.form.subject'),
    teacher_id: t('routines.form.teacher'),
  };
  const showFieldErrorOnly = error && Object.keys(error.fields).length > 0 && missingFields(form).length > 0;
  return (
    <Card title={form.id ? t('routines.form.editTitle') : t('routines.form.addTitle')}>
      {feedback && feedbackText ? (
        <Alert key={feedback.seq} tone={feedback.tone} className="mb-4">
          {feedbackText}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t('routines.form.addTitle')}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FIELD_ORDER.map((field) => (
            <SelectField
              key={field}
              name={field}
              label={labels[field]}
              value={form[field] ? String(form[field]) : ''}
              onChange={set(field)}
              options={options[field]}
              placeholder={
                (field === 'section_id' || field === 'subject_id') && !form.class_id
                  ? t('routines.form.chooseClassFirst')
                  : t('routines.form.choose')
              }
              error={fieldError(field)}
              required
              disabled={busy}
            />
          ))}
          <TextField
            label={t('routines.form.room')}
            name="room"
            value={form.room}
            maxLength={40}
            hint={t('routines.form.roomHint')}
            error={fieldError('room')}
            onChange={(e) => set('room')(e.target.value)}
            disabled={busy}
          />
          <p className="text-sm text-slate-700 sm:col-span-2 lg:col-span-1 lg:self-center" aria-live="polite">
            <span className="font-medium">{t('routines.form.start')}</span>:{' '}
            {/* Before a period is chosen there is no time to show (the spec's 0:00:00 is only what
                the old form sent, and reads as midnight). */}
            {period ? formatClockTime(period.start_time, lang) : '—'} ·{' '}
            <span className="font-medium">{t('routines.form.end')}</span>:{' '}
            {period ? formatClockTime(period.end_time, lang) : '—'}
            <span className="block text-xs text-slate-500">{t('routines.form.timesFromPeriod')}</span>
          </p>
        </div>
        {error && !showFieldErrorOnly && error.message !== 'Choose one.' ? (
          <Alert tone="error" className="mt-4">
            {errorText(error.cause ?? error)}
          </Alert>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? t('routines.form.saving') : form.id ? t('routines.form.update') : t('routines.form.submit')}
          </Button>
          {form.id || dirty ? (
            <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'routine.reset' })}>
              {form.id ? t('routines.form.cancelEdit') : t('routines.form.clear')}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function DeleteQuestion() {
  const { t } = useI18n();
  const actor = RoutineEditor.useActorRef();
  const pending = RoutineEditor.useSelector((s) => s.context.pendingDelete);
  const open = RoutineEditor.useSelector((s) => s.hasTag('confirm'));
  const busy = RoutineEditor.useSelector((s) => s.hasTag('confirm') && s.hasTag('busy'));
  return (
    <DeferredConfirmDialog
      open={open}
      title={t('routines.delete.question')}
      tone="danger"
      confirmLabel={t('routines.list.delete')}
      busy={busy}
      onConfirm={() => actor.send({ type: 'routine.confirm' })}
      onCancel={() => actor.send({ type: 'routine.cancel' })}
    >
      {pending ? <p>{t('routines.delete.body', { what: pending.label })}</p> : null}
    </DeferredConfirmDialog>
  );
}

const FILTER_DEFAULTS = {
  view: 'table',
  session_id: '',
  shift_id: '',
  class_id: '',
  section_id: '',
  day_id: '',
  teacher_id: '',
  page: '1',
  by: 'section',
  of: '',
};

function RoutineLists({ lookups, schoolId }: { lookups: RoutineLookups; schoolId: number | null }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchState(FILTER_DEFAULTS);
  const filters: FilterValues = params;
  const tab = (view: 'table' | 'week', label: string) => (
    <button
      type="button"
      aria-pressed={params.view === view}
      onClick={() => setParams({ view }, { replace: true })}
      className={`min-h-11 rounded-md px-4 text-sm font-semibold ${
        params.view === view ? 'bg-indigo-600 text-white' : 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300'
      }`}
    >
      {label}
    </button>
  );
  return (
    <Card title={t('routines.list.title')}>
      <div role="group" aria-label={t('routines.view.label')} className="mb-4 flex gap-2 print:hidden">
        {tab('table', t('routines.view.table'))}
        {tab('week', t('routines.view.week'))}
      </div>
      {params.view === 'week' ? (
        <WeekView
          lookups={lookups}
          schoolId={schoolId}
          sessionId={Number(params.session_id) || undefined}
          by={params.by as 'section' | 'teacher' | 'room'}
          of={params.of}
          onChoose={(by, of) => setParams({ by, of })}
        />
      ) : (
        <>
          <RoutineFilters
            lookups={lookups}
            values={filters}
            onChange={(patch) => setParams({ ...patch, page: '1' })}
            fields={['session_id', 'shift_id', 'class_id', 'section_id', 'day_id', 'teacher_id']}
          />
          <RoutineTable params={params} onPage={(page) => setParams({ page: String(page) })} />
        </>
      )}
    </Card>
  );
}

function RoutineTable({ params, onPage }: { params: typeof FILTER_DEFAULTS; onPage: (page: number) => void }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const dayName = useDayName();
  const actor = RoutineEditor.useActorRef();
  const busy = RoutineEditor.useSelector((s) => !s.hasTag('form'));
  const editingId = RoutineEditor.useSelector((s) => s.context.form.id);
  const confirm = useConfirm();
  // "Delete selected": the entries ticked go all or none (docs/DOMAIN.md, "Deleting").
  const deletes = useRecordDelete([routineKeys.all]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  /** Edit asks first when the form holds unsaved work. */
  const edit = async (row: RoutineRow) => {
    const { form, pristine } = actor.getSnapshot().context;
    const ok =
      sameForm(form, pristine) ||
      (await confirm({
        title: t('routines.discard.title'),
        body: <p>{t('routines.discard.body')}</p>,
        confirmLabel: t('routines.discard.confirm'),
        tone: 'danger',
      }));
    if (ok) actor.send({ type: 'routine.edit', row });
  };
  const page = Math.max(1, Number(params.page) || 1);
  const limit = ROUTINE_PAGE.defaultLimit;
  const num = (v: string) => Number(v) || undefined;
  const list = useQuery(
    schoolRoutinesQuery({
      session_id: num(params.session_id),
      shift_id: num(params.shift_id),
      class_id: num(params.class_id),
      section_id: num(params.section_id),
      day_id: num(params.day_id),
      teacher_id: num(params.teacher_id),
      limit,
      offset: (page - 1) * limit,
    }),
  );
  const what = (r: RoutineRow) =>
    t('routines.list.rowWhat', {
      class: name('classes', r.class_name),
      section: r.section_default_name,
      day: dayName(r.day_id, r.day),
      period: localDigits(r.period_code, lang),
    });
  useEffect(() => {
    // A page beyond the end (after deletes) goes back to the last one.
    if (list.data && list.data.rows.length === 0 && list.data.total > 0 && page > 1)
      onPage(Math.ceil(list.data.total / limit));
  }, [list.data, page, limit, onPage]);
  return (
    <QueryState
      query={list}
      what={t('routines.list.what')}
      loadingLabel={t('routines.list.loading')}
      empty={t('routines.list.empty')}
      isEmpty={(d) => d.total === 0}
    >
      {(data) => {
        const selected = data.rows.filter((r) => chosen.has(r.id));
        return (
          <>
            {deletes.element}
            <div className="mb-2 flex flex-wrap items-center gap-3">
              <Button
                variant="secondary"
                className="text-red-700"
                disabled={busy || deletes.busy || selected.length === 0}
                onClick={() =>
                  deletes.ask(
                    'routine',
                    selected.map((r) => r.id),
                    selected.map(what).join('; '),
                  )
                }
              >
                {t('deletes.deleteSelected')}
              </Button>
              <span className="text-sm text-slate-600" aria-live="polite">
                {t('deletes.selectedCount', { n: localDigits(String(selected.length), lang) })}
              </span>
            </div>
            <DataTable
              caption={t('routines.list.title')}
              cards
              minWidth="60rem"
              head={[
                t('routines.list.number'),
                t('routines.list.class'),
                t('routines.list.section'),
                t('routines.list.day'),
                t('routines.list.period'),
                t('routines.list.subject'),
                t('routines.list.teacher'),
                t('routines.list.room'),
                t('routines.list.session'),
                t('routines.list.shift'),
                t('routines.list.edit'),
                t('routines.list.delete'),
              ]}
            >
              {data.rows.map((r, i) => (
                <tr key={r.id} className={editingId === r.id ? 'bg-indigo-50' : undefined}>
                  <Td label={t('routines.list.number')}>
                    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center gap-2">
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        checked={chosen.has(r.id)}
                        onChange={() => toggle(r.id)}
                        aria-label={t('deletes.select', { name: what(r) })}
                      />
                      {localDigits(String(data.offset + i + 1), lang)}
                    </label>
                  </Td>
                  <Td label={t('routines.list.class')}>{name('classes', r.class_name)}</Td>
                  <Td label={t('routines.list.section')}>{r.section_default_name}</Td>
                  <Td label={t('routines.list.day')}>{dayName(r.day_id, r.day)}</Td>
                  <Td label={t('routines.list.period')}>{localDigits(r.period_code, lang)}</Td>
                  <Td label={t('routines.list.subject')}>{name('subjects', r.subject_name)}</Td>
                  <Td label={t('routines.list.teacher')}>
                    <abbr title={r.full_name} className="no-underline">
                      {r.initial}
                    </abbr>
                    {/* docs/DOMAIN.md, Records: a teacher who left is flagged on their periods. */}
                    {r.teacher_left_on ? (
                      <span className="ms-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t('records.list.inactive')}
                      </span>
                    ) : null}
                  </Td>
                  <Td label={t('routines.list.room')}>{localDigits(r.room, lang)}</Td>
                  <Td label={t('routines.list.session')}>{localDigits(r.session_year, lang)}</Td>
                  <Td label={t('routines.list.shift')}>{name('shifts', r.shift_name)}</Td>
                  <Td label={t('routines.list.edit')}>
                    <Button
                      variant="secondary"
                      disabled={busy}
                      aria-label={t('routines.list.editLabel', { what: what(r) })}
                      onClick={() => void edit(r)}
                    >
                      {t('routines.list.edit')}
                    </Button>
                  </Td>
                  <Td label={t('routines.list.delete')}>
                    <Button
                      variant="secondary"
                      className="text-red-700"
                      disabled={busy}
                      aria-label={t('routines.list.deleteLabel', { what: what(r) })}
                      onClick={() => actor.send({ type: 'routine.delete', id: r.id, label: what(r) })}
                    >
                      {t('routines.list.delete')}
                    </Button>
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={limit}
              total={data.total}
              onPage={onPage}
              label={t('routines.list.pages')}
            />
          </>
        );
      }}
    </QueryState>
  );
}
