/**
 * /newExam: the school admin's "Create New Exam" form (collapsible) and the "Exam Lists" (spec
 * part 2 §Exams, sections 3-5). The form is the exam create machine: several sections
 * and subjects in one submit create every pair's exam at once (the half-yearly setup of a class is
 * one action), marks are numbers checked before sending with the field named, and the server's
 * refusals (400 by field, 409 duplicate) show in the user's language. The list is a page at a time
 * with its filters in the address; choosing a class (or a single subject) in the form filters the
 * list to it, so it reloads as the spec says. From a row, the admin opens that exam's mark changes
 * (who, when, old, new), a page at a time.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { examKeys, examListQuery, examTypesQuery, markAuditQuery } from '@/api/exams';
import { EXAM_PAGE, type ExamInfoRow } from '@/api/schemas/exams';
import { defaultSession } from '@/api/lookups';
import { routineLookupsQuery } from '@/api/routines';
import {
  examCreateMachine,
  examFormErrors,
  type ExamChoice,
  type ExamMulti,
  type ExamTextField,
} from '@/machines/exam-create.machine';
import { useI18n } from '@/i18n/i18n';
import { formatNumber, localDigits } from '@/i18n/format';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { SimpleDialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { ErrorState, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { AdmitCardsButton } from './admit-cards-button';
import { RecordDeleteButton, useRecordDelete } from '@/screens/deletes/record-delete';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { examDateText, marksText, useExamErrorText, useMarkText, useSuccessToast, whenText } from './setup-parts';
import { useFlowLogic } from '@/ui/use-flow';

export const ExamCreate = createActorContext(examCreateMachine);

/** The list following the form: same screen, the form stays, so no unsaved-work question. */
const FOLLOW = { replace: true, force: true } as const;

const LIST_DEFAULTS = {
  session_id: '',
  exam_name_id: '',
  class_id: '',
  section_id: '',
  subject_id: '',
  page: '1',
  audit: '',
  audit_page: '1',
};

export default function NewExam() {
  const { t } = useI18n();
  const logic = useFlowLogic(examCreateMachine, { invalidates: [examKeys.all], on: 'created' });
  return (
    <>
      <PageHeader title={t('shell.pages.newExam')} />
      <ExamCreate.Provider logic={logic} options={{ input: {} }}>
        <div className="space-y-6">
          <CreateForm />
          <ExamList />
        </div>
      </ExamCreate.Provider>
    </>
  );
}

function CreateForm() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const actor = ExamCreate.useActorRef();
  const lookups = useQuery(routineLookupsQuery(null));
  const types = useQuery(examTypesQuery());
  const form = ExamCreate.useSelector((s) => s.context.form);
  const error = ExamCreate.useSelector((s) => s.context.error);
  const feedback = ExamCreate.useSelector((s) => s.context.feedback);
  const busy = ExamCreate.useSelector((s) => s.hasTag('busy'));
  const failed = ExamCreate.useSelector((s) => s.hasTag('failed'));
  const canRetry = ExamCreate.useSelector((s) => s.can({ type: 'exam.retry' }));
  const dirty = form.class_id !== 0 || form.section_ids.length > 0 || form.subject_ids.length > 0;
  useUnsavedChanges(dirty || busy);
  const errorText = useExamErrorText();
  const [, setList] = useSearchState(LIST_DEFAULTS);
  const [open, setOpen] = useState(true);
  const regionId = useId();

  useSuccessToast(feedback?.seq, () =>
    feedback?.code === 'exams.created' || !feedback
      ? t('examSetup.form.created', { count: feedback?.count ?? 1 })
      : feedback.text,
  );

  // The form starts in the current session once the sessions are known.
  const sessions = lookups.data?.sessions ?? [];
  const initialSession = defaultSession(sessions)?.id ?? 0;
  useEffect(() => {
    if (initialSession && !actor.getSnapshot().context.form.session_id)
      actor.send({ type: 'exam.choose', field: 'session_id', value: initialSession });
  }, [initialSession, actor]);

  const classes = lookups.data?.classes ?? [];
  const sections = (lookups.data?.sections ?? []).filter((s) => s.class_id === form.class_id);
  const subjects = (lookups.data?.subjects ?? []).filter((s) => s.class_id === form.class_id);
  const teachers = lookups.data?.teachers ?? [];

  const label = (field: string) => t(`examSetup.form.fields.${field}` as never) as string;
  const fe = (field: string): string | null => {
    const problem = error?.fields[field];
    if (!problem) return null;
    const key = `examSetup.form.problems.${problem}`;
    const text = t(key as never, { field: label(field) }) as string;
    if (text !== key) return text;
    // The server's own words (its 400) in English; in Bangla the field named with a generic text.
    return lang === 'en' ? `${label(field)}: ${problem}` : t('examSetup.form.problems.server', { field: label(field) });
  };
  const choose = (field: ExamChoice) => (v: string) => {
    const value = Number(v) || 0;
    actor.send({ type: 'exam.choose', field, value });
    // The list follows the class being set up (spec: it reloads when the class changes).
    if (field === 'class_id')
      setList({ class_id: value ? String(value) : '', section_id: '', subject_id: '', page: '1' }, FOLLOW);
  };
  const text = (field: ExamTextField) => (value: string) => actor.send({ type: 'exam.field', field, value });
  const toggle = (field: ExamMulti, value: number) => {
    actor.send({ type: 'exam.toggle', field, value });
    if (field === 'subject_ids') {
      const next = form.subject_ids.includes(value)
        ? form.subject_ids.filter((v) => v !== value)
        : [...form.subject_ids, value];
      setList({ subject_id: next.length === 1 ? String(next[0]) : '', page: '1' }, FOLLOW);
    }
  };
  const pick = (field: ExamMulti, values: number[]) => {
    actor.send({ type: 'exam.pick', field, values });
    if (field === 'subject_ids')
      setList({ subject_id: values.length === 1 ? String(values[0]) : '', page: '1' }, FOLLOW);
  };
  const pairs = form.section_ids.length * form.subject_ids.length;
  const formProblems = Object.keys(examFormErrors(form)).length;

  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby={`${regionId}-h`}>
      <h2 id={`${regionId}-h`} className="text-lg font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl px-5 py-3 text-left hover:bg-slate-50"
        >
          <span>{t('examSetup.form.title')}</span>
          <span className="text-sm font-medium text-indigo-700">
            {open ? t('examSetup.form.hide') : t('examSetup.form.show')}
          </span>
        </button>
      </h2>
      <div id={regionId} hidden={!open} className="px-5 pb-5">
        {lookups.isError || types.isError ? (
          <div className="mb-4">
            <ErrorState
              error={lookups.error ?? types.error}
              what={t('examSetup.form.lookupsWhat')}
              onRetry={() => {
                if (lookups.isError) void lookups.refetch();
                if (types.isError) void types.refetch();
              }}
            />
          </div>
        ) : null}
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'exam.submit' });
          }}
        >
          <SelectField
            label={label('session_id')}
            value={form.session_id ? String(form.session_id) : ''}
            onChange={choose('session_id')}
            placeholder={t('examSetup.form.chooseSession')}
            options={sessions.map((s) => ({ value: String(s.id), label: localDigits(s.session_year, lang) }))}
            error={fe('session_id')}
            disabled={busy}
            required
          />
          <SelectField
            label={label('exam_name_id')}
            value={form.exam_name_id ? String(form.exam_name_id) : ''}
            onChange={choose('exam_name_id')}
            placeholder={t('examSetup.form.chooseType')}
            options={(types.data ?? []).map((x) => ({ value: String(x.id), label: name('exam_types', x.exam_name) }))}
            error={fe('exam_name_id')}
            disabled={busy}
            required
          />
          <SelectField
            label={label('class_id')}
            value={form.class_id ? String(form.class_id) : ''}
            onChange={choose('class_id')}
            placeholder={t('examSetup.form.chooseClass')}
            options={classes.map((c) => ({ value: String(c.id), label: name('classes', c.class_name) }))}
            error={fe('class_id')}
            disabled={busy}
            required
          />
          <CheckGroup
            field="section_ids"
            legend={label('section_ids')}
            options={sections.map((s) => ({ id: s.id, label: s.section_default_name }))}
            chosen={form.section_ids}
            empty={form.class_id ? t('examSetup.form.noSections') : t('examSetup.form.chooseClassFirst')}
            error={fe('section_ids') ?? fe('section_id')}
            disabled={busy}
            onToggle={(id) => toggle('section_ids', id)}
            onPick={(ids) => pick('section_ids', ids)}
          />
          <CheckGroup
            field="subject_ids"
            legend={label('subject_ids')}
            options={subjects.map((s) => ({ id: s.id, label: name('subjects', s.subject_name) }))}
            chosen={form.subject_ids}
            empty={form.class_id ? t('examSetup.form.noSubjects') : t('examSetup.form.chooseClassFirst')}
            error={fe('subject_ids') ?? fe('subject_id')}
            disabled={busy}
            onToggle={(id) => toggle('subject_ids', id)}
            onPick={(ids) => pick('subject_ids', ids)}
            className="sm:col-span-1 lg:col-span-2"
          />
          <SelectField
            label={label('teacher_id')}
            value={form.teacher_id ? String(form.teacher_id) : ''}
            onChange={choose('teacher_id')}
            placeholder={t('examSetup.form.anyTeacher')}
            options={teachers.map((x) => ({ value: String(x.id), label: `${x.initial} – ${x.full_name}` }))}
            error={fe('teacher_id')}
            disabled={busy}
          />
          <TextField
            label={label('full_marks')}
            hint={t('examSetup.form.fullMarksHint')}
            inputMode="decimal"
            autoComplete="off"
            value={form.full_marks}
            onChange={(e) => text('full_marks')(e.target.value)}
            error={fe('full_marks')}
            disabled={busy}
            required
          />
          <TextField
            label={label('converted_marks')}
            hint={t('examSetup.form.convertedHint')}
            inputMode="decimal"
            autoComplete="off"
            value={form.converted_marks}
            onChange={(e) => text('converted_marks')(e.target.value)}
            error={fe('converted_marks')}
            disabled={busy}
            required
          />
          <DateField
            label={label('exam_date')}
            value={form.exam_date}
            onChange={text('exam_date')}
            error={fe('exam_date')}
            disabled={busy}
          />
          <div className="flex flex-col gap-3 sm:col-span-2 lg:col-span-3">
            {pairs > 0 ? (
              <p className="text-sm text-slate-700" aria-live="polite">
                {t('examSetup.form.willCreate', {
                  count: pairs,
                  sections: formatNumber(form.section_ids.length, lang),
                  subjects: formatNumber(form.subject_ids.length, lang),
                })}
              </p>
            ) : null}
            {failed && error ? (
              <Alert
                onRetry={canRetry ? () => actor.send({ type: 'exam.retry' }) : undefined}
                retryLabel={t('common.tryAgain')}
              >
                {error.cause !== undefined && Object.keys(error.fields).length === 0
                  ? errorText(error.cause)
                  : t('examSetup.form.fixFields')}{' '}
                {t('examSetup.form.failedKept')}
              </Alert>
            ) : !failed && error && formProblems > 0 && Object.keys(error.fields).length > 0 ? (
              <Alert tone="warning">{t('examSetup.form.fixFields')}</Alert>
            ) : null}
            <div>
              <Button type="submit" disabled={busy} aria-busy={busy || undefined} className="w-full sm:w-auto">
                {busy ? t('examSetup.form.saving') : t('examSetup.form.submit')}
              </Button>
            </div>
          </div>
        </form>
      </div>
    </section>
  );
}

function CheckGroup({
  field,
  legend,
  options,
  chosen,
  empty,
  error,
  disabled,
  onToggle,
  onPick,
  className = '',
}: {
  field: string;
  legend: string;
  options: { id: number; label: string }[];
  chosen: number[];
  empty: string;
  error: string | null;
  disabled: boolean;
  onToggle: (id: number) => void;
  onPick: (ids: number[]) => void;
  className?: string;
}) {
  const { t } = useI18n();
  const errorId = useId();
  return (
    <fieldset
      className={`min-w-0 rounded-md border p-3 ${error ? 'border-red-500' : 'border-slate-300'} ${className}`}
      aria-describedby={error ? errorId : undefined}
      data-field={field}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <div className="mb-2 flex flex-wrap gap-2">
            <Button
              variant="ghost"
              className="px-2"
              disabled={disabled}
              aria-label={t('examSetup.form.selectAllOf', { what: legend })}
              onClick={() => onPick(options.map((o) => o.id))}
            >
              {t('examSetup.form.selectAll')}
            </Button>
            <Button
              variant="ghost"
              className="px-2"
              disabled={disabled}
              aria-label={t('examSetup.form.selectNoneOf', { what: legend })}
              onClick={() => onPick([])}
            >
              {t('examSetup.form.selectNone')}
            </Button>
          </div>
          <ul className="grid grid-cols-1 gap-1 min-[420px]:grid-cols-2">
            {options.map((o) => (
              <li key={o.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-2 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={chosen.includes(o.id)}
                    disabled={disabled}
                    onChange={() => onToggle(o.id)}
                  />
                  <span className="text-sm text-slate-900">{o.label}</span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ExamList() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [params, setParams] = useSearchState(LIST_DEFAULTS);
  const lookups = useQuery(routineLookupsQuery(null));
  const types = useQuery(examTypesQuery());
  const page = Math.max(1, Number(params.page) || 1);
  const size = EXAM_PAGE.defaultLimit;
  const num = (v: string) => Number(v) || undefined;
  const q = {
    session_id: num(params.session_id),
    exam_name_id: num(params.exam_name_id),
    class_id: num(params.class_id),
    section_id: num(params.section_id),
    subject_id: num(params.subject_id),
    limit: size,
    offset: (page - 1) * size,
  };
  const list = useQuery(examListQuery(q));
  // Deleting an exam made by mistake (docs/DOMAIN.md, "Deleting").
  const deletes = useRecordDelete([examKeys.all]);
  const classId = Number(params.class_id) || 0;
  const sections = (lookups.data?.sections ?? []).filter((s) => !classId || s.class_id === classId);
  const subjects = (lookups.data?.subjects ?? []).filter((s) => classId && s.class_id === classId);
  const filter = (key: keyof typeof LIST_DEFAULTS) => (v: string) =>
    setParams(
      key === 'class_id' ? { class_id: v, section_id: '', subject_id: '', page: '1' } : { [key]: v, page: '1' },
    );
  const auditId = Number(params.audit) || 0;
  const [auditRow, setAuditRow] = useState<ExamInfoRow | null>(null);
  const auditOf = auditRow?.id === auditId ? auditRow : (list.data?.rows.find((r) => r.id === auditId) ?? null);
  const filtered = Object.entries(params).some(([k, v]) => !['page', 'audit', 'audit_page'].includes(k) && v !== '');

  return (
    <Card title={t('examSetup.list.title')}>
      <div
        role="group"
        aria-label={t('examSetup.list.filters')}
        className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
      >
        <SelectField
          label={t('examSetup.list.filterBy.session')}
          value={params.session_id}
          onChange={filter('session_id')}
          placeholder={t('examSetup.list.allSessions')}
          options={(lookups.data?.sessions ?? []).map((s) => ({
            value: String(s.id),
            label: localDigits(s.session_year, lang),
          }))}
        />
        <SelectField
          label={t('examSetup.list.filterBy.type')}
          value={params.exam_name_id}
          onChange={filter('exam_name_id')}
          placeholder={t('examSetup.list.allTypes')}
          options={(types.data ?? []).map((x) => ({ value: String(x.id), label: name('exam_types', x.exam_name) }))}
        />
        <SelectField
          label={t('examSetup.list.filterBy.class')}
          value={params.class_id}
          onChange={filter('class_id')}
          placeholder={t('examSetup.list.allClasses')}
          options={(lookups.data?.classes ?? []).map((c) => ({
            value: String(c.id),
            label: name('classes', c.class_name),
          }))}
        />
        <SelectField
          label={t('examSetup.list.filterBy.section')}
          value={params.section_id}
          onChange={filter('section_id')}
          placeholder={t('examSetup.list.allSections')}
          options={sections.map((s) => ({
            value: String(s.id),
            label: classId ? s.section_default_name : `${name('classes', s.class_name)} ${s.section_default_name}`,
          }))}
        />
        <SelectField
          label={t('examSetup.list.filterBy.subject')}
          value={params.subject_id}
          onChange={filter('subject_id')}
          placeholder={t('examSetup.list.allSubjects')}
          options={subjects.map((s) => ({ value: String(s.id), label: name('subjects', s.subject_name) }))}
          disabled={!classId}
        />
        <div className="flex items-end">
          <Button
            variant="secondary"
            className="w-full"
            disabled={!filtered}
            onClick={() =>
              setParams({ session_id: '', exam_name_id: '', class_id: '', section_id: '', subject_id: '', page: '1' })
            }
          >
            {t('examSetup.list.clear')}
          </Button>
        </div>
      </div>
      <QueryState
        query={list}
        what={t('examSetup.list.what')}
        loadingLabel={t('examSetup.list.loading')}
        empty={t('examSetup.list.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            {deletes.element}
            <DataTable
              cards
              minWidth="56rem"
              caption={t('examSetup.list.caption')}
              head={[
                t('examSetup.list.head.session'),
                t('examSetup.list.head.type'),
                t('examSetup.list.head.class'),
                t('examSetup.list.head.section'),
                t('examSetup.list.head.subject'),
                t('examSetup.list.head.full'),
                t('examSetup.list.head.converted'),
                t('examSetup.list.head.date'),
                t('examSetup.list.head.teacher'),
                t('examSetup.list.head.actions'),
              ]}
            >
              {data.rows.map((row) => (
                <tr key={row.id}>
                  <Td label={t('examSetup.list.head.session')}>{localDigits(row.session_year, lang)}</Td>
                  <Td label={t('examSetup.list.head.type')} className="font-semibold text-slate-900">
                    {name('exam_types', row.exam_name)}
                  </Td>
                  <Td label={t('examSetup.list.head.class')}>{name('classes', row.class_name)}</Td>
                  <Td label={t('examSetup.list.head.section')}>{row.section_default_name}</Td>
                  <Td label={t('examSetup.list.head.subject')}>{name('subjects', row.subject_name)}</Td>
                  <Td label={t('examSetup.list.head.full')}>{marksText(row.full_marks, lang)}</Td>
                  <Td label={t('examSetup.list.head.converted')}>{marksText(row.converted_marks, lang)}</Td>
                  <Td label={t('examSetup.list.head.date')}>
                    {examDateText(row.exam_date, lang) ?? t('examSetup.list.noDate')}
                  </Td>
                  <Td label={t('examSetup.list.head.teacher')}>{row.initial ?? t('examSetup.list.noTeacher')}</Td>
                  <Td label={t('examSetup.list.head.actions')}>
                    <Button
                      variant="secondary"
                      aria-label={t('examSetup.list.auditOf', {
                        type: name('exam_types', row.exam_name),
                        subject: name('subjects', row.subject_name),
                        class: name('classes', row.class_name),
                        section: row.section_default_name,
                      })}
                      onClick={() => {
                        setAuditRow(row);
                        setParams({ audit: String(row.id), audit_page: '1' });
                      }}
                    >
                      {t('examSetup.list.audit')}
                    </Button>
                    <AdmitCardsButton
                      examId={row.id}
                      label={t('dashboards.admitCard.downloadOf', {
                        exam: name('exam_types', row.exam_name),
                        class: name('classes', row.class_name),
                        section: row.section_default_name,
                      })}
                    />
                    <AdmitCardsButton
                      examId={row.id}
                      kind="seats"
                      label={t('dashboards.seatPlan.downloadOf', {
                        exam: name('exam_types', row.exam_name),
                        subject: name('subjects', row.subject_name),
                        class: name('classes', row.class_name),
                        section: row.section_default_name,
                      })}
                    />
                    <RecordDeleteButton
                      deletes={deletes}
                      kind="exam"
                      id={row.id}
                      label={`${name('exam_types', row.exam_name)}, ${name('subjects', row.subject_name)}, ${name('classes', row.class_name)} ${row.section_default_name}`}
                    />
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={size}
              total={data.total}
              onPage={(p) => setParams({ page: String(p) })}
              label={t('examSetup.list.pages')}
            />
          </>
        )}
      </QueryState>
      {auditId ? (
        <AuditDialog
          examId={auditId}
          exam={auditOf}
          page={Math.max(1, Number(params.audit_page) || 1)}
          onPage={(p) => setParams({ audit_page: String(p) }, { replace: true })}
          onClose={() => setParams({ audit: '', audit_page: '1' })}
        />
      ) : null}
    </Card>
  );
}

function AuditDialog({
  examId,
  exam,
  page,
  onPage,
  onClose,
}: {
  examId: number;
  exam: ExamInfoRow | null;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const size = 20;
  const audit = useQuery(markAuditQuery({ exam_info_id: examId, limit: size, offset: (page - 1) * size }));
  const markText = useMarkText();
  const title = exam
    ? t('examSetup.audit.title', {
        type: name('exam_types', exam.exam_name),
        subject: name('subjects', exam.subject_name),
        class: name('classes', exam.class_name),
        section: exam.section_default_name,
      })
    : t('examSetup.list.audit');
  return (
    <SimpleDialog open onClose={onClose} title={title}>
      <QueryState
        query={audit}
        what={t('examSetup.audit.what')}
        loadingLabel={t('examSetup.audit.loading')}
        empty={t('examSetup.audit.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <DataTable
              cards
              minWidth="30rem"
              caption={t('examSetup.audit.caption')}
              head={[
                t('examSetup.audit.head.when'),
                t('examSetup.audit.head.who'),
                t('examSetup.audit.head.student'),
                t('examSetup.audit.head.old'),
                t('examSetup.audit.head.new'),
              ]}
            >
              {data.rows.map((r) => (
                <tr key={r.id}>
                  <Td label={t('examSetup.audit.head.when')}>{whenText(r.changed_at, lang)}</Td>
                  <Td label={t('examSetup.audit.head.who')}>{r.changed_by}</Td>
                  <Td label={t('examSetup.audit.head.student')}>
                    {r.name} ({r.student_code})
                  </Td>
                  <Td label={t('examSetup.audit.head.old')}>{markText(r.old_mark)}</Td>
                  <Td label={t('examSetup.audit.head.new')}>{markText(r.new_mark)}</Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={size}
              total={data.total}
              onPage={onPage}
              label={t('examSetup.audit.pages')}
            />
          </>
        )}
      </QueryState>
    </SimpleDialog>
  );
}
