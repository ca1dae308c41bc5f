/**
 * /studentEvaluation: the student's two evaluation tiles, Check Mark Sheet and Check Grade Sheet;
 * a guardian's name the chosen child (`?student=`) for both.
 */
import { Link } from 'wouter';
import { useI18n } from '@/i18n/i18n';
import { PageHeader } from '@/ui/page';
import { forChild, StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';

export default function StudentEvaluation() {
  return <StudentInView>{(s) => <Tiles student={s} />}</StudentInView>;
}

function Tiles({ student }: { student: ViewedStudent }) {
  const { t } = useI18n();
  const to = (path: string) => (student.child ? forChild(path, student.id) : path);
  const links = [
    { to: '/marksheet', label: t('gradesheet.tiles.markSheet'), hint: t('gradesheet.tiles.markSheetHint') },
    { to: '/gradesheet', label: t('gradesheet.tiles.gradeSheet'), hint: t('gradesheet.tiles.gradeSheetHint') },
  ];
  return (
    <>
      <PageHeader kicker={student.school_name ?? undefined} title={t('gradesheet.evaluationTitle')} />
      <nav aria-label={t('gradesheet.evaluationTitle')}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {links.map((link) => (
            <li key={link.to}>
              <Link
                href={to(link.to)}
                className="flex h-full min-h-24 flex-col gap-1 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:bg-indigo-50 hover:ring-indigo-300"
              >
                <span className="text-lg font-semibold text-slate-900">{link.label}</span>
                <span className="text-sm text-slate-600">{link.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
