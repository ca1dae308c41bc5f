/**
 * /teacheractivity: "Set an Activity" for a subject of a section the teacher teaches (class,
 * section and subject from the routine, title, questions, start and due time in the school's
 * local time, full mark, an optional attachment, sent with a progress bar) and the teacher's own
 * activities, each opening its answers (/activitysubmitlist). The form is the subject activity
 * create machine; after a save the form clears and the list reloads, as homework's
 * (docs/DOMAIN.md, "Exams and grades", subject activities). A failed upload keeps the form.
 */
import { useQuery } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { Link } from 'wouter';
import { SUBJECT_ACTIVITY_PAGE } from '@/api/schemas/subject-activities';
import type { TeacherOption } from '@/api/schemas/homework';
import { teacherOptionsQuery } from '@/api/homework';
import { subjectActivityKeys, teacherActivitiesQuery } from '@/api/subject-activities';
import { subjectActivityCreateMachine } from '@/machines/subject-activity-create.machine';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useErrorText } from '@/i18n/errors';
import { formatNumber } from '@/i18n/format';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { useFlowLogic } from '@/ui/use-flow';
import { DownloadButton, FileField, MAX_UPLOAD_MB, UploadBar } from '@/screens/homework/parts';
import { activityTime, StateBadge, useActivityFeedbackToast, useActivityFieldError } from './parts';

export const ActivityCreate = createActorContext(subjectActivityCreateMachine);

export default function TeacherActivities() {
  const { t } = useI18n();
  // A saved activity belongs in the list: reload it once per success.
  const logic = useFlowLogic(subjectActivityCreateMachine, { invalidates: [subjectActivityKeys.all], on: 'saved' });
  return (
    <>
      <PageHeader title={t('subject_activities.teacherTitle')} />
      <ActivityCreate.Provider logic={logic}>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <CreateForm />
          <OwnActivities />
        </div>
      </ActivityCreate.Provider>
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
  const actor = ActivityCreate.useActorRef();
  const options = useQuery(teacherOptionsQuery());
  const form = ActivityCreate.useSelector((s) => s.context.form);
  const file = ActivityCreate.useSelector((s) => s.context.file);
  const progress = ActivityCreate.useSelector((s) => s.context.progress);
  const error = ActivityCreate.useSelector((s) => s.context.error);
  const feedback = ActivityCreate.useSelector((s) => s.context.feedback);
  const busy = ActivityCreate.useSelector((s) => s.hasTag('busy'));
  const failed = ActivityCreate.useSelector((s) => s.hasTag('failed'));
  const canSubmit = ActivityCreate.useSelector((s) => s.can({ type: 'activity.submit' }));
  const canRetry = ActivityCreate.useSelector((s) => s.can({ type: 'activity.retry' }));
  const dirty = ActivityCreate.useSelector(
    (s) => s.context.file !== null || s.context.form.title !== '' || s.context.form.questions !== '',
  );
  const errorText = useErrorText();
  const fieldError = useActivityFieldError();
  useUnsavedChanges(dirty || busy);
  useActivityFeedbackToast(feedback);

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
    actor.send({ type: 'activity.choose', field, value: Number(v) || 0 });
  const text = (field: 'title' | 'questions' | 'starts_at' | 'due_at' | 'full_mark') => (value: string) =>
    actor.send({ type: 'activity.field', field, value });

  return (
    <Card title={t('subject_activities.createCard')}>
      {options.isSuccess && rows.length === 0 ? <Alert tone="info">{t('subject_activities.noRoutine')}</Alert> : null}
      <p className="mb-3 text-sm text-slate-600">{t('subject_activities.extraHint')}</p>
      <form
        noValidate
        aria-label={t('subject_activities.createCard')}
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'activity.submit' });
        }}
      >
        <SelectField
          label={t('subject_activities.fields.class_id')}
          value={form.class_id ? String(form.class_id) : ''}
          onChange={choose('class_id')}
          placeholder={t('subject_activities.chooseClass')}
          options={classes.map((c) => ({ value: String(c.class_id), label: name('classes', c.class_name) }))}
          error={fe('class_id')}
          disabled={busy}
          required
        />
        <SelectField
          label={t('subject_activities.fields.section_id')}
          value={form.section_id ? String(form.section_id) : ''}
          onChange={choose('section_id')}
          placeholder={t('subject_activities.chooseSection')}
          options={sections.map((s) => ({ value: String(s.section_id), label: s.section_name }))}
          error={fe('section_id')}
          disabled={busy || !form.class_id}
          required
        />
        <SelectField
          label={t('subject_activities.fields.subject_id')}
          value={form.subject_id ? String(form.subject_id) : ''}
          onChange={choose('subject_id')}
          placeholder={t('subject_activities.chooseSubject')}
          options={subjects.map((s) => ({ value: String(s.subject_id), label: name('subjects', s.subject_name) }))}
          error={fe('subject_id')}
          disabled={busy || !form.section_id}
          className="sm:col-span-2"
          required
        />
        <TextField
          label={t('subject_activities.fields.title')}
          value={form.title}
          onChange={(e) => text('title')(e.target.value)}
          error={fe('title')}
          disabled={busy}
          maxLength={200}
          className="sm:col-span-2"
          required
        />
        <div className="sm:col-span-2">
          <label htmlFor="activity-questions" className="block text-sm font-medium text-slate-800">
            {t('subject_activities.fields.questions')}
          </label>
          <textarea
            id="activity-questions"
            value={form.questions}
            rows={4}
            maxLength={5000}
            disabled={busy}
            onChange={(e) => text('questions')(e.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
          />
        </div>
        <TextField
          type="datetime-local"
          label={t('subject_activities.fields.starts_at')}
          hint={t('subject_activities.timesHint')}
          value={form.starts_at}
          onChange={(e) => text('starts_at')(e.target.value)}
          error={fe('starts_at')}
          disabled={busy}
          required
        />
        <TextField
          type="datetime-local"
          label={t('subject_activities.fields.due_at')}
          value={form.due_at}
          onChange={(e) => text('due_at')(e.target.value)}
          error={fe('due_at')}
          disabled={busy}
          required
        />
        <TextField
          label={t('subject_activities.fields.full_mark')}
          hint={t('subject_activities.fullMarkHint')}
          inputMode="numeric"
          value={form.full_mark}
          onChange={(e) => text('full_mark')(e.target.value)}
          error={fe('full_mark')}
          disabled={busy}
          required
        />
        <FileField
          label={t('subject_activities.fields.file')}
          hint={t('subject_activities.submit.fileHint', { mb: MAX_UPLOAD_MB })}
          file={file}
          error={fe('file')}
          disabled={busy}
          onFile={(f) => actor.send({ type: 'activity.file', file: f })}
        />
        <UploadBar progress={busy ? progress : null} />
        {failed && error ? (
          <Alert
            className="sm:col-span-2"
            onRetry={canRetry ? () => actor.send({ type: 'activity.retry' }) : undefined}
            retryLabel={t('common.tryAgain')}
          >
            {Object.keys(error.fields).length
              ? t('subject_activities.fixFields')
              : errorText(error.cause ?? error.message)}{' '}
            {t('subject_activities.failedKept')}
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

function OwnActivities() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [params, setParams] = useSearchState({ page: '1' });
  const page = Math.max(1, Number(params.page) || 1);
  const size = SUBJECT_ACTIVITY_PAGE.defaultLimit;
  const list = useQuery(teacherActivitiesQuery({ limit: size, offset: (page - 1) * size }));
  return (
    <Card title={t('subject_activities.listCard')}>
      <QueryState
        query={list}
        what={t('subject_activities.list.what')}
        loadingLabel={t('subject_activities.list.loading')}
        empty={t('subject_activities.list.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <DataTable
              cards
              caption={t('subject_activities.list.caption')}
              head={[
                t('subject_activities.list.head.title'),
                t('subject_activities.list.head.classSection'),
                t('subject_activities.list.head.subject'),
                t('subject_activities.list.head.starts'),
                t('subject_activities.list.head.due'),
                t('subject_activities.list.head.fullMark'),
                t('subject_activities.list.head.answers'),
                t('subject_activities.list.head.file'),
              ]}
            >
              {data.rows.map((row) => (
                <tr key={row.id}>
                  <Td label={t('subject_activities.list.head.title')} className="font-semibold text-slate-900">
                    <span className="mr-2">{row.title}</span>
                    <StateBadge state={row.state} />
                  </Td>
                  <Td label={t('subject_activities.list.head.classSection')}>
                    {name('classes', row.class_name)} {row.section_local_name}
                  </Td>
                  <Td label={t('subject_activities.list.head.subject')}>{name('subjects', row.subject_name)}</Td>
                  <Td label={t('subject_activities.list.head.starts')}>{activityTime(row.starts_at, lang)}</Td>
                  <Td label={t('subject_activities.list.head.due')}>{activityTime(row.due_at, lang)}</Td>
                  <Td label={t('subject_activities.list.head.fullMark')}>{formatNumber(row.full_mark, lang)}</Td>
                  <Td label={t('subject_activities.list.head.answers')}>
                    <Link href={`/activitysubmitlist?activity=${row.id}`} className={linkStyle}>
                      {t('subject_activities.list.answersOf', {
                        submitted: formatNumber(row.submitted, lang),
                        students: formatNumber(row.students, lang),
                        marked: formatNumber(row.marked, lang),
                      })}
                    </Link>
                  </Td>
                  <Td label={t('subject_activities.list.head.file')}>
                    {row.file_url ? <DownloadButton url={row.file_url} name={row.file_name ?? 'file'} /> : '—'}
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={size}
              total={data.total}
              onPage={(p) => setParams({ page: String(p) })}
              label={t('subject_activities.list.pages')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
