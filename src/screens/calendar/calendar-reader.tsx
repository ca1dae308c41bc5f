/**
 * The read-only Academic Calendar (spec part 2: "Student and teacher calendar tables are
 * read-only"): the student's, the teacher's and the viewer's (the chosen school's) screens differ
 * only in the call they read with.
 */
import type { CalendarReader } from '@/api/calendar';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState } from '@/ui/status';
import { useI18n } from '@/i18n/i18n';
import { CalendarBody, CalendarToolbar, useCalendarFilters } from './calendar-views';

export function ReadOnlyCalendar({
  reader,
  viewer = false,
  child,
}: {
  reader: CalendarReader;
  viewer?: boolean;
  /** A guardian's child: the calendar of the child's school. */
  child?: { school_info_id: number | null; school_name: string | null };
}) {
  const { profile, school } = useSignedIn();
  const { t } = useI18n();
  const [filters] = useCalendarFilters();
  const schoolName = child ? child.school_name : viewer ? school?.school_name : profile.school_name;
  const schoolInfoId = child ? (child.school_info_id ?? undefined) : viewer ? school?.id : undefined;
  return (
    <>
      <PageHeader kicker={schoolName ?? undefined} title={t('calendar.readTitle')} />
      <Card>
        {viewer && !school ? (
          <EmptyState>{t('calendar.chooseSchool')}</EmptyState>
        ) : (
          <>
            <CalendarToolbar filters={filters} />
            <CalendarBody reader={reader} schoolInfoId={schoolInfoId} filters={filters} />
          </>
        )}
      </Card>
    </>
  );
}
