/**
 * /teacher-students (the teacher dashboard's Students tile): the students of the
 * sections the teacher teaches this session, read-only, with a section filter and pages. A new
 * page rather than an existing one: /add-student is the admin's (it writes), and the teacher's
 * sections come from their routine. The list is GET /api/student/section, which already limits a
 * teacher to the sections they teach.
 */
import { useQuery } from '@tanstack/react-query';

import { request } from '@/api/client';
import { onlineClassOptionsQuery } from '@/api/eschool';
import { lookupKeys } from '@/api/lookups';
import { formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { peopleEndpoints } from '@/api/endpoints/people';
import { IdCardsButton } from '@/screens/people/id-cards';

const DEFAULTS = { page: '1', section_id: '' };
const PAGE = 50;

export default function TeacherStudents() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [f, setF] = useSearchState(DEFAULTS);
  const page = Math.max(1, Number(f.page) || 1);
  const options = useQuery(onlineClassOptionsQuery());
  const sections = [
    ...new Map(
      (options.data ?? []).map((o) => [
        o.section_id,
        { value: String(o.section_id), label: `${name('classes', o.class_name)} ${o.section_default_name}` },
      ]),
    ).values(),
  ];
  const list = useQuery({
    queryKey: lookupKeys.sectionStudentsPage(f.section_id ? Number(f.section_id) : 0, page),
    queryFn: async () => {
      let total = 0;
      const rows = await request(peopleEndpoints.studentSection, {
        query: {
          class_id: 0,
          section_id: f.section_id ? Number(f.section_id) : 0,
          limit: PAGE,
          offset: (page - 1) * PAGE,
        },
        onHeaders: (h: Headers) => {
          total = Number(h.get('x-total-count') ?? 0);
        },
      });
      return { rows, total };
    },
  });
  const c = (k: 'roll' | 'code' | 'name' | 'phone') => t(`eschoolArea.students.cols.${k}`);
  return (
    <>
      <PageHeader title={t('eschoolArea.students.title')} />
      <p className="-mt-4 mb-4 text-sm text-slate-600">{t('eschoolArea.students.intro')}</p>
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('eschoolArea.students.section')}
          value={f.section_id}
          onChange={(v) => setF({ section_id: v, page: '1' })}
          placeholder={t('eschoolArea.students.allSections')}
          options={sections}
        />
      </div>
      {f.section_id ? (
        <div className="mb-4">
          <IdCardsButton sectionId={Number(f.section_id)} />
        </div>
      ) : null}
      <QueryState
        query={list}
        what={t('eschoolArea.students.what')}
        loadingLabel={t('eschoolArea.students.loading')}
        empty={t('eschoolArea.students.empty')}
        isEmpty={(d) => d.rows.length === 0}
      >
        {(data) => (
          <>
            <DataTable
              caption={t('eschoolArea.students.caption')}
              cards
              minWidth="36rem"
              head={[c('roll'), c('code'), c('name'), c('phone')]}
            >
              {data.rows.map((r) => (
                <tr key={r.enrolment_id}>
                  <Td label={c('roll')}>{formatNumber(r.class_roll_no, lang)}</Td>
                  <Td label={c('code')}>{r.student_code}</Td>
                  <Td label={c('name')} className="font-semibold">
                    {r.full_name}
                  </Td>
                  <Td label={c('phone')}>{r.mobile_no || '—'}</Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={PAGE}
              total={data.total}
              onPage={(p) => setF({ page: String(p) })}
              label={t('eschoolArea.students.pages')}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
