/**
 * The viewer's and super admin's schools side by side (docs/DOMAIN.md, "Dashboards"): each
 * school's attendance today, money received this month and the pass rate of the session's marks,
 * a page at a time, from GET /api/dashboard/viewer.
 */
import { useQuery } from '@tanstack/react-query';
import { viewerDashboardQuery } from '@/api/dashboards';
import { formatTaka } from '@/i18n/money';
import { useI18n } from '@/i18n/i18n';
import { Card } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { num, useRate } from './summary-parts';

export const SCHOOLS_PAGE_SIZE = 20;

export function SchoolsSideBySide() {
  const { t, lang } = useI18n();
  const rate = useRate();
  const [params, setParams] = useSearchState({ schools_page: '1' });
  const page = Math.max(1, Number(params.schools_page) || 1);
  const summary = useQuery(viewerDashboardQuery({ limit: SCHOOLS_PAGE_SIZE, offset: (page - 1) * SCHOOLS_PAGE_SIZE }));
  const head = [
    t('dashboards.schools.school'),
    t('dashboards.schools.attendance'),
    t('dashboards.schools.collected'),
    t('dashboards.schools.passRate'),
  ];
  return (
    <Card title={t('dashboards.schools.title')} className="mb-8 min-w-0">
      <QueryState
        query={summary}
        what={t('dashboards.what')}
        loadingLabel={t('dashboards.loading')}
        empty={t('dashboards.schools.none')}
        isEmpty={(p) => p.total === 0}
      >
        {(p) => (
          <>
            <DataTable caption={t('dashboards.schools.title')} head={head} cards minWidth="32rem">
              {p.rows.map((s) => (
                <tr key={s.school_info_id} className="border-t border-slate-100">
                  <Td label={head[0]}>
                    <span className="font-semibold text-slate-900">{s.school_name}</span>
                  </Td>
                  <Td label={head[1]}>
                    {rate(s.rate)}
                    {s.rate !== null ? (
                      <span className="block text-xs text-slate-600">
                        {t('dashboards.presentOf', { present: num(s.present, lang), absent: num(s.absent, lang) })}
                      </span>
                    ) : null}
                  </Td>
                  <Td label={head[2]}>{formatTaka(s.collected, lang)}</Td>
                  <Td label={head[3]}>{rate(s.pass_rate)}</Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={SCHOOLS_PAGE_SIZE}
              total={p.total}
              onPage={(n) => setParams({ schools_page: String(n) })}
              label={t('dashboards.schools.pages')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
