/**
 * A homework answer's mark in the submission list (docs/DOMAIN.md, "Homework marks"): the
 * homework's teacher types the mark and feedback in the row and Enter saves
 * (homework-mark.machine.ts); everyone else reads them. A mark typed but not saved is kept and
 * asked about before leaving.
 */
import { fromPromise } from 'xstate';
import { homeworkKeys } from '@/api/homework';
import { saveHomeworkMark } from '@/api/homework-marks';
import { HOMEWORK_MARK_MAX, type HomeworkMarkResponse } from '@/api/schemas/homework-marks';
import type { SubmissionRow } from '@/api/schemas/homework';
import { homeworkMarkMachine, isDirty, type SaveMarkInput } from '@/machines/homework-mark.machine';
import { formatNumber } from '@/i18n/format';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { Button } from '@/ui/button';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useFlow } from '@/ui/use-flow';

/** The mark and feedback as the student, a guardian, an admin or a viewer read them. */
export function MarkNote({ mark, feedback }: { mark: number | null; feedback: string | null }) {
  const { t, lang } = useI18n();
  if (mark === null) return <span className="text-slate-600">{t('profiles.marks.notMarked')}</span>;
  return (
    <span className="block">
      <span className="font-semibold text-slate-900">
        {formatNumber(mark, lang)} {t('profiles.marks.outOf', { max: formatNumber(HOMEWORK_MARK_MAX, lang) })}
      </span>
      {feedback ? <span className="block whitespace-pre-line break-words text-slate-700">{feedback}</span> : null}
    </span>
  );
}

export function MarkCell({ row, editable }: { row: SubmissionRow; editable: boolean }) {
  if (row.submission_id === null) return <span className="text-slate-600">—</span>;
  if (!editable) return <MarkNote mark={row.mark} feedback={row.feedback} />;
  return <MarkForm row={row} submissionId={row.submission_id} />;
}

function MarkForm({ row, submissionId }: { row: SubmissionRow; submissionId: number }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const [state, send] = useFlow(homeworkMarkMachine, {
    input: {
      submissionId,
      max: HOMEWORK_MARK_MAX,
      draft: { mark: row.mark === null ? '' : String(row.mark), feedback: row.feedback ?? '' },
    },
    invalidates: [homeworkKeys.all],
    on: 'markSaved',
    provide: {
      actors: {
        saveMark: fromPromise<HomeworkMarkResponse, SaveMarkInput>(({ input: { idempotencyKey, ...body } }) =>
          saveHomeworkMark(body, { idempotencyKey }),
        ),
      },
    },
  });
  const { draft, problem, failure } = state.context;
  useUnsavedChanges(isDirty(state.context), t('profiles.marks.unsaved'));
  const busy = state.hasTag('busy');
  const errorId = `mark-error-${submissionId}`;
  const stale = row.marked_at !== null && row.submission_time !== null && row.submission_time > row.marked_at;
  return (
    <form
      noValidate
      className="flex min-w-56 flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'mark.save' });
      }}
    >
      <div className="flex items-center gap-2">
        <input
          aria-label={t('profiles.marks.markFor', { name: row.full_name })}
          inputMode="decimal"
          autoComplete="off"
          value={draft.mark}
          onChange={(e) => send({ type: 'mark.mark', value: e.target.value })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem || failure ? errorId : undefined}
          className={`block min-h-11 w-20 rounded-md border px-2 text-base sm:text-sm ${problem ? 'border-red-500' : 'border-slate-300'}`}
        />
        <span className="text-sm text-slate-600">
          {t('profiles.marks.outOf', { max: formatNumber(HOMEWORK_MARK_MAX, lang) })}
        </span>
      </div>
      <input
        aria-label={t('profiles.marks.feedbackFor', { name: row.full_name })}
        placeholder={t('profiles.marks.feedback')}
        value={draft.feedback}
        maxLength={1000}
        onChange={(e) => send({ type: 'mark.feedback', value: e.target.value })}
        className="block min-h-11 w-full rounded-md border border-slate-300 px-2 text-base sm:text-sm"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? t('profiles.marks.saving') : t('profiles.marks.save')}
        </Button>
        <span aria-live="polite" className="text-sm">
          {state.hasTag('saved') ? <span className="text-emerald-700">{t('profiles.marks.saved')}</span> : null}
        </span>
      </div>
      {problem || failure ? (
        <p id={errorId} className="text-sm text-red-700">
          {problem ? t('profiles.marks.range', { max: formatNumber(HOMEWORK_MARK_MAX, lang) }) : errorText(failure)}
        </p>
      ) : null}
      {stale ? <p className="text-xs text-amber-800">{t('profiles.marks.resubmitted')}</p> : null}
    </form>
  );
}
