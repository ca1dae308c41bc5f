/**
 * Which font draws the Bengali text on the screen, asked of Chromium's DevTools (the fonts panel's
 * own question, CSS.getPlatformFontsForNode). The machines the suite runs on (Debian's Chromium,
 * with no Bengali system font) are those of a school's Linux lab: Bengali drawn by anything but the
 * bundled Noto Sans Bengali (src/i18n/bangla-font.css) shows as boxes there, or in a system font
 * of another weight and look elsewhere.
 *
 * A text node often mixes scripts ("Six A মুছুন", "৳ 1,200"), and the DevTools answer is per node,
 * not per character: the Latin letters, digits and spaces are rightly drawn by a system font. So
 * each such node's Bengali characters are written into a probe, a span with the node's own computed
 * font (family, weight, style, language), and the probe's fonts are asked for: every font drawing
 * it must be the bundled one. Inputs' values and placeholders are probed with the input's font.
 */
import type { Page } from 'playwright-core';

/** Bengali's block (with ৳ U+09F3) and the two dandas Bangla writes with (U+0964, U+0965). */
const BENGALI = /[\u0980-\u09FF\u0964\u0965]/;

export interface GlyphCheck {
  /** How many text nodes (and inputs) with Bengali text were checked. */
  checked: number;
  /** One line per probe drawn (partly) by a font other than the bundled Noto Sans Bengali. */
  problems: string[];
}

/** Checks every visible Bengali text on the page; see the file's header. */
export async function bengaliGlyphFonts(page: Page): Promise<GlyphCheck> {
  const probes = await page.evaluate(async (source) => {
    const bengali = new RegExp(source, 'g');
    const hasBengali = new RegExp(source);
    const container = document.createElement('div');
    container.setAttribute('data-glyph-probes', '');
    container.setAttribute('aria-hidden', 'true');
    container.style.cssText = 'position:absolute;left:0;top:0;white-space:nowrap;pointer-events:none;opacity:0';
    const texts: string[] = [];
    const loads = new Set<string>();
    const addProbe = (from: Element, shown: string) => {
      const only = (shown.match(bengali) ?? []).join('');
      const style = getComputedStyle(from);
      const span = document.createElement('span');
      span.textContent = only;
      span.style.fontFamily = style.fontFamily;
      span.style.fontWeight = style.fontWeight;
      span.style.fontStyle = style.fontStyle;
      const lang = from.closest('[lang]')?.getAttribute('lang');
      if (lang) span.lang = lang;
      span.setAttribute('data-glyph-probe', String(texts.length));
      container.append(span, document.createElement('br'));
      texts.push(shown.trim().replace(/\s+/g, ' ').slice(0, 60));
      loads.add(`${style.fontStyle} ${style.fontWeight} 16px ${style.fontFamily}`);
    };
    const visible = (el: Element) =>
      el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || !hasBengali.test(node.data)) continue;
      if (parent.closest('script, style, template, noscript, option, [data-glyph-probes]')) continue;
      if (!visible(parent)) continue;
      addProbe(parent, node.data);
    }
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (!visible(input)) continue;
      const shown = input.value || input.placeholder;
      if (hasBengali.test(shown)) addProbe(input, shown);
    }
    document.body.append(container);
    // The fonts the probes need are loaded before the question (font-display: swap would draw a
    // system font meanwhile).
    await Promise.all([...loads].map((font) => document.fonts.load(font, 'অ৳')));
    await document.fonts.ready;
    return texts;
  }, BENGALI.source);

  const cdp = await page.context().newCDPSession(page);
  const problems: string[] = [];
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-glyph-probe]' });
    expect(nodeIds.length, 'one probe per Bengali text').toBe(probes.length);
    for (const nodeId of nodeIds) {
      const { attributes } = await cdp.send('DOM.getAttributes', { nodeId });
      const index = Number(attributes[attributes.indexOf('data-glyph-probe') + 1]);
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      if (fonts.length === 0) problems.push(`"${probes[index]}": no font reported`);
      for (const font of fonts) {
        if (!font.isCustomFont || !/^Noto Sans Bengali/.test(font.familyName))
          problems.push(
            `"${probes[index]}": ${font.glyphCount} glyph(s) drawn by ${font.isCustomFont ? 'web font' : 'system font'} ${font.familyName}`,
          );
      }
    }
  } finally {
    await page.evaluate(() => document.querySelector('[data-glyph-probes]')?.remove());
    await cdp.detach();
  }
  return { checked: probes.length, problems };
}

/** Fails, naming each text and font, when any Bengali character on the page is not drawn by the bundled font. */
export async function expectBundledBengaliFont(page: Page, what: string): Promise<number> {
  const { checked, problems } = await bengaliGlyphFonts(page);
  expect(problems, `Bengali text drawn by another font on ${what}`).toEqual([]);
  return checked;
}
