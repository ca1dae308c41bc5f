/**
 * The head teacher's reports (docs/DOMAIN.md, "Early warnings", "Result analysis"): the chronic
 * absence list, the tabulation sheet, the merit list and the result analysis, and their downloads.
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import { reportsEndpoints } from '@/api/endpoints/reports';
import type {
  AnalysisTable,
  ChronicAbsencePage,
  MeritListPage,
  ResultAnalysis,
  TabulationSheet,
} from '@/api/schemas/reports';
import { downloadFile } from '@/api/upload';

type Query = Record<string, string | number | undefined>;
const asQuery = (q: object) => q as Query;

export interface ChronicParams {
  school_info_id?: number;
  section_id?: number;
  limit?: number;
  offset?: number;
}
export interface SectionSessionParams {
  school_info_id?: number;
  section_id: number;
  session_id: number;
}
export interface ClassSessionParams {
  school_info_id?: number;
  class_id: number;
  session_id: number;
}

export const reportKeys = {
  all: ['reports'] as const,
  chronic: (q: ChronicParams) => ['reports', 'chronic', q] as const,
  tabulation: (q: SectionSessionParams) => ['reports', 'tabulation', q] as const,
  merit: (q: ClassSessionParams & { limit: number; offset: number }) => ['reports', 'merit', q] as const,
  analysis: (q: ClassSessionParams) => ['reports', 'analysis', q] as const,
};

export const chronicAbsenceQuery = (q: ChronicParams) =>
  queryOptions({
    queryKey: reportKeys.chronic(q),
    queryFn: (): Promise<ChronicAbsencePage> => request(reportsEndpoints.chronicAbsence, { query: asQuery(q) }),
  });

export const tabulationQuery = (q: SectionSessionParams) =>
  queryOptions({
    queryKey: reportKeys.tabulation(q),
    queryFn: (): Promise<TabulationSheet> => request(reportsEndpoints.tabulation, { query: asQuery(q) }),
  });

export const meritListQuery = (q: ClassSessionParams & { limit: number; offset: number }) =>
  queryOptions({
    queryKey: reportKeys.merit(q),
    queryFn: (): Promise<MeritListPage> => request(reportsEndpoints.meritList, { query: asQuery(q) }),
  });

export const resultAnalysisQuery = (q: ClassSessionParams) =>
  queryOptions({
    queryKey: reportKeys.analysis(q),
    queryFn: (): Promise<ResultAnalysis> => request(reportsEndpoints.resultAnalysis, { query: asQuery(q) }),
  });

function download(path: string, q: object, fallbackName: string): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return downloadFile(`${path}?${params.toString()}`, fallbackName);
}

/** The whole chronic absence list (not a page) as CSV or XLSX. */
export const downloadChronicAbsence = (q: Omit<ChronicParams, 'limit' | 'offset'> & { format: 'csv' | 'xlsx' }) =>
  download(urlOf(reportsEndpoints.chronicAbsence), q, `chronic-absence.${q.format}`);

export const downloadTabulation = (q: SectionSessionParams & { format: 'pdf' | 'xlsx' | 'csv'; lang?: 'en' | 'bn' }) =>
  download(urlOf(reportsEndpoints.tabulation), q, `tabulation.${q.format}`);

export const downloadMeritList = (q: ClassSessionParams & { format: 'csv' | 'xlsx' }) =>
  download(urlOf(reportsEndpoints.meritList), q, `merit-list.${q.format}`);

/** The analysis as an XLSX (its three tables, a sheet each), or one of its tables as CSV. */
export const downloadResultAnalysis = (q: ClassSessionParams, csvTable?: AnalysisTable) =>
  csvTable
    ? download(
        urlOf(reportsEndpoints.resultAnalysis),
        { ...q, format: 'csv', table: csvTable },
        `result-analysis-${csvTable}.csv`,
      )
    : download(urlOf(reportsEndpoints.resultAnalysis), { ...q, format: 'xlsx' }, 'result-analysis.xlsx');
