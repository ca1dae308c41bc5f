/**
 * Who submitted a homework: every student of its section with Student ID, Name, Status
 * (submitted, late, missing), Submission Date and the file. The teacher's /homeworksubmitlist
 * and the admin's and viewer's /submitdetails ("Home Work Submitted Details") share it; the
 * homework is `?homework=<id>` in the address, the page too.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { SUBMISSION_PAGE, type SubmissionStatus } from '@/api/schemas/homework';
import { submitListQuery } from '@/api/homework';
import { formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { can } from '@/api/permissions';
import { useSignedIn } from '@/ui/session';
import { DownloadButton, homeworkDate, submittedAt } from './parts';
import { MarkCell } from './mark-cell';

const TONE: Record<SubmissionStatus, string> = {
  submitted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  late: 'bg-amber-50 text-amber-900 ring-amber-200',
  missing: 'bg-red-50 text-red-800 ring-red-200',
};

export function SubmissionList({ title, backHref }: { title: string; backHref: string }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const { userType } = useSignedIn();
  // The homework's teacher marks answers in the list (docs/DOMAIN.md, "Homework marks"); others read them.
  const marks = can(userType, 'homework.mark');
  const [params, setParams] = useSearchState({ homework: '', page: '1' });
  const id = /^\d+$/.test(params.homework) ? Number(params.homework) : 0;
  const page = Math.max(1, Number(params.page) || 1);
  const size = SUBMISSION_PAGE.defaultLimit;
  const list = useQuery({ ...submitListQuery(id, { limit: size, offset: (page - 1) * size }), enabled: id > 0 });
  const back = (
    <Link href={backHref} className={`inline-flex min-h-11 items-center text-sm ${linkStyle}`}>
      {t('homework.submitList.back')}
    </Link>
  );
  if (!id) {
    return (
      <>
        <PageHeader title={title}>{back}</PageHeader>
        <Alert tone="info">{t('homework.submitList.noHomework')}</Alert>
      </>
    );
  }
  const hw = list.data?.homework;
  return (
    <>
      <PageHeader
        title={title}
        kicker={
          hw
            ? `${hw.topic} · ${name('classes', hw.class_name)} ${hw.section_local_name} · ${name('subjects', hw.subject_name)}`
            : undefined
        }
      >
        {back}
      </PageHeader>
      <Card>
        <QueryState
          query={list}
          what={t('homework.list.what')}
          loadingLabel={t('homework.list.loading')}
          empty={t('homework.list.empty')}
          isEmpty={(d) => d.total === 0}
        >
          {(data) => {
            const count = (s: SubmissionStatus) => formatNumber(data.rows.filter((r) => r.status === s).length, lang);
            return (
              <>
                <p className="mb-3 text-sm text-slate-600">
                  {t('homework.student.lastDate', { date: homeworkDate(data.homework.due_date, lang) })} ·{' '}
                  {t('homework.submitList.summary', {
                    submitted: count('submitted'),
                    late: count('late'),
                    missing: count('missing'),
                  })}
                </p>
                <DataTable
                  cards
                  caption={t('homework.submitList.caption')}
                  head={[
                    t('homework.submitList.head.id'),
                    t('homework.submitList.head.name'),
                    t('homework.submitList.head.status'),
                    t('homework.submitList.head.date'),
                    t('homework.submitList.head.file'),
                    t('profiles.marks.mark'),
                  ]}
                >
                  {data.rows.map((r) => (
                    <tr key={r.student_id}>
                      <Td label={t('homework.submitList.head.id')}>{r.student_code}</Td>
                      <Td label={t('homework.submitList.head.name')}>{r.full_name}</Td>
                      <Td label={t('homework.submitList.head.status')}>
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONE[r.status]}`}>
                          {t(`homework.submitList.status.${r.status}`)}
                        </span>
                      </Td>
                      <Td label={t('homework.submitList.head.date')}>
                        {r.submission_time ? submittedAt(r.submission_time, lang) : t('homework.noFile')}
                      </Td>
                      <Td label={t('homework.submitList.head.file')}>
                        {r.file_url ? (
                          <DownloadButton url={r.file_url} name={r.file_name ?? 'file'} />
                        ) : (
                          t('homework.noFile')
                        )}
                      </Td>
                      <Td label={t('profiles.marks.mark')}>
                        <MarkCell row={r} editable={marks} />
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
            );
          }}
        </QueryState>
      </Card>
    </>
  );
}

/** /homeworksubmitlist (teachers). */
export default function HomeworkSubmitList() {
  const { t } = useI18n();
  return <SubmissionList title={t('homework.submitList.title')} backHref="/teacherhomework" />;
}
