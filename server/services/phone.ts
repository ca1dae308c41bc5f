/** Bangladeshi mobile numbers: 11 digits starting 01, or +880 / 880 followed by the last 10. */
export function normalisePhone(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  const m = /^(?:\+?880|0)(1[3-9]\d{8})$/.exec(digits);
  return m ? `0${m[1]}` : null;
}
