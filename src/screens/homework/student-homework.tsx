/**
 * /studenthomework: the student's homework as cards (topic, subject, details, teacher name and
 * "Last Date"), newest first, a page at a time, each saying whether the student has answered and
 * opening /studenthomeworksubmit for it. A guardian reads a linked child's, chosen by
 * `?student=`, read-only: no link to answer it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { HOMEWORK_PAGE, type StudentHomeworkRow } from '@/api/schemas/homework';
import { studentHomeworkQuery } from '@/api/homework';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { QueryState } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import { schoolToday } from '@/api/school-time';
import { DownloadButton, DueBadge, dueState, homeworkDate } from './parts';
import { MarkNote } from './mark-cell';

export default function StudentHomework() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('homework.student.title')} />
      <StudentInView>{(student) => <HomeworkList student={student} />}</StudentInView>
    </>
  );
}

function HomeworkList({ student }: { student: ViewedStudent }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchState({ page: '1' });
  const page = Math.max(1, Number(params.page) || 1);
  const size = HOMEWORK_PAGE.defaultLimit;
  const list = useQuery(studentHomeworkQuery({ limit: size, offset: (page - 1) * size, student_id: student.queryId }));
  const readOnly = student.child !== null;
  return (
    <>
      {readOnly && (
        <p className="mb-3 text-sm text-slate-600">
          {t('homework.student.childReadOnly', { name: student.full_name })}
        </p>
      )}
      <QueryState
        query={list}
        what={t('homework.list.what')}
        loadingLabel={t('homework.list.loading')}
        empty={t('homework.list.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('homework.student.list')}>
              {data.rows.map((row) => (
                <HomeworkCard key={row.id} row={row} readOnly={readOnly} />
              ))}
            </ul>
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
    </>
  );
}

function HomeworkCard({ row, readOnly }: { row: StudentHomeworkRow; readOnly: boolean }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const status = row.submission?.status ?? 'none';
  const today = schoolToday();
  return (
    <li className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm font-medium text-indigo-700">{name('subjects', row.subject_name)}</p>
      <h2 className="mt-1 break-words font-semibold text-slate-900">{row.topic}</h2>
      <p className="mt-2 line-clamp-4 whitespace-pre-line break-words text-sm text-slate-700">{row.details}</p>
      <p className="mt-3 text-sm text-slate-600">{t('homework.student.teacher', { name: row.teacher_name })}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-800">
        {t('homework.student.lastDate', { date: homeworkDate(row.due_date, lang) })}
        <DueBadge state={dueState(row.due_date, status !== 'none', today)} />
      </p>
      <p className={`mt-1 text-sm ${status === 'none' ? 'text-red-700' : 'text-emerald-700'}`}>
        {t(`homework.student.status.${status}`)}
      </p>
      {row.submission ? (
        // The teacher's mark and feedback (docs/DOMAIN.md, "Homework marks"), for the student and guardians.
        <div className="mt-2 rounded-md bg-slate-50 p-2 text-sm" data-testid="homework-mark">
          <p className="font-medium text-slate-600">{t('profiles.marks.mark')}</p>
          <MarkNote mark={row.submission.mark ?? null} feedback={row.submission.feedback ?? null} />
        </div>
      ) : null}
      {readOnly && row.file_url ? (
        // A guardian reads the attachment here (the server links it with the child named).
        <div className="mt-3">
          <DownloadButton url={row.file_url} name={row.file_name ?? 'file'} />
        </div>
      ) : null}
      {!readOnly && (
        <Link
          href={`/studenthomeworksubmit?homework=${row.id}`}
          aria-label={t('homework.student.openTopic', { topic: row.topic })}
          className="mt-3 inline-flex min-h-11 items-center justify-center rounded-md bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          {t('homework.student.open')}
        </Link>
      )}
    </li>
  );
}
