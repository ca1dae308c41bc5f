/**
 * /studentactivities: the student's subject activities as cards (subject, title, teacher, due
 * time, state), latest due first, a page at a time, each saying whether the student answered and
 * the mark once given, and opening /studentactivitysubmit for it. A guardian reads a linked
 * child's, chosen by `?student=`, read-only (docs/DOMAIN.md, "Exams and grades", subject
 * activities).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { SUBJECT_ACTIVITY_PAGE, type StudentSubjectActivityRow } from '@/api/schemas/subject-activities';
import { studentActivitiesQuery } from '@/api/subject-activities';
import { formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import { StudentInView, forChild, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { activityTime, markText, StateBadge } from './parts';

export default function StudentActivities() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('subject_activities.student.title')} />
      <StudentInView>{(student) => <ActivityList student={student} />}</StudentInView>
    </>
  );
}

function ActivityList({ student }: { student: ViewedStudent }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchState({ page: '1' });
  const page = Math.max(1, Number(params.page) || 1);
  const size = SUBJECT_ACTIVITY_PAGE.defaultLimit;
  const list = useQuery(
    studentActivitiesQuery({ limit: size, offset: (page - 1) * size, student_id: student.queryId }),
  );
  const readOnly = student.child !== null;
  return (
    <>
      {readOnly && (
        <p className="mb-3 text-sm text-slate-600">
          {t('subject_activities.student.childReadOnly', { name: student.full_name })}
        </p>
      )}
      <QueryState
        query={list}
        what={t('subject_activities.list.what')}
        loadingLabel={t('subject_activities.list.loading')}
        empty={t('subject_activities.list.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('subject_activities.student.list')}>
              {data.rows.map((row) => (
                <ActivityCard key={row.id} row={row} childId={student.child ? student.id : null} />
              ))}
            </ul>
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
    </>
  );
}

function ActivityCard({ row, childId }: { row: StudentSubjectActivityRow; childId: number | null }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const mine = row.submission;
  const href = `/studentactivitysubmit?activity=${row.id}`;
  return (
    <li className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="flex items-center justify-between gap-2 text-sm font-medium text-indigo-700">
        {name('subjects', row.subject_name)} <StateBadge state={row.state} />
      </p>
      <h2 className="mt-1 break-words font-semibold text-slate-900">{row.title}</h2>
      <p className="mt-2 line-clamp-4 whitespace-pre-line break-words text-sm text-slate-700">{row.questions}</p>
      <p className="mt-3 text-sm text-slate-600">
        {t('subject_activities.student.teacher', { name: row.teacher_name })}
      </p>
      <p className="text-sm font-semibold text-slate-800">
        {t('subject_activities.student.due', { date: activityTime(row.due_at, lang) })}
      </p>
      <p className={`mt-1 text-sm ${mine ? 'text-emerald-700' : 'text-red-700'}`}>
        {mine && mine.mark !== null
          ? t('subject_activities.student.status.marked', {
              mark: markText(mine.mark, lang),
              full: formatNumber(row.full_mark, lang),
            })
          : t(`subject_activities.student.status.${mine ? 'submitted' : 'none'}`)}
      </p>
      <Link
        href={childId ? `${forChild(href.split('?')[0], childId)}&activity=${row.id}` : href}
        aria-label={t('subject_activities.student.openTitle', { title: row.title })}
        className="mt-3 inline-flex min-h-11 items-center justify-center rounded-md bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700"
      >
        {t('subject_activities.student.open')}
      </Link>
    </li>
  );
}
