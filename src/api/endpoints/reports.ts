/** The head teacher's reports, served by server/routes/reports.ts (docs/DOMAIN.md, "Early warnings", "Result analysis"). */
import { get, put } from '@/api/endpoints/define';
import {
  chronicAbsencePage,
  chronicAbsenceQuery,
  chronicSettings,
  chronicSettingsBody,
  meritListPage,
  meritListQuery,
  resultAnalysis,
  resultAnalysisQuery,
  tabulationQuery,
  tabulationSheet,
} from '@/api/schemas/reports';

export const reportsEndpoints = {
  /** JSON (a page), else the whole list as CSV or XLSX. */
  chronicAbsence: get('/report/chronic_absence', 'report.chronic-absence', {
    query: chronicAbsenceQuery,
    response: chronicAbsencePage,
  }),
  /** The school's thresholds (the list's defaults); the school admin's. */
  chronicSettings: put('/report/chronic_absence/settings', 'report.chronic-settings', {
    body: chronicSettingsBody,
    response: chronicSettings,
  }),
  /** JSON (format=json), else a landscape PDF, an XLSX or a CSV download. */
  tabulation: get('/report/tabulation', 'report.tabulation', { query: tabulationQuery, response: tabulationSheet }),
  /** JSON, else the whole list as CSV or XLSX. */
  meritList: get('/report/merit_list', 'report.merit-list', { query: meritListQuery, response: meritListPage }),
  /** JSON, else an XLSX download (three sheets) or one table as CSV. */
  resultAnalysis: get('/report/result_analysis', 'report.result-analysis', {
    query: resultAnalysisQuery,
    response: resultAnalysis,
  }),
};
