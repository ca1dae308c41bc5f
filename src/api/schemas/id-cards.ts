/**
 * The school's printed cards (docs/DOMAIN.md, "The school's documents"): a section's student ID
 * cards as an A4 sheet, eight a page. `lang` picks the labels; without it the caller's language
 * setting decides (the user's own, else their school's).
 */
import { z } from 'zod';
import { id, optionalId } from './common';
import { PDF_LANGUAGES } from './gradesheet-pdf';

export const idCardsQuery = z.object({
  section_id: id('section_id'),
  school_info_id: optionalId('school_info_id'),
  lang: z.enum(PDF_LANGUAGES, { error: 'lang must be en or bn' }).optional(),
});
export type IdCardsQuery = z.input<typeof idCardsQuery>;
