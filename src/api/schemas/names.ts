/**
 * The Bangla names of the names a school shares with everyone (docs/i18n.md, "Bangla names"):
 * classes, subjects and shifts (the curriculum's, the same for every school) and the school's own
 * exam types and fee heads. `GET /api/names/bn` answers them keyed by the English name, as rows
 * carry it (`class_name: 'Six'` → `classes.Six === 'ষষ্ঠ'`); a name with no Bangla name is left
 * out, and screens show it as the school wrote it.
 */
import { z } from 'zod';

const byEnglishName = z.record(z.string(), z.string());

export const banglaNames = z.object({
  classes: byEnglishName,
  subjects: byEnglishName,
  shifts: byEnglishName,
  exam_types: byEnglishName,
  fee_sectors: byEnglishName,
});
export type BanglaNames = z.infer<typeof banglaNames>;
export type NameKind = keyof BanglaNames;
