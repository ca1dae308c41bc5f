/**
 * /teacherdata (a link target the spec leaves without a screen): the school's teachers for the
 * viewer (the chosen school) and the school admin (their own), each opening that teacher's week
 * (`?teacher=<id>`, in the address) as a printable grid.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { teachersQuery } from '@/api/routines';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { WeekOf } from './routine-parts';
import { PrintButton } from './week-grid';

export default function TeacherDataScreen() {
  const { t, lang } = useI18n();
  const { school, profile } = useSignedIn();
  const schoolId = school?.id ?? profile.school_info_id;
  const [params] = useSearchState({ teacher: '' });
  const teachers = useQuery(teachersQuery(schoolId));
  const chosen = teachers.data?.find((x) => String(x.id) === params.teacher);
  return (
    <>
      <PageHeader
        kicker={school?.school_name ?? profile.school_name}
        title={chosen ? t('routines.teachers.weekTitle', { name: chosen.full_name }) : t('shell.pages.teacherData')}
      >
        {chosen ? (
          <div className="flex flex-wrap items-center gap-3 print:hidden">
            <PrintButton />
            <Link href="/teacherdata" className={`inline-flex min-h-11 items-center ${linkStyle}`}>
              {t('routines.teachers.back')}
            </Link>
          </div>
        ) : null}
      </PageHeader>
      <QueryState
        query={teachers}
        what={t('routines.teachers.what')}
        loadingLabel={t('routines.teachers.loading')}
        empty={t('routines.teachers.empty')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) =>
          chosen ? (
            <WeekOf
              schoolId={schoolId}
              by="teacher"
              of={String(chosen.id)}
              title={`${chosen.initial} — ${chosen.full_name}`}
            />
          ) : (
            <DataTable
              caption={t('routines.teachers.caption')}
              cards
              head={[
                t('routines.teachers.initial'),
                t('routines.teachers.name'),
                t('routines.teachers.designation'),
                t('routines.teachers.mobile'),
                t('routines.teachers.week'),
              ]}
            >
              {rows.map((x) => (
                <tr key={x.id}>
                  <Td label={t('routines.teachers.initial')}>{x.initial}</Td>
                  <Td label={t('routines.teachers.name')}>{x.full_name}</Td>
                  <Td label={t('routines.teachers.designation')}>{x.designation}</Td>
                  <Td label={t('routines.teachers.mobile')}>{localDigits(x.mobile, lang)}</Td>
                  <Td label={t('routines.teachers.week')}>
                    <Link
                      href={`/teacherdata?teacher=${x.id}`}
                      className={`inline-flex min-h-11 items-center ${linkStyle}`}
                      aria-label={t('routines.teachers.openWeek', { name: x.full_name })}
                    >
                      {t('routines.teachers.week')}
                    </Link>
                  </Td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </>
  );
}
