/**
 * /teacherhomework: "Set Home Work" (class, section and subject from what the teacher teaches,
 * topic, details, issue and due date, an optional attachment, sent with a progress bar) and the
 * teacher's own homework, a page at a time, each row deleted by its own id after "Are you sure to
 * delete?". The form is the homework create machine; after a save the form clears and the list
 * reloads (spec part 2, section 4). A failed upload keeps the form and the file.
 */
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import { HOMEWORK_PAGE, type HomeworkRow, type TeacherOption } from '@/api/schemas/homework';
import { homeworkKeys, teacherHomeworkQuery, teacherOptionsQuery } from '@/api/homework';
import { schoolToday } from '@/api/school-time';
import { homeworkCreateMachine } from '@/machines/homework-create.machine';
import { homeworkDeleteMachine } from '@/machines/homework-delete.machine';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useErrorText } from '@/i18n/errors';
import { formatNumber } from '@/i18n/format';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { DateField } from '@/ui/date-field';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import {
  DownloadButton,
  FileField,
  homeworkDate,
  MAX_UPLOAD_MB,
  UploadBar,
  useFeedbackToast,
  useFieldError,
} from './parts';
import { useFlow, useFlowLogic } from '@/ui/use-flow';

export const HomeworkCreate = createActorContext(homeworkCreateMachine);

export default function TeacherHomework() {
  const { t } = useI18n();
  const input = useMemo(() => ({ today: schoolToday() }), []);
  // A saved homework belongs in the list: reload it once per success.
  const createLogic = useFlowLogic(homeworkCreateMachine, { invalidates: [homeworkKeys.all], on: 'saved' });
  return (
    <>
      <PageHeader title={t('homework.teacherTitle')} />
      <HomeworkCreate.Provider logic={createLogic} options={{ input }}>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <CreateForm />
          <OwnHomework />
        </div>
      </HomeworkCreate.Provider>
    </>
  );
}

function unique<T>(rows: T[], key: (r: T) => number): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => (seen.has(key(r)) ? false : (seen.add(key(r)), true)));
}

function CreateForm() {
  const { t } = useI18n();
  const { name } = useNames();
  const actor = HomeworkCreate.useActorRef();
  const options = useQuery(teacherOptionsQuery());
  const form = HomeworkCreate.useSelector((s) => s.context.form);
  const file = HomeworkCreate.useSelector((s) => s.context.file);
  const progress = HomeworkCreate.useSelector((s) => s.context.progress);
  const error = HomeworkCreate.useSelector((s) => s.context.error);
  const feedback = HomeworkCreate.useSelector((s) => s.context.feedback);
  const busy = HomeworkCreate.useSelector((s) => s.hasTag('busy'));
  const failed = HomeworkCreate.useSelector((s) => s.hasTag('failed'));
  const canSubmit = HomeworkCreate.useSelector((s) => s.can({ type: 'homework.submit' }));
  const canRetry = HomeworkCreate.useSelector((s) => s.can({ type: 'homework.retry' }));
  const dirty = HomeworkCreate.useSelector(
    (s) => s.context.file !== null || s.context.form.topic !== '' || s.context.form.details !== '',
  );
  const errorText = useErrorText();
  const fieldError = useFieldError();
  useUnsavedChanges(dirty || busy);
  useFeedbackToast(feedback);

  const rows: TeacherOption[] = options.data ?? [];
  const classes = unique(rows, (r) => r.class_id);
  const sections = unique(
    rows.filter((r) => r.class_id === form.class_id),
    (r) => r.section_id,
  );
  const subjects = unique(
    rows.filter((r) => r.class_id === form.class_id && r.section_id === form.section_id),
    (r) => r.subject_id,
  );
  const fe = (field: string) => fieldError(field, error?.fields[field]);
  const choose = (field: 'class_id' | 'section_id' | 'subject_id') => (v: string) =>
    actor.send({ type: 'homework.choose', field, value: Number(v) || 0 });

  return (
    <Card title={t('homework.createCard')}>
      {options.isSuccess && rows.length === 0 ? <Alert tone="info">{t('homework.noRoutine')}</Alert> : null}
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'homework.submit' });
        }}
      >
        <SelectField
          label={t('homework.fields.class_id')}
          value={form.class_id ? String(form.class_id) : ''}
          onChange={choose('class_id')}
          placeholder={t('homework.chooseClass')}
          options={classes.map((c) => ({ value: String(c.class_id), label: name('classes', c.class_name) }))}
          error={fe('class_id')}
          disabled={busy}
          required
        />
        <SelectField
          label={t('homework.fields.section_id')}
          value={form.section_id ? String(form.section_id) : ''}
          onChange={choose('section_id')}
          placeholder={t('homework.chooseSection')}
          options={sections.map((s) => ({ value: String(s.section_id), label: s.section_name }))}
          error={fe('section_id')}
          disabled={busy || !form.class_id}
          required
        />
        <SelectField
          label={t('homework.fields.subject_id')}
          value={form.subject_id ? String(form.subject_id) : ''}
          onChange={choose('subject_id')}
          placeholder={t('homework.chooseSubject')}
          options={subjects.map((s) => ({ value: String(s.subject_id), label: name('subjects', s.subject_name) }))}
          error={fe('subject_id')}
          disabled={busy || !form.section_id}
          className="sm:col-span-2"
          required
        />
        <TextField
          label={t('homework.fields.topic')}
          value={form.topic}
          onChange={(e) => actor.send({ type: 'homework.field', field: 'topic', value: e.target.value })}
          error={fe('topic')}
          disabled={busy}
          maxLength={200}
          className="sm:col-span-2"
          required
        />
        <div className="sm:col-span-2">
          <label htmlFor="homework-details" className="block text-sm font-medium text-slate-800">
            {t('homework.fields.details')}
          </label>
          <textarea
            id="homework-details"
            value={form.details}
            rows={4}
            maxLength={5000}
            disabled={busy}
            onChange={(e) => actor.send({ type: 'homework.field', field: 'details', value: e.target.value })}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
          />
        </div>
        <DateField
          label={t('homework.fields.issue_date')}
          value={form.issue_date}
          onChange={(v) => actor.send({ type: 'homework.field', field: 'issue_date', value: v })}
          error={fe('issue_date')}
        />
        <DateField
          label={t('homework.fields.due_date')}
          value={form.due_date}
          onChange={(v) => actor.send({ type: 'homework.field', field: 'due_date', value: v })}
          error={fe('due_date')}
        />
        <FileField
          label={t('homework.fields.file')}
          hint={t('homework.optionalFile', { mb: MAX_UPLOAD_MB })}
          file={file}
          error={fe('file')}
          disabled={busy}
          onFile={(f) => actor.send({ type: 'homework.file', file: f })}
        />
        <UploadBar progress={busy ? progress : null} />
        {failed && error ? (
          <Alert
            className="sm:col-span-2"
            onRetry={canRetry ? () => actor.send({ type: 'homework.retry' }) : undefined}
            retryLabel={t('common.tryAgain')}
          >
            {Object.keys(error.fields).length ? t('homework.fixFields') : errorText(error.cause ?? error.message)}{' '}
            {t('homework.failedKept')}
          </Alert>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={!canSubmit || busy} className="w-full sm:w-auto">
            {t('common.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function OwnHomework() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [params, setParams] = useSearchState({ page: '1' });
  const page = Math.max(1, Number(params.page) || 1);
  const size = HOMEWORK_PAGE.defaultLimit;
  const list = useQuery(teacherHomeworkQuery({ limit: size, offset: (page - 1) * size }));
  const errorText = useErrorText();
  const toast = useToast();
  // Deleting is its own small flow: the row's id, "Are you sure to delete?", the call.
  const [state, send] = useFlow(homeworkDeleteMachine, { invalidates: [homeworkKeys.all], on: 'deleted' });
  const pending = state.context.pending;
  useFeedbackToast(state.context.feedback);
  const failure = state.context.error;
  useEffect(() => {
    if (failure) toast.show(errorText(failure), 'error');
  }, [failure, toast, errorText]);
  const remove = (row: HomeworkRow) =>
    send({
      type: 'homework.delete',
      id: row.id,
      topic: row.topic,
      className: row.class_name,
      sectionName: row.section_local_name,
    });

  return (
    <Card title={t('homework.listCard')}>
      <QueryState
        query={list}
        what={t('homework.list.what')}
        loadingLabel={t('homework.list.loading')}
        empty={t('homework.list.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <DataTable
              cards
              caption={t('homework.list.caption')}
              head={[
                t('homework.list.head.topic'),
                t('homework.list.head.classSection'),
                t('homework.list.head.subject'),
                t('homework.list.head.issue'),
                t('homework.list.head.due'),
                t('homework.list.head.submitted'),
                t('homework.list.head.file'),
                t('homework.list.head.actions'),
              ]}
            >
              {data.rows.map((row) => (
                <tr key={row.id}>
                  <Td label={t('homework.list.head.topic')} className="font-semibold text-slate-900">
                    {row.topic}
                  </Td>
                  <Td label={t('homework.list.head.classSection')}>
                    {name('classes', row.class_name)} {row.section_local_name}
                  </Td>
                  <Td label={t('homework.list.head.subject')}>{name('subjects', row.subject_name)}</Td>
                  <Td label={t('homework.list.head.issue')}>{homeworkDate(row.issue_date, lang)}</Td>
                  <Td label={t('homework.list.head.due')}>{homeworkDate(row.due_date, lang)}</Td>
                  <Td label={t('homework.list.head.submitted')}>
                    <Link href={`/homeworksubmitlist?homework=${row.id}`} className={linkStyle}>
                      {t('homework.list.submittedOf', {
                        submitted: formatNumber(row.submitted, lang),
                        students: formatNumber(row.students, lang),
                      })}
                    </Link>
                  </Td>
                  <Td label={t('homework.list.head.file')}>
                    {row.file_url ? (
                      <DownloadButton url={row.file_url} name={row.file_name ?? 'file'} />
                    ) : (
                      t('homework.noFile')
                    )}
                  </Td>
                  <Td label={t('homework.list.head.actions')}>
                    <Button
                      variant="secondary"
                      aria-label={t('homework.list.deleteTopic', { topic: row.topic })}
                      onClick={() => remove(row)}
                    >
                      {t('common.delete')}
                    </Button>
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={size}
              total={data.total}
              onPage={(p) => setParams({ page: String(p) })}
              label={t('homework.list.pages')}
            />
          </>
        )}
      </QueryState>
      <DeferredConfirmDialog
        open={state.hasTag('confirm')}
        busy={state.hasTag('busy')}
        title={t('common.areYouSureDelete')}
        confirmLabel={t('common.delete')}
        tone="danger"
        onConfirm={() => send({ type: 'homework.confirm' })}
        onCancel={() => send({ type: 'homework.cancel' })}
      >
        {pending
          ? t('homework.list.deleteBody', {
              topic: pending.topic,
              class: name('classes', pending.className),
              section: pending.sectionName,
            })
          : null}
      </DeferredConfirmDialog>
    </Card>
  );
}
