/** বাংলা: the notices area's texts (see src/i18n/bn.ts). */
import type { Catalogue } from '../en';

export const noticesBn: Catalogue['notices'] = {
  errors: {},
};
