/**
 * /activitysubmitlist?activity=<id>: every student of the activity's section with their answer
 * (text, file, time) and mark, a page at a time; the activity's teacher marks each answer in a
 * dialog (0 to the full mark, feedback) through the subject activity mark machine. Saved marks
 * reload the list, and they are the subject's Extra Curriculum on the grade sheet (docs/DOMAIN.md,
 * "Exams and grades", subject activities).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  SUBJECT_ACTIVITY_SUBMISSION_PAGE,
  type ActivityAnswerRow,
  type ActivityAnswerStatus,
} from '@/api/schemas/subject-activities';
import { activityAnswersQuery, subjectActivityKeys } from '@/api/subject-activities';
import { subjectActivityMarkMachine } from '@/machines/subject-activity-mark.machine';
import { useErrorText } from '@/i18n/errors';
import { formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { SimpleDialog } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useFlow } from '@/ui/use-flow';
import { useSearchState } from '@/ui/use-search-state';
import { DownloadButton } from '@/screens/homework/parts';
import { activityTime, markText, StateBadge, useActivityFeedbackToast, useActivityFieldError } from './parts';

const TONE: Record<ActivityAnswerStatus, string> = {
  marked: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  submitted: 'bg-amber-50 text-amber-900 ring-amber-200',
  missing: 'bg-red-50 text-red-800 ring-red-200',
};

export default function ActivityAnswers() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [params, setParams] = useSearchState({ activity: '', page: '1' });
  const id = /^\d+$/.test(params.activity) ? Number(params.activity) : 0;
  const page = Math.max(1, Number(params.page) || 1);
  const size = SUBJECT_ACTIVITY_SUBMISSION_PAGE.defaultLimit;
  const list = useQuery({ ...activityAnswersQuery(id, { limit: size, offset: (page - 1) * size }), enabled: id > 0 });
  const [state, send] = useFlow(subjectActivityMarkMachine, { invalidates: [subjectActivityKeys.all], on: 'saved' });
  useActivityFeedbackToast(state.context.saved);
  const back = (
    <Link href="/teacheractivity" className={`inline-flex min-h-11 items-center text-sm ${linkStyle}`}>
      {t('subject_activities.answers.back')}
    </Link>
  );
  if (!id) {
    return (
      <>
        <PageHeader title={t('subject_activities.answers.title')}>{back}</PageHeader>
        <Alert tone="info">{t('subject_activities.answers.noActivity')}</Alert>
      </>
    );
  }
  const act = list.data?.activity;
  const open = (row: ActivityAnswerRow) =>
    act &&
    row.submission_id !== null &&
    send({
      type: 'mark.open',
      target: {
        submissionId: row.submission_id,
        studentName: row.full_name,
        fullMark: act.full_mark,
        mark: row.mark,
        feedback: row.feedback,
      },
    });
  return (
    <>
      <PageHeader
        title={t('subject_activities.answers.title')}
        kicker={
          act
            ? `${act.title} · ${name('classes', act.class_name)} ${act.section_local_name} · ${name('subjects', act.subject_name)}`
            : undefined
        }
      >
        {back}
      </PageHeader>
      {act ? (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <StateBadge state={act.state} />
          {activityTime(act.starts_at, lang)} – {activityTime(act.due_at, lang)} ·{' '}
          {t('subject_activities.submit.fullMark')}: {formatNumber(act.full_mark, lang)}
        </p>
      ) : null}
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
              caption={t('subject_activities.answers.caption')}
              head={[
                t('subject_activities.answers.head.id'),
                t('subject_activities.answers.head.name'),
                t('subject_activities.answers.head.status'),
                t('subject_activities.answers.head.time'),
                t('subject_activities.answers.head.answer'),
                t('subject_activities.answers.head.file'),
                t('subject_activities.answers.head.mark'),
                t('subject_activities.answers.head.action'),
              ]}
            >
              {data.rows.map((row) => (
                <tr key={row.student_id}>
                  <Td label={t('subject_activities.answers.head.id')}>{row.student_code}</Td>
                  <Td label={t('subject_activities.answers.head.name')} className="font-semibold text-slate-900">
                    {row.full_name}
                  </Td>
                  <Td label={t('subject_activities.answers.head.status')}>
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONE[row.status]}`}
                    >
                      {t(`subject_activities.answers.status.${row.status}`)}
                    </span>
                  </Td>
                  <Td label={t('subject_activities.answers.head.time')}>
                    {row.submission_time ? activityTime(row.submission_time, lang) : '—'}
                  </Td>
                  <Td label={t('subject_activities.answers.head.answer')}>
                    <span className="whitespace-pre-line break-words">{row.answer || '—'}</span>
                  </Td>
                  <Td label={t('subject_activities.answers.head.file')}>
                    {row.file_url ? <DownloadButton url={row.file_url} name={row.file_name ?? 'file'} /> : '—'}
                  </Td>
                  <Td label={t('subject_activities.answers.head.mark')}>
                    {row.mark === null
                      ? '—'
                      : t('subject_activities.answers.markOf', {
                          mark: markText(row.mark, lang),
                          full: formatNumber(data.activity.full_mark, lang),
                        })}
                  </Td>
                  <Td label={t('subject_activities.answers.head.action')}>
                    {row.submission_id !== null ? (
                      <Button
                        variant="secondary"
                        aria-label={t('subject_activities.answers.giveMarkFor', { name: row.full_name })}
                        onClick={() => open(row)}
                      >
                        {row.mark === null
                          ? t('subject_activities.answers.giveMark')
                          : t('subject_activities.answers.changeMark')}
                      </Button>
                    ) : null}
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
      <MarkDialog state={state} send={send} />
    </>
  );
}

type Flow = ReturnType<typeof useFlow<typeof subjectActivityMarkMachine>>;

function MarkDialog({ state, send }: { state: Flow[0]; send: Flow[1] }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const fieldError = useActivityFieldError();
  const target = state.context.target;
  const open = target !== null && (state.hasTag('form') || state.hasTag('busy'));
  const busy = state.hasTag('busy');
  const failed = state.hasTag('failed');
  const serverFields = (state.context.error as { fields?: Record<string, string> } | null)?.fields ?? {};
  const fe = (field: 'mark' | 'feedback') =>
    fieldError(field, state.context.fields[field] || serverFields[field] || null);
  return (
    <SimpleDialog
      open={open}
      onClose={() => send({ type: 'mark.cancel' })}
      title={target ? t('subject_activities.answers.dialogTitle', { name: target.studentName }) : ''}
      closeLabel={t('common.cancel')}
      focusFirstField
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'mark.save' });
        }}
      >
        <TextField
          label={t('subject_activities.fields.mark')}
          hint={
            target ? t('subject_activities.answers.outOf', { full: formatNumber(target.fullMark, lang) }) : undefined
          }
          inputMode="decimal"
          value={state.context.mark}
          onChange={(e) => send({ type: 'mark.field', field: 'mark', value: e.target.value })}
          error={fe('mark')}
          disabled={busy}
          required
        />
        <div>
          <label htmlFor="activity-feedback" className="block text-sm font-medium text-slate-800">
            {t('subject_activities.fields.feedback')}
          </label>
          <textarea
            id="activity-feedback"
            value={state.context.feedback}
            rows={3}
            maxLength={1000}
            disabled={busy}
            onChange={(e) => send({ type: 'mark.field', field: 'feedback', value: e.target.value })}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
          />
        </div>
        {failed && state.context.error ? (
          <Alert
            onRetry={state.can({ type: 'mark.retry' }) ? () => send({ type: 'mark.retry' }) : undefined}
            retryLabel={t('common.tryAgain')}
          >
            {errorText(state.context.error)}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {t('subject_activities.answers.save')}
          </Button>
        </div>
      </form>
    </SimpleDialog>
  );
}
