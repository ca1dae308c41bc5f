/** /routine: the signed-in teacher's week, day by day. */
import { useQuery } from '@tanstack/react-query';
import { teacherRoutineQuery } from '@/api/routines';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { WeekRoutine } from './week-routine';
import { OwnWeek } from './week-grid';
import { useI18n } from '@/i18n/i18n';

export default function TeacherRoutineScreen() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  const routine = useQuery(teacherRoutineQuery(profile.id));
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.myRoutine')} />
      <QueryState
        query={routine}
        what={t('shell.dashboard.yourRoutineWhat')}
        loadingLabel={t('shell.dashboard.loadingRoutine')}
        empty={t('shell.dashboard.noClasses')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <OwnWeek
            rows={rows}
            subject="teacher"
            title={
              profile.first_name
                ? `${profile.first_name} ${profile.last_name ?? ''}`.trim()
                : t('shell.pages.myRoutine')
            }
            cards={<WeekRoutine rows={rows} show="class" />}
          />
        )}
      </QueryState>
    </>
  );
}
