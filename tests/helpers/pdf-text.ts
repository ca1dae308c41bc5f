/**
 * The text of a PDF as a reader's copy-and-paste would give it, for tests that check what a
 * printout says: pdf.js (pdfjs-dist), so the check runs wherever `npm test` runs, with nothing else
 * installed. Each text item's string in reading order; a line break where the PDF ends a line.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const data = new Uint8Array(pdf);
  const doc = await getDocument({ data, disableFontFace: true, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return pages.join('\n');
  } finally {
    await doc.destroy();
  }
}
