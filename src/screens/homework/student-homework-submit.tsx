/**
 * /studenthomeworksubmit?homework=<id>: the homework (attachment link, teacher, due date,
 * details) and the student's file (required), sent with a progress bar by the homework submit
 * machine; on success the student goes back to the list (spec part 2, section 4). A failed upload
 * keeps the chosen file, with "Try again" when retrying can help.
 */
import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { homeworkKeys, studentHomeworkOneQuery } from '@/api/homework';
import { schoolToday } from '@/api/school-time';
import type { StudentHomeworkRow } from '@/api/schemas/homework';
import { homeworkSubmitMachine } from '@/machines/homework-submit.machine';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { linkStyle } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import {
  DownloadButton,
  FileField,
  homeworkDate,
  MAX_UPLOAD_MB,
  submittedAt,
  UploadBar,
  useFeedbackToast,
  useFieldError,
} from './parts';
import { MarkNote } from './mark-cell';

export const HomeworkSubmit = createActorContext(homeworkSubmitMachine);

export default function StudentHomeworkSubmit() {
  const { t } = useI18n();
  const [params] = useSearchState({ homework: '' });
  const id = /^\d+$/.test(params.homework) ? Number(params.homework) : 0;
  const one = useQuery({ ...studentHomeworkOneQuery(id), enabled: id > 0 });
  const back = (
    <Link href="/studenthomework" className={`inline-flex min-h-11 items-center text-sm ${linkStyle}`}>
      {t('homework.submit.backToList')}
    </Link>
  );
  return (
    <>
      <PageHeader title={t('homework.submit.title')}>{back}</PageHeader>
      {id ? (
        <QueryState query={one} what={t('homework.list.what')} loadingLabel={t('homework.list.loading')}>
          {(row) => (
            <HomeworkSubmit.Provider
              key={row.id}
              logic={homeworkSubmitMachine}
              options={{ input: { homeworkId: row.id } }}
            >
              <SubmitCard row={row} />
            </HomeworkSubmit.Provider>
          )}
        </QueryState>
      ) : (
        <Alert tone="info">{t('homework.submit.notFound')}</Alert>
      )}
    </>
  );
}

function SubmitCard({ row }: { row: StudentHomeworkRow }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const actor = HomeworkSubmit.useActorRef();
  const file = HomeworkSubmit.useSelector((s) => s.context.file);
  const progress = HomeworkSubmit.useSelector((s) => s.context.progress);
  const error = HomeworkSubmit.useSelector((s) => s.context.error);
  const feedback = HomeworkSubmit.useSelector((s) => s.context.feedback);
  const busy = HomeworkSubmit.useSelector((s) => s.hasTag('busy'));
  const done = HomeworkSubmit.useSelector((s) => s.hasTag('done'));
  const failed = HomeworkSubmit.useSelector((s) => s.hasTag('failed'));
  const canRetry = HomeworkSubmit.useSelector((s) => s.can({ type: 'homework.retry' }));
  const errorText = useErrorText();
  const fieldError = useFieldError();
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  useUnsavedChanges((file !== null && !done) || busy);
  useFeedbackToast(feedback);
  useEffect(() => {
    if (!done) return;
    void qc.invalidateQueries({ queryKey: homeworkKeys.all });
    navigate('/studenthomework');
  }, [done, qc, navigate]);
  const closed = useMemo(() => schoolToday() > row.due_date, [row.due_date]);
  const mine = row.submission;

  return (
    <Card title={row.topic}>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">{t('homework.submit.attachment')}</dt>
          <dd>
            {row.file_url ? (
              <DownloadButton url={row.file_url} name={row.file_name ?? 'file'} />
            ) : (
              t('homework.submit.noAttachment')
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('homework.submit.teacher')}</dt>
          <dd className="text-slate-900">{row.teacher_name}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('homework.submit.due')}</dt>
          <dd className="text-slate-900">{homeworkDate(row.due_date, lang)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('homework.fields.subject_id')}</dt>
          <dd className="text-slate-900">{name('subjects', row.subject_name)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-slate-500">{t('homework.submit.details')}</dt>
          <dd className="whitespace-pre-line break-words text-slate-900">{row.details}</dd>
        </div>
      </dl>
      {mine ? (
        <p className="mt-4 text-sm text-slate-700">
          {t('homework.submit.yourAnswer', {
            name: mine.file_name,
            status: `${t(`homework.student.status.${mine.status}`)}, ${submittedAt(mine.submission_time, lang)}`,
          })}{' '}
          <DownloadButton url={mine.file_url} name={mine.file_name} />
        </p>
      ) : null}
      {mine ? (
        <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm" data-testid="homework-mark">
          <p className="font-medium text-slate-600">{t('profiles.marks.yourMark')}</p>
          <MarkNote mark={mine.mark ?? null} feedback={mine.feedback ?? null} />
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        {closed ? t('homework.submit.closedHint') : t('homework.submit.resubmitHint')}
      </p>
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'homework.submit' });
        }}
      >
        <FileField
          label={t('homework.submit.yourFile')}
          hint={t('homework.requiredFile', { mb: MAX_UPLOAD_MB })}
          file={file}
          required
          disabled={busy}
          error={fieldError('file', error?.fields.file)}
          onFile={(f) => actor.send({ type: 'homework.file', file: f })}
        />
        <UploadBar progress={busy ? progress : null} />
        {failed && error ? (
          <Alert
            className="sm:col-span-2"
            onRetry={canRetry ? () => actor.send({ type: 'homework.retry' }) : undefined}
            retryLabel={t('common.tryAgain')}
          >
            {errorText(error.cause ?? error.message)} {t('homework.failedKept')}
          </Alert>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy || done} className="w-full sm:w-auto">
            {t('homework.submit.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
