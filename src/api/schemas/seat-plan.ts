/** An exam's seat plan (docs/DOMAIN.md, "The school's documents"): the sittings of the paper named. */
import { z } from 'zod';
import { id } from './common';
import { PDF_LANGUAGES } from './gradesheet-pdf';

export const seatPlanQuery = z.object({
  exam_id: id('exam_id'),
  lang: z.enum(PDF_LANGUAGES, { error: 'lang must be en or bn' }).optional(),
});
export type SeatPlanQuery = z.input<typeof seatPlanQuery>;
