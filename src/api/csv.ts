/**
 * Text that a spreadsheet would run, and the one writer of every CSV file the app makes.
 *
 * Excel, LibreOffice and Google Sheets read a cell beginning with = + - @ (or a tab or carriage
 * return before one) as a formula, so a name typed as `=cmd|' /C calc'!A0` would run when the file is
 * opened (OWASP, "CSV Injection"). Two defences, sharing the one rule below:
 * - names are refused at entry (src/api/schemas/people.ts): no person's name begins that way, so
 *   the form and the import say so with a 400 naming the field rather than keep it;
 * - every cell of every CSV written goes through `csvText`, which prefixes such a cell with a single
 *   quote (OWASP's rule; the sheet then shows it as text), so rows written before the entry rule, or
 *   other fields (addresses, e-mails), cannot run either. A plain number such as "-250.00" is not a
 *   formula and is left as it is, so money columns stay numbers.
 * The full-width forms (＝ ＋ － ＠) are included: some spreadsheets in East Asian locales treat them
 * as the ASCII ones.
 */

/** The start of a cell a spreadsheet reads as a formula, unless the whole cell is a plain number. */
export const SPREADSHEET_FORMULA = /^(?!-?\d+(?:\.\d+)?$)[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Would a spreadsheet run this text as a formula? */
export const looksLikeFormula = (text: string): boolean => SPREADSHEET_FORMULA.test(text);

/**
 * A CSV file's text: a BOM (so that Excel opens Bangla text as UTF-8), CRLF line ends, and every
 * cell that looks like a formula prefixed with a single quote (papaparse's `escapeFormulae`, given
 * the rule above). papaparse is loaded when first needed, out of the initial bundle.
 */
export async function csvText(rows: readonly (readonly string[])[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return `\uFEFF${Papa.unparse(rows as string[][], { newline: '\r\n', escapeFormulae: SPREADSHEET_FORMULA })}\r\n`;
}
