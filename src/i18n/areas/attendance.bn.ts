/** বাংলা: the attendance area's texts (see src/i18n/bn.ts). */
import type { Catalogue } from '../en';

export const attendanceBn: Catalogue['attendance'] = {
  errors: {},
};
