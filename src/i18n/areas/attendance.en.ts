/** English texts of the attendance area (see src/i18n/en.ts for the rules). */
export const attendanceEn = {
  errors: {},
} as const;
