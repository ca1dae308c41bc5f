/** The head teacher's reports, served by server/routes/reports.ts (docs/DOMAIN.md, "Early warnings", "Result analysis"). */
import { get } from '@/api/endpoints/define';
import {
  chronicAbsencePage,
  chronicAbsenceQuery,
  meritListPage,
  meritListQuery,
  resultAnalysis,
  resultAnalysisQuery,
  tabulationQuery,
  tabulationSheet,
} from '@/api/schemas/reports';

export const reportsEndpoints = {
  chronicAbsence: get('/report/chronic_absence', 'report.chronic-absence', {
    query: chronicAbsenceQuery,
    response: chronicAbsencePage,
  }),
  /** JSON (format=json), else a landscape PDF or an XLSX download. */
  tabulation: get('/report/tabulation', 'report.tabulation', { query: tabulationQuery, response: tabulationSheet }),
  /** JSON, else the whole list as CSV or XLSX. */
  meritList: get('/report/merit_list', 'report.merit-list', { query: meritListQuery, response: meritListPage }),
  /** JSON, else an XLSX download. */
  resultAnalysis: get('/report/result_analysis', 'report.result-analysis', {
    query: resultAnalysisQuery,
    response: resultAnalysis,
  }),
};
