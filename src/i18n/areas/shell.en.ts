/** English texts of the shell area (see src/i18n/en.ts for the rules). */
export const shellEn = {
  errors: {},
} as const;
