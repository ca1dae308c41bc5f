/**
 * /studentactivitysubmit?activity=<id>: one subject activity (teacher, start and due time, full
 * mark, questions, attachment), the student's answer with its mark and the teacher's feedback once
 * marked, and, while it is open and not marked, the answer form (text and an optional file) sent by
 * the subject activity submit machine; on success the student goes back to the list. A guardian
 * (`?student=`) reads it without the form (docs/DOMAIN.md, "Exams and grades", subject activities).
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import type { StudentSubjectActivityRow } from '@/api/schemas/subject-activities';
import { studentActivityOneQuery, subjectActivityKeys } from '@/api/subject-activities';
import { subjectActivitySubmitMachine } from '@/machines/subject-activity-submit.machine';
import { useErrorText } from '@/i18n/errors';
import { formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { linkStyle } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { StudentInView, forChild, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { DownloadButton, FileField, MAX_UPLOAD_MB, UploadBar } from '@/screens/homework/parts';
import { activityTime, markText, StateBadge, useActivityFeedbackToast, useActivityFieldError } from './parts';

export const ActivitySubmit = createActorContext(subjectActivitySubmitMachine);

export default function StudentActivity() {
  const { t } = useI18n();
  return (
    <StudentInView>
      {(student) => (
        <>
          <PageHeader title={t('subject_activities.submit.title')}>
            <Link
              href={student.child ? forChild('/studentactivities', student.id) : '/studentactivities'}
              className={`inline-flex min-h-11 items-center text-sm ${linkStyle}`}
            >
              {t('subject_activities.submit.backToList')}
            </Link>
          </PageHeader>
          <ActivityView student={student} />
        </>
      )}
    </StudentInView>
  );
}

function ActivityView({ student }: { student: ViewedStudent }) {
  const { t } = useI18n();
  const [params] = useSearchState({ activity: '' });
  const id = /^\d+$/.test(params.activity) ? Number(params.activity) : 0;
  const one = useQuery({ ...studentActivityOneQuery(id, student.queryId), enabled: id > 0 });
  if (!id) return <Alert tone="info">{t('subject_activities.answers.noActivity')}</Alert>;
  return (
    <QueryState
      query={one}
      what={t('subject_activities.list.what')}
      loadingLabel={t('subject_activities.list.loading')}
    >
      {(row) => (
        <Card title={row.title}>
          <Details row={row} />
          <OwnAnswer row={row} />
          {student.child === null && row.state === 'open' && row.submission?.mark == null ? (
            <ActivitySubmit.Provider
              key={`${row.id} ${row.submission?.id ?? 0}`}
              logic={subjectActivitySubmitMachine}
              options={{ input: { activityId: row.id, answer: row.submission?.answer ?? '' } }}
            >
              <AnswerForm />
            </ActivitySubmit.Provider>
          ) : row.state === 'closed' && student.child === null ? (
            <p className="mt-4 text-sm text-slate-600">{t('subject_activities.submit.closedHint')}</p>
          ) : null}
        </Card>
      )}
    </QueryState>
  );
}

function Details({ row }: { row: StudentSubjectActivityRow }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-500">{t('subject_activities.fields.subject_id')}</dt>
        <dd className="flex items-center gap-2 text-slate-900">
          {name('subjects', row.subject_name)} <StateBadge state={row.state} />
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-500">{t('subject_activities.submit.teacher')}</dt>
        <dd className="text-slate-900">{row.teacher_name}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-500">{t('subject_activities.submit.starts')}</dt>
        <dd className="text-slate-900">{activityTime(row.starts_at, lang)}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-500">{t('subject_activities.submit.due')}</dt>
        <dd className="text-slate-900">{activityTime(row.due_at, lang)}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-500">{t('subject_activities.submit.fullMark')}</dt>
        <dd className="text-slate-900">{formatNumber(row.full_mark, lang)}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-500">{t('subject_activities.submit.attachment')}</dt>
        <dd>
          {row.file_url ? (
            <DownloadButton url={row.file_url} name={row.file_name ?? 'file'} />
          ) : (
            t('subject_activities.submit.noAttachment')
          )}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-500">{t('subject_activities.submit.questions')}</dt>
        <dd className="whitespace-pre-line break-words text-slate-900">{row.questions}</dd>
      </div>
    </dl>
  );
}

function OwnAnswer({ row }: { row: StudentSubjectActivityRow }) {
  const { t, lang } = useI18n();
  const mine = row.submission;
  if (!mine) return <p className="mt-4 text-sm text-slate-600">{t('subject_activities.submit.notAnswered')}</p>;
  return (
    <section className="mt-4 rounded-lg bg-slate-50 p-3 text-sm" aria-label={t('subject_activities.submit.yourAnswer')}>
      <h3 className="font-semibold text-slate-900">{t('subject_activities.submit.yourAnswer')}</h3>
      <p className="text-slate-600">
        {t('subject_activities.submit.sentAt', { time: activityTime(mine.submission_time, lang) })}
      </p>
      {mine.answer ? <p className="mt-2 whitespace-pre-line break-words text-slate-900">{mine.answer}</p> : null}
      {mine.file_url ? <DownloadButton url={mine.file_url} name={mine.file_name ?? 'file'} /> : null}
      <p className="mt-2 font-semibold text-slate-900" data-testid="activity-mark">
        {mine.mark === null
          ? t('subject_activities.submit.notMarked')
          : t('subject_activities.submit.mark', {
              mark: markText(mine.mark, lang),
              full: formatNumber(row.full_mark, lang),
            })}
      </p>
      {mine.feedback ? (
        <p className="mt-1 text-slate-700">{t('subject_activities.submit.feedback', { text: mine.feedback })}</p>
      ) : null}
    </section>
  );
}

function AnswerForm() {
  const { t } = useI18n();
  const actor = ActivitySubmit.useActorRef();
  const answer = ActivitySubmit.useSelector((s) => s.context.answer);
  const file = ActivitySubmit.useSelector((s) => s.context.file);
  const progress = ActivitySubmit.useSelector((s) => s.context.progress);
  const error = ActivitySubmit.useSelector((s) => s.context.error);
  const feedback = ActivitySubmit.useSelector((s) => s.context.feedback);
  const busy = ActivitySubmit.useSelector((s) => s.hasTag('busy'));
  const done = ActivitySubmit.useSelector((s) => s.hasTag('done'));
  const failed = ActivitySubmit.useSelector((s) => s.hasTag('failed'));
  const canRetry = ActivitySubmit.useSelector((s) => s.can({ type: 'answer.retry' }));
  const dirty = ActivitySubmit.useSelector((s) => s.context.file !== null);
  const errorText = useErrorText();
  const fieldError = useActivityFieldError();
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  useUnsavedChanges((dirty && !done) || busy);
  useActivityFeedbackToast(feedback);
  useEffect(() => {
    if (!done) return;
    void qc.invalidateQueries({ queryKey: subjectActivityKeys.all });
    navigate('/studentactivities');
  }, [done, qc, navigate]);
  const answerError = fieldError('answer', error?.fields.answer);
  return (
    <form
      noValidate
      className="mt-4 grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'answer.submit' });
      }}
    >
      <p className="text-xs text-slate-500 sm:col-span-2">{t('subject_activities.submit.resubmitHint')}</p>
      <div className="sm:col-span-2">
        <label htmlFor="activity-answer" className="block text-sm font-medium text-slate-800">
          {t('subject_activities.fields.answer')}
        </label>
        <textarea
          id="activity-answer"
          value={answer}
          rows={6}
          maxLength={5000}
          disabled={busy}
          aria-invalid={answerError ? true : undefined}
          aria-describedby={answerError ? 'activity-answer-error' : undefined}
          onChange={(e) => actor.send({ type: 'answer.text', value: e.target.value })}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
        />
        {answerError ? (
          <p id="activity-answer-error" className="mt-1 text-sm text-red-700">
            {answerError}
          </p>
        ) : null}
      </div>
      <FileField
        label={t('subject_activities.submit.yourFile')}
        hint={t('subject_activities.submit.fileHint', { mb: MAX_UPLOAD_MB })}
        file={file}
        disabled={busy}
        error={fieldError('file', error?.fields.file)}
        onFile={(f) => actor.send({ type: 'answer.file', file: f })}
      />
      <UploadBar progress={busy ? progress : null} />
      {failed && error && !error.fields.answer ? (
        <Alert
          className="sm:col-span-2"
          onRetry={canRetry ? () => actor.send({ type: 'answer.retry' }) : undefined}
          retryLabel={t('common.tryAgain')}
        >
          {errorText(error.cause ?? error.message)} {t('subject_activities.failedKept')}
        </Alert>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy || done} className="w-full sm:w-auto">
          {t('subject_activities.submit.submit')}
        </Button>
      </div>
    </form>
  );
}
