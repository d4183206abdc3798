import { QaImportFailure, type RawPair } from './import-rows';
import { checkZip } from './zip-check';

/**
 * Markdown and DOCX are read as a list of blocks (a Markdown line, a DOCX paragraph) and cut
 * into pairs by one rule:
 * - A block starting with `Q:`, `Question:`, `问：` or `问题：` (either colon) starts a pair; the
 *   rest of it is the question. When the document has any such block, headings are only
 *   titles: they end the running answer and start nothing.
 * - Otherwise each heading (Markdown `#`..`######`, DOCX Heading 1-6) of the deepest level the
 *   document uses starts a pair, its text the question; shallower headings are titles ("# Help
 *   centre", "## Billing" over "### How do I get a refund?"): they end the running answer and
 *   their own text is ignored.
 * - The blocks after the question, up to the next start, are the answer. In them a block
 *   starting with `A:`, `Answer:`, `答：` or `答案：` has that marker dropped, and a block
 *   starting with `Alternatives:`, `Also:`, `相似问法：` or `其他问法：` holds the alternatives
 *   (separated by `|`) instead of answer text.
 * - Blocks before the first start (a title, an introduction) are ignored.
 * The line of a pair is the 1-based Markdown line, or DOCX paragraph number, of its question.
 */
export interface Block {
  line: number;
  text: string;
  /** 1-6 for a heading, 0 for body text. */
  heading: number;
}

const QUESTION_MARK = /^\s*(?:q|question|问|问题)\s*[:：]\s*/i;
const ANSWER_MARK = /^\s*(?:a|answer|答|答案)\s*[:：]\s*/i;
const ALTERNATIVES_MARK = /^\s*(?:alternatives?|also|similar questions|相似问法|相似问题|其他问法)\s*[:：]\s*/i;

export function pairsFromBlocks(blocks: readonly Block[]): RawPair[] {
  const marked = blocks.some((b) => QUESTION_MARK.test(b.text));
  const questionLevel = blocks.reduce((deepest, b) => Math.max(deepest, b.heading), 0);
  const pairs: RawPair[] = [];
  let current: { line: number; question: string; answer: string[]; alternatives: string[] } | null = null;
  const close = () => {
    if (current) pairs.push({ line: current.line, question: current.question, answer: current.answer.join('\n'), alternatives: current.alternatives.join('|') });
    current = null;
  };
  for (const block of blocks) {
    if (marked ? QUESTION_MARK.test(block.text) : block.heading === questionLevel && questionLevel > 0) {
      close();
      current = { line: block.line, question: block.text.replace(QUESTION_MARK, ''), answer: [], alternatives: [] };
      continue;
    }
    if (block.heading > 0) {
      close();
      continue;
    }
    if (!current) continue;
    if (ALTERNATIVES_MARK.test(block.text)) current.alternatives.push(block.text.replace(ALTERNATIVES_MARK, ''));
    else current.answer.push(block.text.replace(ANSWER_MARK, ''));
  }
  close();
  return pairs;
}

/** Markdown: ATX headings; a fenced code block is answer text, never a heading or a marker. */
export function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let fenced = false;
  text.split(/\r\n?|\n/).forEach((raw, i) => {
    if (/^\s*(```|~~~)/.test(raw)) fenced = !fenced;
    const heading = fenced ? null : /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(raw);
    if (heading) blocks.push({ line: i + 1, text: heading[2] ?? '', heading: heading[1]?.length ?? 1 });
    else if (fenced) blocks.push({ line: i + 1, text: raw, heading: 0 });
    else blocks.push({ line: i + 1, text: raw.replace(/\s+$/, ''), heading: 0 });
  });
  return blocks;
}

/**
 * DOCX through mammoth's HTML (its style map knows Word's heading styles in every language
 * Word ships). Each paragraph, heading, list item or table cell is one block.
 */
export async function docxBlocks(bytes: Uint8Array): Promise<Block[]> {
  const names = checkZip(bytes);
  if (!names.some((n) => n.startsWith('word/'))) throw new QaImportFailure('unreadable', 1);
  const mod = await import('mammoth');
  // mammoth is CommonJS: Node hands it over as `default`, a bundler may flatten it.
  const mammoth = mod.default ?? mod;
  let html: string;
  try {
    // mammoth's Node build reads `buffer`, its browser build `arrayBuffer`: give both. Images are
    // dropped rather than inlined as base64, since answers are plain text.
    const input = { buffer: bytes, arrayBuffer: bytes.slice().buffer } as unknown as Parameters<typeof mammoth.convertToHtml>[0];
    const convertImage = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));
    html = (await mammoth.convertToHtml(input, { convertImage })).value;
  } catch {
    throw new QaImportFailure('unreadable', 1);
  }
  const blocks: Block[] = [];
  const tag = /<(h[1-6]|p|li|td|th)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g;
  for (const m of html.matchAll(tag)) {
    const name = m[1] ?? 'p';
    const text = htmlText(m[2] ?? '');
    blocks.push({ line: blocks.length + 1, text, heading: name.startsWith('h') ? Number(name.slice(1)) : 0 });
  }
  return blocks;
}

function htmlText(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
