/**
 * "Registers not taken" on the attendance dashboard (school admin, viewer): the periods of the
 * shown day whose attendance nobody took 15 minutes after they ended, with their teacher, a page
 * at a time (docs/DOMAIN.md, "Attendance": a missing register). Today it grows as periods end.
 */
import { useQuery } from '@tanstack/react-query';
import { untakenQuery } from '@/api/attendance';
import { Card } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatClassTime, num } from './format';

export const UNTAKEN_PAGE_SIZE = 10;

export function UntakenCard({ schoolInfoId, date }: { schoolInfoId: number | undefined; date: string }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [params, setParams] = useSearchState({ untaken_page: '1' });
  const page = Math.max(1, Number(params.untaken_page) || 1);
  const untaken = useQuery(
    untakenQuery({
      school_info_id: schoolInfoId,
      date,
      limit: UNTAKEN_PAGE_SIZE,
      offset: (page - 1) * UNTAKEN_PAGE_SIZE,
    }),
  );
  return (
    <Card title={t('attendance.untaken.title')}>
      <QueryState
        query={untaken}
        what={t('attendance.untaken.what')}
        empty={t('attendance.untaken.none')}
        isEmpty={(p) => p.total === 0}
      >
        {(p) => (
          <>
            <p className="mb-2 text-sm text-slate-700">{t('attendance.untaken.count', { n: num(p.total, lang) })}</p>
            <DataTable
              caption={t('attendance.untaken.title')}
              head={[
                t('attendance.untaken.period'),
                t('attendance.common.class'),
                t('attendance.untaken.subject'),
                t('attendance.untaken.teacher'),
              ]}
              cards
            >
              {p.rows.map((r) => (
                <tr key={`${r.routine_id}-${r.date}`}>
                  <Td label={t('attendance.untaken.period')}>
                    <span className="font-semibold">{r.period_code}</span>{' '}
                    <span className="text-slate-600">{formatClassTime(r.start_time, r.end_time, lang)}</span>
                  </Td>
                  <Td label={t('attendance.common.class')}>
                    {t('attendance.common.classSection', {
                      class: name('classes', r.class_name),
                      section: r.section_default_name,
                    })}
                  </Td>
                  <Td label={t('attendance.untaken.subject')}>{name('subjects', r.subject_name)}</Td>
                  <Td label={t('attendance.untaken.teacher')}>{r.teacher_name}</Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={UNTAKEN_PAGE_SIZE}
              total={p.total}
              onPage={(n) => setParams({ untaken_page: String(n) })}
              label={t('attendance.untaken.pages')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
