/** English texts of the notices area (see src/i18n/en.ts for the rules). */
export const noticesEn = {
  errors: {},
} as const;
