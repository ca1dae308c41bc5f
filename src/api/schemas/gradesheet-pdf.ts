/**
 * The grade sheet PDFs on the wire: one student's (the JSON grade sheet's filters) or a
 * whole section's, one sheet a page. `lang` picks the labels; without it the caller's language
 * setting decides (the user's own, else their school's).
 */
import { z } from 'zod';
import { id, optionalId } from './common';
import { gradesheetQuery } from './exams';

export const PDF_LANGUAGES = ['en', 'bn'] as const;
const lang = z.enum(PDF_LANGUAGES, { error: 'lang must be en or bn' }).optional();

export const gradesheetPdfQuery = gradesheetQuery.extend({ lang });
export type GradesheetPdfQuery = z.input<typeof gradesheetPdfQuery>;

export const sectionGradesheetPdfQuery = z.object({
  section_id: id('section_id'),
  session_id: id('session_id'),
  school_info_id: optionalId('school_info_id'),
  lang,
});
export type SectionGradesheetPdfQuery = z.input<typeof sectionGradesheetPdfQuery>;
