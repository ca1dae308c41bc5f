/**
 * /result-analysis: a class's results in a session (docs/DOMAIN.md, "Result analysis"): the pass
 * rate, grade distribution, average and highest of each section and of the class, the same per
 * subject and per exam of the session, charts of them (loaded lazily), and the merit list across
 * the sections (paged), with XLSX and CSV downloads. The class and session are in the address.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { defaultSession } from '@/api/lookups';
import {
  downloadMeritList,
  downloadResultAnalysis,
  meritListQuery,
  resultAnalysisQuery,
  type ClassSessionParams,
} from '@/api/reports';
import { LETTERS, type AnalysisLine, type AnalysisTable, type ResultAnalysis } from '@/api/schemas/reports';
import type { resultsAnalysisEn } from '@/i18n/areas/results-analysis.en';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { Loading, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useDownload } from '@/ui/use-download';
import { useSearchState } from '@/ui/use-search-state';
import { ClassSelect, fig, idParam, SessionSelect, useChoices } from './shared';

const AnalysisCharts = lazy(() => import('./analysis-charts'));
const SEARCH = { class_id: '', session_id: '' };
const MERIT_PAGE = 50;

export default function ResultAnalysisScreen() {
  const { profile, school } = useSignedIn();
  const { t } = useI18n();
  const [params, setParams] = useSearchState(SEARCH);
  const { classes, sessions } = useChoices(school?.id);
  const classId = idParam(params.class_id);
  const sessionId = idParam(params.session_id) ?? (sessions.data ? (defaultSession(sessions.data)?.id ?? null) : null);
  return (
    <>
      <PageHeader title={t('resultsAnalysis.analysis.title')} kicker={school?.school_name ?? profile.school_name} />
      <Card>
        <p className="mb-3 text-sm text-slate-700">{t('resultsAnalysis.analysis.kicker')}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <ClassSelect classes={classes} value={classId} onChange={(v) => setParams({ class_id: v })} />
          <SessionSelect
            sessions={sessions.data ?? []}
            value={sessionId}
            onChange={(v) => setParams({ session_id: v })}
          />
        </div>
      </Card>
      {classId && sessionId ? (
        <Analysis q={{ class_id: classId, session_id: sessionId, school_info_id: school?.id }} />
      ) : null}
    </>
  );
}

function Analysis({ q }: { q: ClassSessionParams }) {
  const { t } = useI18n();
  const analysis = useQuery(resultAnalysisQuery(q));
  return (
    <QueryState
      query={analysis}
      what={t('resultsAnalysis.analysis.title')}
      empty={t('resultsAnalysis.analysis.empty')}
      isEmpty={(a) => a.overall.every((l) => l.students === 0)}
    >
      {(a) => (
        <>
          <Overview analysis={a} q={q} />
          <MeritList q={q} />
        </>
      )}
    </QueryState>
  );
}

function Overview({ analysis: a, q }: { analysis: ResultAnalysis; q: ClassSessionParams }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const xlsx = useDownload();
  const c = (k: keyof AnalysisColumns) => t(`resultsAnalysis.analysis.columns.${k}`);
  const sectionName = (l: { section_default_name: string | null }) =>
    l.section_default_name ?? t('resultsAnalysis.analysis.allSections');
  const gradeHead = [...LETTERS];
  const lineCells = (l: AnalysisLine) => (
    <>
      <Td label={c('students')}>{fig(l.students, lang)}</Td>
      <Td label={c('passed')}>{fig(l.passed, lang)}</Td>
      <Td label={c('passRate')}>{l.pass_rate === null ? '–' : `${fig(l.pass_rate, lang, 1)}%`}</Td>
      {LETTERS.map((g) => (
        <Td key={g} label={g}>
          {fig(l.grades[g], lang)}
        </Td>
      ))}
      <Td label={c('average')}>{fig(l.average, lang)}</Td>
      <Td label={c('highest')}>{fig(l.highest, lang)}</Td>
    </>
  );
  const statHead = [c('students'), c('passed'), c('passRate'), ...gradeHead, c('average'), c('highest')];
  return (
    <>
      <Card>
        <div className="mb-3 flex flex-wrap items-center gap-3">
          <h2 className="mr-auto text-lg font-semibold text-slate-900">
            {`${name('classes', a.class_name)} · ${fig(Number(a.session_year), lang, 0)}`}
          </h2>
          <Button
            variant="secondary"
            disabled={xlsx.busy}
            onClick={() => void xlsx.run(() => downloadResultAnalysis(q))}
          >
            {xlsx.busy ? t('resultsAnalysis.common.downloading') : t('resultsAnalysis.analysis.downloadXlsx')}
          </Button>
        </div>
        {xlsx.error ? (
          <Alert tone="error" className="mb-3">
            {xlsx.error}
          </Alert>
        ) : null}
        <Suspense fallback={<Loading />}>
          <AnalysisCharts analysis={a} />
        </Suspense>
      </Card>
      <Card>
        <TableHeading title={t('resultsAnalysis.analysis.overall')}>
          <CsvButton q={q} table="overall" label={t('resultsAnalysis.analysis.overallCsv')} />
        </TableHeading>
        <DataTable caption={t('resultsAnalysis.analysis.overall')} head={[c('section'), ...statHead]} cards>
          {a.overall.map((l) => (
            <tr key={l.section_id ?? 'all'} className="border-t border-slate-100">
              <Td label={c('section')} className="font-medium">
                {sectionName(l)}
              </Td>
              {lineCells(l)}
            </tr>
          ))}
        </DataTable>
      </Card>
      <Card>
        <TableHeading title={t('resultsAnalysis.analysis.bySubject')}>
          <CsvButton q={q} table="subjects" label={t('resultsAnalysis.analysis.subjectsCsv')} />
        </TableHeading>
        <DataTable
          caption={t('resultsAnalysis.analysis.bySubject')}
          head={[c('subject'), c('section'), ...statHead]}
          cards
        >
          {a.subjects.map((l) => (
            <tr key={`${l.subject_id}-${l.section_id ?? 'all'}`} className="border-t border-slate-100">
              <Td label={c('subject')} className="font-medium">
                {name('subjects', l.subject_name ?? '')}
              </Td>
              <Td label={c('section')}>{sectionName(l)}</Td>
              {lineCells(l)}
            </tr>
          ))}
        </DataTable>
      </Card>
      {a.exams.length ? (
        <Card>
          <TableHeading title={t('resultsAnalysis.analysis.byExam')}>
            <CsvButton q={q} table="exams" label={t('resultsAnalysis.analysis.examsCsv')} />
          </TableHeading>
          <DataTable
            caption={t('resultsAnalysis.analysis.byExam')}
            head={[c('exam'), c('section'), c('sat'), c('passed'), c('passRate'), c('average')]}
            cards
          >
            {a.exams.map((e) => (
              <tr key={`${e.exam_type_id}-${e.section_id ?? 'all'}`} className="border-t border-slate-100">
                <Td label={c('exam')} className="font-medium">
                  {e.exam_name}
                </Td>
                <Td label={c('section')}>{sectionName(e)}</Td>
                <Td label={c('sat')}>{fig(e.sat, lang)}</Td>
                <Td label={c('passed')}>{fig(e.passed, lang)}</Td>
                <Td label={c('passRate')}>{e.pass_rate === null ? '–' : `${fig(e.pass_rate, lang, 1)}%`}</Td>
                <Td label={c('average')}>{e.average_percent === null ? '–' : `${fig(e.average_percent, lang)}%`}</Td>
              </tr>
            ))}
          </DataTable>
        </Card>
      ) : null}
    </>
  );
}

/** A table's heading with its download buttons beside it. */
function TableHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mb-2 flex flex-wrap items-center gap-3">
      <h2 className="mr-auto font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

/** One table of the analysis as CSV (docs/DOMAIN.md, "Report exports"); the XLSX above has all three. */
function CsvButton({ q, table, label }: { q: ClassSessionParams; table: AnalysisTable; label: string }) {
  const { t } = useI18n();
  const csv = useDownload();
  return (
    <>
      <Button
        variant="secondary"
        disabled={csv.busy}
        onClick={() => void csv.run(() => downloadResultAnalysis(q, table))}
      >
        {csv.busy ? t('resultsAnalysis.common.downloading') : label}
      </Button>
      {csv.error ? (
        <Alert tone="error" className="w-full">
          {csv.error}
        </Alert>
      ) : null}
    </>
  );
}

function MeritList({ q }: { q: ClassSessionParams }) {
  const { t, lang } = useI18n();
  const [offset, setOffset] = useState(0);
  const merit = useQuery(meritListQuery({ ...q, limit: MERIT_PAGE, offset }));
  const csv = useDownload();
  const xlsx = useDownload();
  const c = (k: keyof AnalysisColumns) => t(`resultsAnalysis.analysis.columns.${k}`);
  const common = (k: 'roll' | 'name' | 'total' | 'gpa' | 'grade') => t(`resultsAnalysis.common.${k}`);
  return (
    <Card>
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h2 className="mr-auto font-semibold text-slate-900">{t('resultsAnalysis.analysis.merit')}</h2>
        <Button
          variant="secondary"
          disabled={csv.busy}
          onClick={() => void csv.run(() => downloadMeritList({ ...q, format: 'csv' }))}
        >
          {t('resultsAnalysis.analysis.downloadCsv')}
        </Button>
        <Button
          variant="secondary"
          disabled={xlsx.busy}
          onClick={() => void xlsx.run(() => downloadMeritList({ ...q, format: 'xlsx' }))}
        >
          {t('resultsAnalysis.analysis.meritXlsx')}
        </Button>
      </div>
      {csv.error || xlsx.error ? (
        <Alert tone="error" className="mb-3">
          {csv.error ?? xlsx.error}
        </Alert>
      ) : null}
      <QueryState query={merit} what={t('resultsAnalysis.analysis.merit')}>
        {(page) => (
          <>
            <DataTable
              caption={t('resultsAnalysis.analysis.merit')}
              head={[
                c('merit'),
                c('section'),
                common('roll'),
                common('name'),
                common('total'),
                common('gpa'),
                common('grade'),
                c('position'),
              ]}
              cards
            >
              {page.rows.map((r) => (
                <tr key={`${r.section_id}-${r.student_id}`} className="border-t border-slate-100">
                  <Td label={c('merit')}>{fig(r.merit_position, lang)}</Td>
                  <Td label={c('section')}>{r.section_default_name}</Td>
                  <Td label={common('roll')}>{fig(r.class_roll_no, lang)}</Td>
                  <Td label={common('name')} className="font-medium text-slate-900">
                    {r.name}
                  </Td>
                  <Td label={common('total')}>{fig(r.total_marks, lang, 1)}</Td>
                  <Td label={common('gpa')}>{fig(r.gpa, lang)}</Td>
                  <Td label={common('grade')}>{r.grade}</Td>
                  <Td label={c('position')}>{fig(r.section_position, lang)}</Td>
                </tr>
              ))}
            </DataTable>
            {page.total > page.limit ? (
              <div className="mt-3 flex gap-2">
                <Button
                  variant="secondary"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - MERIT_PAGE))}
                >
                  {t('resultsAnalysis.common.previous')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={offset + MERIT_PAGE >= page.total}
                  onClick={() => setOffset(offset + MERIT_PAGE)}
                >
                  {t('resultsAnalysis.common.next')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </QueryState>
    </Card>
  );
}

type AnalysisColumns = typeof resultsAnalysisEn.analysis.columns;
