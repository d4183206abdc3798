import { rehydrateRendererCache, type GriffelRenderer } from '@griffel/core';

/** Set by the prerender on style elements whose rules it wrote apart (src/prerender/render-page.tsx). */
export const RULES_APART_ATTR = 'data-rules-apart';
/** Written after each rule: a CSS comment, so the browser skips it (rules can span lines, so not a newline). */
const RULE_END = '/*|*/';

/**
 * Griffel's `rehydrateRendererCache` without its CSS parser: on a traced start of the pricing page
 * the parser (stylis, over every prerendered rule) took 35 ms in one task. The prerender ends
 * each rule with a comment, so the rule strings Griffel keys its cache by are the pieces between.
 * Griffel still registers the style elements (so later rules go into the right bucket, in order),
 * with their text hidden from it while it does; style elements written any other way go through
 * Griffel's own parsing, as before.
 */
export function rehydrateStyles(renderer: GriffelRenderer, doc: Document = document): void {
  const elements = [...doc.querySelectorAll<HTMLStyleElement>('style[data-make-styles-bucket]')];
  if (elements.length === 0 || !elements.every((el) => el.hasAttribute(RULES_APART_ATTR))) {
    rehydrateRendererCache(renderer, doc);
    return;
  }
  const texts = elements.map((el) => el.textContent ?? '');
  // An own property shadows the DOM's textContent getter for the duration of the call.
  for (const el of elements) Object.defineProperty(el, 'textContent', { value: '', configurable: true });
  try {
    rehydrateRendererCache(renderer, doc);
  } finally {
    for (const el of elements) delete (el as { textContent?: string }).textContent;
  }
  elements.forEach((el, i) => {
    const bucket = el.dataset.makeStylesBucket as GriffelRenderer['insertionCache'][string];
    for (const rule of texts[i]!.split(RULE_END)) if (rule) renderer.insertionCache[rule] = bucket;
  });
}

/**
 * For the prerender: the renderer's style sheets as `renderToStyleElements` reads them, but with
 * each rule ended by the marker and the attribute that says so. A rule that holds the marker
 * itself stops the build rather than rehydrate wrongly.
 */
export function withRulesApart(renderer: GriffelRenderer): GriffelRenderer {
  const stylesheets = Object.fromEntries(
    Object.entries(renderer.stylesheets).map(([key, sheet]) => [
      key,
      sheet && {
        ...sheet,
        elementAttributes: { ...sheet.elementAttributes, [RULES_APART_ATTR]: '' },
        cssRules: () =>
          sheet.cssRules().map((rule) => {
            if (rule.includes(RULE_END)) throw new Error(`a Griffel rule holds ${RULE_END}: ${rule.slice(0, 80)}`);
            return rule + RULE_END;
          }),
      },
    ]),
  );
  return { ...renderer, stylesheets };
}
