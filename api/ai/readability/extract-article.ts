import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Paragraph, ReadUrlResult } from '@contracts/ai-read.js';
import { detectLang } from './detect-lang.js';

/** Elements whose text is never read: code, embedded objects, form controls. */
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'OBJECT', 'BUTTON', 'FORM', 'SELECT', 'TEXTAREA']);
/** A page of more paragraphs than this is cut: the reader is not a crawler. */
export const MAX_PARAGRAPHS = 3000;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Phrasing elements: their text joins the words around them into one paragraph. */
const INLINE = new Set(['A', 'ABBR', 'B', 'BDI', 'BDO', 'CITE', 'CODE', 'DATA', 'DEL', 'DFN', 'EM', 'FONT', 'I', 'INS', 'KBD', 'LABEL', 'MARK', 'Q', 'RUBY', 'RP', 'RT', 'S', 'SAMP', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TIME', 'U', 'VAR', 'WBR', 'MATH']);

/**
 * Text of the blocks under `root` in document order. A block's own text excludes nested blocks
 * (an `li` holding a nested list gives its own line, then each nested item), so no text is
 * counted twice; loose phrasing directly inside a container (a `div` of text) becomes one
 * paragraph of its own.
 */
function collectBlocks(root: Node): string[] {
  const out: string[] = [];
  /** Walks `node`'s children, adding phrasing text to `run` and flushing it as a paragraph at each block or container. */
  const walk = (node: Node, run: string[], pre: boolean, inline = false): void => {
    const flush = () => {
      const text = pre ? run.join('').trim() : squash(run.join(''));
      if (text) out.push(text);
      run.length = 0;
    };
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        run.push(child.textContent ?? '');
        continue;
      }
      if (child.nodeType !== 1) continue;
      const tag = (child as Element).tagName.toUpperCase();
      if (SKIP.has(tag)) continue;
      if (tag === 'BR') run.push('\n');
      else if (INLINE.has(tag)) walk(child, run, pre, true);
      else {
        flush();
        // Every other element (p, li, h1–h6, blockquote, div, td…) is a paragraph boundary.
        walk(child, [], tag === 'PRE');
      }
    }
    if (!inline) flush();
  };
  walk(root, [], false);
  return out;
}

const toParagraphs = (texts: string[]): Paragraph[] => texts.slice(0, MAX_PARAGRAPHS).map((text, i) => ({ id: `w${i + 1}`, text }));

/**
 * Cleans a web page into a reading view with Mozilla's Readability (the Firefox reader mode) on a
 * linkedom document: no script runs, nothing further is fetched. When Readability finds no
 * article (a short page), the body's blocks are used as they are.
 */
export function extractArticle(html: string, url: string): ReadUrlResult {
  const { document } = parseHTML(html);
  const htmlLang = document.documentElement?.getAttribute('lang') ?? '';
  const fallbackTitle = squash(document.querySelector('title')?.textContent ?? '');
  // Readability mutates the document it reads, so it gets its own copy.
  const article = new Readability<Node>(parseHTML(html).document, { serializer: (node) => node, charThreshold: 200 }).parse();
  const root: Node | null = article?.content ?? document.body;
  const texts = root ? collectBlocks(root) : [];
  const title = squash(article?.title ?? '') || fallbackTitle || new URL(url).hostname;
  const byline = squash(article?.byline ?? '');
  return {
    title,
    ...(byline ? { byline } : {}),
    lang: detectLang(article?.lang ?? htmlLang, texts.join('\n')),
    paragraphs: toParagraphs(texts),
  };
}

/** A plain-text page: paragraphs are separated by blank lines. */
export function extractPlainText(text: string, url: string): ReadUrlResult {
  const texts = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map(squash)
    .filter(Boolean);
  return { title: texts[0]?.slice(0, 120) ?? new URL(url).hostname, lang: detectLang('', texts.join('\n')), paragraphs: toParagraphs(texts) };
}
