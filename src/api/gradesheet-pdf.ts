/**
 * The grade sheet screens' extra calls: the two PDF downloads (authenticated, so
 * fetched with the token and handed to the browser: see ./upload downloadFile) and the sessions
 * and sections their filters choose from.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchSections, fetchSessions, lookupKeys } from '@/api/lookups';
import type { GradesheetPdfQuery, SectionGradesheetPdfQuery } from '@/api/schemas/gradesheet-pdf';
import { downloadFile } from '@/api/upload';
import { urlOf } from '@/api/endpoints/define';
import { gradesheetPdfEndpoints } from '@/api/endpoints/gradesheet-pdf';

const search = (q: Record<string, string | number | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return params.toString();
};

/** One student's grade sheet as a PDF download. */
export function downloadGradesheetPdf(q: GradesheetPdfQuery): Promise<void> {
  return downloadFile(`${urlOf(gradesheetPdfEndpoints.pdf)}?${search(q)}`, `gradesheet-${q.student_code}.pdf`);
}

/** A whole section's grade sheets, one a page, as a PDF download. */
export function downloadSectionGradesheetPdf(q: SectionGradesheetPdfQuery): Promise<void> {
  return downloadFile(`${urlOf(gradesheetPdfEndpoints.sectionPdf)}?${search(q)}`, 'gradesheets.pdf');
}

export const sessionsQuery = () =>
  queryOptions({ queryKey: lookupKeys.sessions, queryFn: fetchSessions, staleTime: 10 * 60_000 });

export const sectionsQuery = (schoolInfoId: number | undefined) =>
  queryOptions({
    queryKey: lookupKeys.sections({ school_info_id: schoolInfoId }),
    queryFn: () => fetchSections({ school_info_id: schoolInfoId }),
    staleTime: 5 * 60_000,
  });
