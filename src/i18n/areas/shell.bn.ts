/** বাংলা: the shell area's texts (see src/i18n/bn.ts). */
import type { Catalogue } from '../en';

export const shellBn: Catalogue['shell'] = {
  errors: {},
};
