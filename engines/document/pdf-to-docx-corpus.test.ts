import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../tests/helpers/markdown-blocks';
import { corpusPath, readCorpus, readExpected, scoredPdfs } from '../../tests/helpers/corpus';
import { readDocx } from '../../tests/helpers/read-pdf-results';
import { stripMarkdown, wordSimilarity } from '../../tests/helpers/word-similarity';
import { pdfToDocx } from './pdf-to-docx';

/** Every corpus PDF its source project scored: the ones with an `.expected.md`. */
const SCORED = scoredPdfs();

function paragraphsOutsideTables(xml: string): number {
  const body = xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, '<w:p><w:t>table</w:t></w:p>');
  return (body.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).filter((p) => /<w:t(?: [^>]*)?>[^<]*\S[^<]*<\/w:t>/.test(p)).length;
}

describe('pdfToDocx on every scored corpus PDF (issue 15 acceptance)', () => {
  it('finds the scored PDFs', () => {
    expect(SCORED.length).toBeGreaterThanOrEqual(6);
  });

  it.for(SCORED)('%s: words in order, paragraphs like the original, pages kept, no text boxes, under 10 s', { timeout: 60_000 }, async (name) => {
    const pdf = readCorpus(name);
    const markdown = readExpected(name.replace(/\.pdf$/, '.expected.md'));
    const start = performance.now();
    const out = await pdfToDocx({ name, bytes: pdf });
    const ms = performance.now() - start;
    const doc = await readDocx(out.bytes);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [corpusPath(name)], { encoding: 'utf8' }))?.[1]);
    const truth = markdownBlocks(markdown, { eachListItem: true });
    expect(wordSimilarity(doc.text, stripMarkdown(markdown))).toBeGreaterThanOrEqual(0.93);
    expect(Math.abs(paragraphsOutsideTables(doc.xml) - truth) / truth).toBeLessThanOrEqual(0.25);
    expect(doc.textBoxes).toBe(0);
    expect(doc.pages).toBe(pages);
    expect(ms).toBeLessThan(10_000);
  });
});
