/**
 * /chronic-absence: the early warning list (docs/DOMAIN.md, "Early warnings"): students below the
 * school's threshold of periods present over its last school days, or absent several school days
 * running, with why and what became of the SMS to their guardians. The school admin and a viewer
 * see the school's; a teacher the sections they teach (the server narrows it).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { chronicAbsenceQuery, downloadChronicAbsence } from '@/api/reports';
import type { ChronicAbsencePage } from '@/api/schemas/reports';
import { formatDate } from '@/i18n/format';
import type { resultsAnalysisEn } from '@/i18n/areas/results-analysis.en';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { Alert } from '@/ui/alert';
import { useDownload } from '@/ui/use-download';
import { fig } from './shared';

const PAGE = 50;

export default function ChronicAbsenceScreen() {
  const { profile, school } = useSignedIn();
  const { t } = useI18n();
  const [offset, setOffset] = useState(0);
  const list = useQuery(chronicAbsenceQuery({ school_info_id: school?.id, limit: PAGE, offset }));
  return (
    <>
      <PageHeader title={t('resultsAnalysis.chronic.title')} kicker={school?.school_name ?? profile.school_name} />
      <Card>
        <QueryState
          query={list}
          what={t('resultsAnalysis.chronic.title')}
          empty={t('resultsAnalysis.chronic.empty')}
          isEmpty={(p) => p.total === 0}
        >
          {(page) => (
            <>
              <Downloads schoolId={school?.id} />
              <ChronicTable page={page} onPage={setOffset} />
            </>
          )}
        </QueryState>
      </Card>
    </>
  );
}

/** The whole list (every page) as CSV or XLSX (docs/DOMAIN.md, "Report exports"). */
function Downloads({ schoolId }: { schoolId?: number }) {
  const { t } = useI18n();
  const csv = useDownload();
  const xlsx = useDownload();
  const q = { school_info_id: schoolId };
  return (
    <>
      <div className="mb-3 flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          disabled={csv.busy}
          onClick={() => void csv.run(() => downloadChronicAbsence({ ...q, format: 'csv' }))}
        >
          {csv.busy ? t('resultsAnalysis.common.downloading') : t('resultsAnalysis.chronic.downloadCsv')}
        </Button>
        <Button
          variant="secondary"
          disabled={xlsx.busy}
          onClick={() => void xlsx.run(() => downloadChronicAbsence({ ...q, format: 'xlsx' }))}
        >
          {xlsx.busy ? t('resultsAnalysis.common.downloading') : t('resultsAnalysis.chronic.downloadXlsx')}
        </Button>
      </div>
      {csv.error || xlsx.error ? (
        <Alert tone="error" className="mb-3">
          {csv.error ?? xlsx.error}
        </Alert>
      ) : null}
    </>
  );
}

function ChronicTable({ page, onPage }: { page: ChronicAbsencePage; onPage: (offset: number) => void }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const c = (k: keyof ChronicColumns) => t(`resultsAnalysis.chronic.columns.${k}`);
  const date = (iso: string | null) => (iso ? formatDate(iso, 'd MMMM', lang) : '–');
  const sms = (s: string | null) =>
    t(
      `resultsAnalysis.chronic.sms.${s === 'queued' || s === 'sent' || s === 'failed' || s === 'cancelled' ? s : 'none'}`,
    );
  const why = (r: ChronicAbsencePage['rows'][number]) =>
    r.reasons
      .map((reason) =>
        reason === 'rate'
          ? t('resultsAnalysis.chronic.rateReason')
          : t('resultsAnalysis.chronic.consecutiveReason', { days: fig(r.consecutive_absent_days, lang) }),
      )
      .join(', ');
  const head = [
    c('roll'),
    c('name'),
    c('class'),
    c('section'),
    c('rate'),
    c('running'),
    c('lastPresent'),
    c('why'),
    c('sms'),
  ];
  return (
    <>
      <p className="mb-1 text-sm text-slate-700">
        {t('resultsAnalysis.chronic.kicker', {
          threshold: fig(page.threshold, lang),
          days: fig(page.days, lang),
          consecutive: fig(page.consecutive, lang),
        })}
      </p>
      {page.from && page.to ? (
        <p className="mb-3 text-xs text-slate-600">
          {t('resultsAnalysis.chronic.window', {
            from: formatDate(page.from, 'd MMMM yyyy', lang),
            to: formatDate(page.to, 'd MMMM yyyy', lang),
          })}
        </p>
      ) : null}
      <DataTable caption={t('resultsAnalysis.chronic.caption')} head={head} cards>
        {page.rows.map((r) => (
          <tr key={r.enrolment_id} className="border-t border-slate-100">
            <Td label={c('roll')}>{fig(r.class_roll_no, lang)}</Td>
            <Td label={c('name')} className="font-medium text-slate-900">
              {r.name}
            </Td>
            <Td label={c('class')}>{name('classes', r.class_name)}</Td>
            <Td label={c('section')}>{r.section_default_name}</Td>
            <Td label={c('rate')}>{`${fig(r.rate, lang, 1)}%`}</Td>
            <Td label={c('running')}>{fig(r.consecutive_absent_days, lang)}</Td>
            <Td label={c('lastPresent')}>{date(r.last_present_on)}</Td>
            <Td label={c('why')}>{why(r)}</Td>
            <Td label={c('sms')}>{sms(r.message_status)}</Td>
          </tr>
        ))}
      </DataTable>
      {page.total > page.limit ? (
        <div className="mt-3 flex gap-2">
          <Button
            variant="secondary"
            disabled={page.offset === 0}
            onClick={() => onPage(Math.max(0, page.offset - page.limit))}
          >
            {t('resultsAnalysis.common.previous')}
          </Button>
          <Button
            variant="secondary"
            disabled={page.offset + page.limit >= page.total}
            onClick={() => onPage(page.offset + page.limit)}
          >
            {t('resultsAnalysis.common.next')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

type ChronicColumns = typeof resultsAnalysisEn.chronic.columns;
