/**
 * /student-eschool: a student's sections' online classes, or, for a viewer, the chosen
 * school's with a section filter; for a guardian the sections of the child chosen by
 * `?student=`. Upcoming first, paged, read-only. The page and filter are in the address.
 */
import { useQuery } from '@tanstack/react-query';
import { onlineClassesQuery } from '@/api/eschool';
import { ESCHOOL_PAGE } from '@/api/schemas/eschool';
import { lookupSectionsQuery } from '@/api/lookups';
import { can } from '@/api/permissions';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { StudentInView } from '@/screens/guardians/student-in-view';
import { QueryState } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import { OnlineClassTable } from './class-table';

const DEFAULTS = { page: '1', section_id: '' };

export default function StudentEschool() {
  const { userType } = useSignedIn();
  if (!can(userType, 'page.guardian-dashboard')) return <EschoolList studentId={undefined} />;
  return <StudentInView>{(s) => <EschoolList studentId={s.queryId} />}</StudentInView>;
}

function EschoolList({ studentId }: { studentId: number | undefined }) {
  const { t } = useI18n();
  const { name } = useNames();
  const { userType, school } = useSignedIn();
  // A viewer reads the chosen school's classes; a student only their own sections'.
  const staffView = !can(userType, 'activity.student') && can(userType, 'eschool.list');
  const schoolInfoId = staffView ? school?.id : undefined;
  const [f, setF] = useSearchState(DEFAULTS);
  const page = Math.max(1, Number(f.page) || 1);
  const limit = ESCHOOL_PAGE.defaultLimit;
  const sections = useQuery({ ...lookupSectionsQuery({ school_info_id: schoolInfoId }), enabled: staffView });
  const list = useQuery(
    onlineClassesQuery({
      school_info_id: schoolInfoId,
      student_id: studentId,
      section_id: f.section_id ? Number(f.section_id) : undefined,
      limit,
      offset: (page - 1) * limit,
    }),
  );
  return (
    <>
      <PageHeader title={t('eschoolArea.eschool.studentTitle')} kicker={staffView ? school?.school_name : null} />
      <p className="-mt-4 mb-4 text-sm text-slate-600">
        {t(staffView ? 'eschoolArea.eschool.viewerIntro' : 'eschoolArea.eschool.studentIntro')}
      </p>
      {staffView ? (
        <div className="mb-4 max-w-xs">
          <SelectField
            label={t('eschoolArea.eschool.section')}
            value={f.section_id}
            onChange={(v) => setF({ section_id: v, page: '1' })}
            placeholder={t('eschoolArea.eschool.allSections')}
            options={(sections.data ?? []).map((s) => ({
              value: String(s.id),
              label: `${name('classes', s.class_name)} ${s.section_default_name}`,
            }))}
          />
        </div>
      ) : null}
      <QueryState
        query={list}
        what={t('eschoolArea.eschool.what')}
        loadingLabel={t('eschoolArea.eschool.loading')}
        empty={t('eschoolArea.eschool.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <OnlineClassTable rows={data.rows} />
            <Pagination
              page={page}
              pageSize={limit}
              total={data.total}
              onPage={(p) => setF({ page: String(p) })}
              label={t('eschoolArea.eschool.pages')}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
