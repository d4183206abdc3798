/**
 * Paragraph count of a Markdown ground truth, counted the way `readDocx(...).blocks` counts a
 * Word body: each paragraph, heading, code fence or caption once, a run of list items once, a
 * table once. HTML comments (`<!-- image -->`) are placeholders, not text.
 *
 * Some ground truths (markitdown's) are text dumps with one line per PDF line and no blank line
 * between paragraphs. There a line joins the one before it when that one is wrapped (at least
 * 3/4 as long as the block's longest line, without a closing full stop or colon), and a block
 * that starts in lower case continues the wrapped block before it (a page break in the dump).
 */
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+/;
const TABLE_ROW = /^\s*\|/;

function wrapped(line: string, longest: number): boolean {
  return longest >= 60 && line.length >= 0.75 * longest && !/[.:!?]["')\]]?$/.test(line.trim());
}

export function markdownBlocks(markdown: string, opts: { eachListItem?: boolean } = {}): number {
  const chunks = markdown
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/```[\s\S]*?```/g, '@@code@@')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim().length > 0))
    .filter((lines) => lines.length > 0);
  let blocks = 0;
  let previous: 'list' | 'table' | 'text' | 'open' | null = null;
  for (const lines of chunks) {
    const longest = Math.max(...lines.map((line) => (TABLE_ROW.test(line) ? 0 : line.length)));
    for (const [i, line] of lines.entries()) {
      const kind = TABLE_ROW.test(line) ? 'table' : LIST_ITEM.test(line) ? 'list' : 'text';
      const continues =
        (kind === 'table' && previous === 'table') ||
        (kind === 'list' && previous === 'list' && !opts.eachListItem) ||
        (kind === 'text' && previous === 'open' && (i > 0 || /^[a-z]/.test(line.trim())));
      if (!continues) blocks++;
      previous = kind === 'text' && wrapped(line, longest) ? 'open' : kind;
    }
  }
  return blocks;
}
