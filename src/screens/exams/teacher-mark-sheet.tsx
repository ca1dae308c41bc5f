/**
 * /teachermark: the teacher's marks sheet of one exam (spec part 2 §Exams: "Teacher Marks Sheet
 * view hides rows with zero marks"), with the same filters as mark entry, in the address. Here a
 * 0 is a real mark and is listed; what is hidden is a student with no mark entered. A mark the
 * caller may change can be deleted (DELETE /api/exam_marks/{id}) after "Are you sure to delete?";
 * once the session's results are published nothing can be deleted.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { examKeys, markEntrySheetQuery } from '@/api/exams';
import { markDeleteMachine } from '@/machines/mark-delete.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { localDigits } from '@/i18n/digits';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { MarkFiltersForm, useMarkFilters } from './mark-entry-filters';
import { examAnswerText, markLabel } from './mark-format';
import type { MarkEntryQuery } from '@/machines/mark-entry.machine';
import { useFlow } from '@/ui/use-flow';

export default function TeacherMarkSheetScreen() {
  const { profile } = useSignedIn();
  const { t } = useI18n();
  const filters = useMarkFilters();
  return (
    <div className="space-y-4">
      <PageHeader kicker={profile.school_name} title={t('markEntry.sheetPageTitle')} />
      <Card>
        <MarkFiltersForm filters={filters} onSubmit={() => undefined} />
      </Card>
      {filters.query ? <Marks query={filters.query} /> : null}
    </div>
  );
}

function Marks({ query }: { query: MarkEntryQuery }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const sheet = useQuery(markEntrySheetQuery(query));
  const toast = useToast();
  const [state, send] = useFlow(markDeleteMachine, { invalidates: [examKeys.all], on: 'deleted' });
  const pending = state.context.pending;
  const done = state.context.done;
  useEffect(() => {
    if (done) toast.show(examAnswerText(done), 'success');
  }, [done, toast]);
  const failure = state.context.error;
  const head = [
    t('markEntry.columns.studentId'),
    t('markEntry.columns.name'),
    t('markEntry.columns.marks'),
    t('markEntry.columns.action'),
  ];

  return (
    <Card>
      <QueryState query={sheet} what={t('markEntry.teacherSheet.caption')} loadingLabel={t('markEntry.sheet.loading')}>
        {(data) => {
          const marked = data.rows.filter((r) => r.marks_obtained !== null);
          const hidden = data.rows.length - marked.length;
          const e = data.exam;
          return (
            <>
              <div className="mb-4">
                <h2 className="text-lg font-semibold text-slate-900">{t('markEntry.sheetPageTitle')}</h2>
                <p className="text-sm text-slate-600">
                  {t('markEntry.sheet.examLine', {
                    exam: name('exam_types', e.exam_name),
                    subject: name('subjects', e.subject_name),
                    class: name('classes', e.class_name),
                    section: e.section_default_name,
                    session: localDigits(e.session_year, lang),
                  })}{' '}
                  · {t('markEntry.sheet.fullMarks', { full: localDigits(String(e.full_marks), lang) })}
                </p>
              </div>
              {data.locked ? (
                <Alert tone="info" className="mb-3">
                  <p>{t('markEntry.teacherSheet.lockedNote')}</p>
                </Alert>
              ) : null}
              {failure ? (
                <Alert tone="error" className="mb-3">
                  <p>{t('markEntry.teacherSheet.couldNotDelete', { error: examAnswerText(failure) })}</p>
                </Alert>
              ) : null}
              {marked.length === 0 ? (
                <EmptyState>{t('markEntry.teacherSheet.noMarks')}</EmptyState>
              ) : (
                <DataTable cards caption={t('markEntry.teacherSheet.caption')} head={head} minWidth="0">
                  {marked.map((r) => (
                    <tr key={r.student_id}>
                      <Td label={head[0]} className="font-mono break-all">
                        {r.student_code}
                      </Td>
                      <Td label={head[1]}>{r.name}</Td>
                      <Td label={head[2]} className="font-semibold">
                        {markLabel(r.marks_obtained, lang)}
                      </Td>
                      <Td label={head[3]}>
                        {!data.locked && r.mark_id !== null ? (
                          <Button
                            variant="secondary"
                            aria-label={t('markEntry.teacherSheet.deleteOf', { name: r.name })}
                            disabled={state.hasTag('busy')}
                            onClick={() =>
                              send({
                                type: 'marks.delete',
                                markId: r.mark_id!,
                                studentName: r.name,
                                studentCode: r.student_code,
                              })
                            }
                          >
                            {t('markEntry.teacherSheet.delete')}
                          </Button>
                        ) : null}
                      </Td>
                    </tr>
                  ))}
                </DataTable>
              )}
              {hidden > 0 ? (
                <p className="mt-3 text-sm text-slate-600">
                  {t('markEntry.teacherSheet.hidden', { count: hidden, n: localDigits(String(hidden), lang) })}
                </p>
              ) : null}
            </>
          );
        }}
      </QueryState>
      <ConfirmDialog
        open={state.hasTag('confirm')}
        busy={state.hasTag('busy')}
        tone="danger"
        title={t('markEntry.teacherSheet.confirmTitle')}
        confirmLabel={t('markEntry.teacherSheet.delete')}
        onConfirm={() => send({ type: 'marks.confirm' })}
        onCancel={() => send({ type: 'marks.cancel' })}
      >
        <p>
          {pending
            ? t('markEntry.teacherSheet.confirmText', { name: pending.studentName, code: pending.studentCode })
            : null}
        </p>
      </ConfirmDialog>
    </Card>
  );
}
