/** The gradesheet pdf endpoints, served by server/routes/gradesheet-pdf.ts. */
import { get } from '@/api/endpoints/define';
import { gradesheetPdfQuery, sectionGradesheetPdfQuery } from '@/api/schemas/gradesheet-pdf';

export const gradesheetPdfEndpoints = {
  pdf: get('/gradesheet/pdf', 'exam.gradesheet-pdf', { query: gradesheetPdfQuery }),
  sectionPdf: get('/gradesheet/section/pdf', 'exam.gradesheet-section-pdf', { query: sectionGradesheetPdfQuery }),
  // The spec's name for the same PDF: a second path of sectionPdf (same action, same query, same
  // handler in server/routes/gradesheet-pdf.ts). The client keeps calling sectionPdf.
  sectionPdfSpec: get('/gradesheet/section_pdf', 'exam.gradesheet-section-pdf', { query: sectionGradesheetPdfQuery }),
};
