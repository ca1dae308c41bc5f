/**
 * An exam's admit cards (docs/DOMAIN.md, "The school's documents"): the exam named by one of its
 * papers (`exam_id`: its exam type, section and session), for that section or another section of
 * the same class sitting the same exam type (`section_id`).
 */
import { z } from 'zod';
import { id, optionalId } from './common';
import { PDF_LANGUAGES } from './gradesheet-pdf';

export const admitCardsQuery = z.object({
  exam_id: id('exam_id'),
  section_id: optionalId('section_id'),
  lang: z.enum(PDF_LANGUAGES, { error: 'lang must be en or bn' }).optional(),
});
export type AdmitCardsQuery = z.input<typeof admitCardsQuery>;
