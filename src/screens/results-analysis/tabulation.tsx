/**
 * /tabulation-sheet: a section's tabulation sheet (docs/DOMAIN.md, "Result analysis"): every
 * student by roll and every subject with its total and grade, then total, GPA, grade and position,
 * the figures of the grade sheets; printed as a landscape PDF for the wall, or as an XLSX or CSV. The
 * section and session are in the address.
 */
import { useQuery } from '@tanstack/react-query';
import { defaultSession } from '@/api/lookups';
import { downloadTabulation, tabulationQuery } from '@/api/reports';
import type { TabulationSheet } from '@/api/schemas/reports';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { useDownload } from '@/ui/use-download';
import { useSearchState } from '@/ui/use-search-state';
import { fig, idParam, SectionSelect, SessionSelect, useChoices } from './shared';

const SEARCH = { section_id: '', session_id: '' };

export default function TabulationScreen() {
  const { profile, school } = useSignedIn();
  const { t } = useI18n();
  const [params, setParams] = useSearchState(SEARCH);
  const { sections, sessions } = useChoices(school?.id);
  const sectionId = idParam(params.section_id);
  const sessionId = idParam(params.session_id) ?? (sessions.data ? (defaultSession(sessions.data)?.id ?? null) : null);
  return (
    <>
      <PageHeader title={t('resultsAnalysis.tabulation.title')} kicker={school?.school_name ?? profile.school_name} />
      <Card>
        <p className="mb-3 text-sm text-slate-700">{t('resultsAnalysis.tabulation.kicker')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <SectionSelect
            sections={sections.data ?? []}
            value={sectionId}
            onChange={(v) => setParams({ section_id: v })}
          />
          <SessionSelect
            sessions={sessions.data ?? []}
            value={sessionId}
            onChange={(v) => setParams({ session_id: v })}
          />
        </div>
      </Card>
      {sectionId && sessionId ? (
        <Sheet q={{ section_id: sectionId, session_id: sessionId, school_info_id: school?.id }} />
      ) : null}
    </>
  );
}

function Sheet({ q }: { q: { section_id: number; session_id: number; school_info_id?: number } }) {
  const { t } = useI18n();
  const sheet = useQuery(tabulationQuery(q));
  return (
    <Card>
      <QueryState
        query={sheet}
        what={t('resultsAnalysis.tabulation.title')}
        empty={t('resultsAnalysis.tabulation.empty')}
        isEmpty={(s) => s.rows.length === 0}
      >
        {(s) => <SheetTable sheet={s} q={q} />}
      </QueryState>
    </Card>
  );
}

function SheetTable({
  sheet: s,
  q,
}: {
  sheet: TabulationSheet;
  q: { section_id: number; session_id: number; school_info_id?: number };
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const pdf = useDownload();
  const xlsx = useDownload();
  const csv = useDownload();
  const c = (k: 'roll' | 'name' | 'total' | 'gpa' | 'grade' | 'position') => t(`resultsAnalysis.common.${k}`);
  const section = `${name('classes', s.class_name)} ${s.section_default_name}`;
  const caption = t('resultsAnalysis.tabulation.caption', { section });
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="mr-auto text-lg font-semibold text-slate-900">{section}</h2>
        <Button
          variant="secondary"
          disabled={pdf.busy}
          onClick={() => void pdf.run(() => downloadTabulation({ ...q, format: 'pdf', lang }))}
        >
          {pdf.busy ? t('resultsAnalysis.common.downloading') : t('resultsAnalysis.tabulation.downloadPdf')}
        </Button>
        <Button
          variant="secondary"
          disabled={xlsx.busy}
          onClick={() => void xlsx.run(() => downloadTabulation({ ...q, format: 'xlsx' }))}
        >
          {t('resultsAnalysis.tabulation.downloadXlsx')}
        </Button>
        <Button
          variant="secondary"
          disabled={csv.busy}
          onClick={() => void csv.run(() => downloadTabulation({ ...q, format: 'csv' }))}
        >
          {t('resultsAnalysis.tabulation.downloadCsv')}
        </Button>
      </div>
      {pdf.error || xlsx.error || csv.error ? (
        <Alert tone="error" className="mb-3">
          {pdf.error ?? xlsx.error ?? csv.error}
        </Alert>
      ) : null}
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="-mx-5 overflow-x-auto px-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-xs text-slate-600">
              <th scope="col" className="py-2 pr-2 text-left">
                {c('roll')}
              </th>
              <th scope="col" className="py-2 pr-3 text-left">
                {c('name')}
              </th>
              {s.subjects.map((sub) => (
                <th key={sub.subject_id} scope="col" className="px-1 py-2 text-center">
                  {name('subjects', sub.subject_name)}
                </th>
              ))}
              <th scope="col" className="px-2 py-2 text-right">
                {c('total')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {c('gpa')}
              </th>
              <th scope="col" className="px-2 py-2 text-center">
                {c('grade')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {c('position')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {s.rows.map((r) => {
              const cells = new Map(r.cells.map((cell) => [cell.subject_id, cell]));
              return (
                <tr key={r.student_id}>
                  <td className="py-1.5 pr-2 tabular-nums">{fig(r.class_roll_no, lang)}</td>
                  <th scope="row" className="whitespace-nowrap py-1.5 pr-3 text-left font-medium text-slate-900">
                    {r.name}
                  </th>
                  {s.subjects.map((sub) => {
                    const cell = cells.get(sub.subject_id);
                    return (
                      <td
                        key={sub.subject_id}
                        className={`whitespace-nowrap px-1 text-center tabular-nums ${
                          cell?.grade === 'F' && !cell.is_fourth_subject ? 'font-semibold text-red-700' : ''
                        }`}
                      >
                        {cell ? `${fig(cell.total, lang, 1)} ${cell.grade}${cell.is_fourth_subject ? '*' : ''}` : '–'}
                      </td>
                    );
                  })}
                  <td className="px-2 text-right tabular-nums">{fig(r.total_marks, lang, 1)}</td>
                  <td className="px-2 text-right font-semibold tabular-nums">{fig(r.gpa, lang)}</td>
                  <td className={`px-2 text-center font-semibold ${r.failed ? 'text-red-700' : ''}`}>{r.grade}</td>
                  <td className="px-2 text-right tabular-nums">{fig(r.position, lang)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
