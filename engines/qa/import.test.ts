import { describe, expect, it } from 'vitest';
import { parseQaDocument, qaDocumentKind, QA_LIMITS } from './index';
import { CHINESE_HEADERS, qaCsv, qaDocx, qaDocxMarked, qaMarkdown, qaXlsx } from '../../tests/fixtures/qa/documents';
import { EN_PAIRS } from '../../tests/fixtures/qa/docuflow-en';
import { ZH_PAIRS } from '../../tests/fixtures/qa/docuflow-zh';

const strip = (pairs: typeof EN_PAIRS) => pairs.map(({ question, alternatives, answer }) => ({ question, alternatives: [...alternatives], answer }));
const text = (s: string) => new TextEncoder().encode(s);

describe('parseQaDocument: every format reads the datasets back exactly', () => {
  it('CSV with English headers', async () => {
    const result = await parseQaDocument(qaCsv(EN_PAIRS), 'csv');
    expect(result.errors).toEqual([]);
    expect(result.pairs).toEqual(strip(EN_PAIRS));
  });
  it('CSV with Chinese headers 问题/答案/相似问法', async () => {
    const result = await parseQaDocument(qaCsv(ZH_PAIRS, CHINESE_HEADERS), 'csv');
    expect(result.errors).toEqual([]);
    expect(result.pairs).toEqual(strip(ZH_PAIRS));
  });
  it('CSV saved as GB18030 by Excel on Chinese Windows', async () => {
    // "问题,答案\n怎么退款,在账单页申请\n" in GB18030.
    const bytes = new Uint8Array([0xce, 0xca, 0xcc, 0xe2, 0x2c, 0xb4, 0xf0, 0xb0, 0xb8, 0x0a, 0xd4, 0xf5, 0xc3, 0xb4, 0xcd, 0xcb, 0xbf, 0xee, 0x2c, 0xd4, 0xda, 0xd5, 0xcb, 0xb5, 0xa5, 0xd2, 0xb3, 0xc9, 0xea, 0xc7, 0xeb, 0x0a]);
    expect(await parseQaDocument(bytes, 'csv')).toEqual({ pairs: [{ question: '怎么退款', alternatives: [], answer: '在账单页申请' }], errors: [] });
  });
  it('XLSX with columns in another order and an extra column', async () => {
    const result = await parseQaDocument(await qaXlsx(EN_PAIRS), 'xlsx');
    expect(result.errors).toEqual([]);
    expect(result.pairs).toEqual(strip(EN_PAIRS));
  });
  it('DOCX with a heading per question', async () => {
    const result = await parseQaDocument(await qaDocx(EN_PAIRS), 'docx');
    expect(result.errors).toEqual([]);
    expect(result.pairs).toEqual(strip(EN_PAIRS));
  });
  it('DOCX with 问：/答： lines', async () => {
    const result = await parseQaDocument(await qaDocxMarked(ZH_PAIRS, true), 'docx');
    expect(result.errors).toEqual([]);
    expect(result.pairs).toEqual(strip(ZH_PAIRS));
  });
  it('Markdown with title, group heading and question headings', async () => {
    const result = await parseQaDocument(qaMarkdown(ZH_PAIRS), 'md');
    expect(result.errors).toEqual([]);
    expect(result.pairs).toEqual(strip(ZH_PAIRS));
  });
  it('Markdown with Q:/A: lines keeps a multi-line answer and ignores headings', async () => {
    const md = '# FAQ\n\nQ: How do I pay?\nA: By card.\nOr by Alipay.\n\n## Other\nQ：Refunds?\nalternatives: money back | refund\nWithin 14 days.\n';
    expect(await parseQaDocument(text(md), 'md')).toEqual({
      pairs: [
        { question: 'How do I pay?', alternatives: [], answer: 'By card.\nOr by Alipay.' },
        { question: 'Refunds?', alternatives: ['money back', 'refund'], answer: 'Within 14 days.' },
      ],
      errors: [],
    });
  });
});

describe('parseQaDocument: bad rows are reported by line and nothing is imported', () => {
  it('missing question, missing answer, duplicate, too long', async () => {
    const csv = ['question,answer,alternatives', 'How do I pay?,By card.,', ',An orphan answer,', 'Refunds?,,', 'how do  I PAY ?,Twice,', `${'x'.repeat(501)},y,`, `Long?,${'y'.repeat(5001)},`, 'Ok?,Fine,dup|How do I pay?', '', 'Last?,Yes,'].join('\n');
    expect(await parseQaDocument(text(csv), 'csv')).toEqual({
      pairs: [],
      errors: [
        { line: 3, reason: 'missingQuestion' },
        { line: 4, reason: 'missingAnswer' },
        { line: 5, reason: 'duplicateQuestion' },
        { line: 6, reason: 'tooLong' },
        { line: 7, reason: 'tooLong' },
        { line: 8, reason: 'duplicateQuestion' },
      ],
    });
  });
  it('no header, empty file, header only', async () => {
    expect((await parseQaDocument(text('foo,bar\n1,2\n'), 'csv')).errors).toEqual([{ line: 1, reason: 'noHeader' }]);
    expect((await parseQaDocument(text('\n\n'), 'csv')).errors).toEqual([{ line: 1, reason: 'noHeader' }]);
    expect((await parseQaDocument(text('question,answer\n'), 'csv')).errors).toEqual([{ line: 1, reason: 'empty' }]);
    expect((await parseQaDocument(text('Just some notes, no headings.\n'), 'md')).errors).toEqual([{ line: 1, reason: 'empty' }]);
  });
  it('a Markdown question without an answer names its line', async () => {
    expect((await parseQaDocument(text('## One?\nYes.\n## Two?\n\n## Three?\nNo.\n'), 'md')).errors).toEqual([{ line: 3, reason: 'missingAnswer' }]);
  });
  it(`more than ${QA_LIMITS.pairs} pairs`, async () => {
    const rows = Array.from({ length: QA_LIMITS.pairs + 1 }, (_, i) => `Question ${i}?,Answer ${i}`);
    const result = await parseQaDocument(text(`question,answer\n${rows.join('\n')}\n`), 'csv');
    expect(result).toEqual({ pairs: [], errors: [{ line: QA_LIMITS.pairs + 2, reason: 'tooManyPairs' }] });
  });
  it(`exactly ${QA_LIMITS.pairs} pairs are accepted`, async () => {
    const rows = Array.from({ length: QA_LIMITS.pairs }, (_, i) => `Question ${i}?,Answer ${i}`);
    const result = await parseQaDocument(text(`question,answer\n${rows.join('\n')}\n`), 'csv');
    expect(result.errors).toEqual([]);
    expect(result.pairs).toHaveLength(QA_LIMITS.pairs);
  });
});

describe('parseQaDocument: hostile input is refused fast', () => {
  const fast = async (bytes: Uint8Array, kind: Parameters<typeof parseQaDocument>[1]) => {
    const started = performance.now();
    const result = await parseQaDocument(bytes, kind);
    return { result, ms: performance.now() - started };
  };
  it('a corrupt zip as xlsx and docx', async () => {
    const good = await qaXlsx(EN_PAIRS.slice(0, 3));
    const corrupt = good.slice(0, Math.floor(good.length / 2));
    for (const kind of ['xlsx', 'docx'] as const) {
      const { result, ms } = await fast(corrupt, kind);
      expect(result).toEqual({ pairs: [], errors: [{ line: 1, reason: 'unreadable' }] });
      expect(ms).toBeLessThan(2000);
    }
    const flipped = good.slice();
    for (let i = 200; i < flipped.length - 200; i += 7) flipped[i] = (flipped[i] ?? 0) ^ 0x5a;
    expect((await parseQaDocument(flipped, 'xlsx')).errors).toEqual([{ line: 1, reason: 'unreadable' }]);
  });
  it('a CSV with a million columns', async () => {
    const { result, ms } = await fast(text(`question,answer${',x'.repeat(1_000_000)}\nq,a\n`), 'csv');
    expect(result).toEqual({ pairs: [], errors: [{ line: 1, reason: 'unreadable' }] });
    expect(ms).toBeLessThan(2000);
  });
  it('a huge cell', async () => {
    const { result, ms } = await fast(text(`question,answer\nq,"${'y'.repeat(5_000_000)}"\n`), 'csv');
    expect(result).toEqual({ pairs: [], errors: [{ line: 2, reason: 'tooLong' }] });
    expect(ms).toBeLessThan(3000);
  });
  it('a file over the size limit is not parsed at all', async () => {
    const { result, ms } = await fast(new Uint8Array(QA_LIMITS.bytes + 1).fill(0x61), 'csv');
    expect(result).toEqual({ pairs: [], errors: [{ line: 1, reason: 'tooLong' }] });
    expect(ms).toBeLessThan(200);
  });
  it('binary bytes as CSV or Markdown', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 37) % 256);
    expect((await parseQaDocument(bytes, 'csv')).errors).toEqual([{ line: 1, reason: 'unreadable' }]);
    expect((await parseQaDocument(bytes, 'md')).errors).toEqual([{ line: 1, reason: 'unreadable' }]);
  });
  it('a zip bomb declaring a huge unpacked size', async () => {
    const good = await qaXlsx(EN_PAIRS.slice(0, 3));
    const view = new DataView(good.buffer, good.byteOffset, good.byteLength);
    // Rewrite the first central-directory entry's uncompressed size to 4 GB.
    for (let i = good.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === 0x06054b50) {
        const dir = view.getUint32(i + 16, true);
        view.setUint32(dir + 24, 0xfffffff0, true);
        break;
      }
    }
    expect((await parseQaDocument(good, 'xlsx')).errors).toEqual([{ line: 1, reason: 'unreadable' }]);
  });
});

describe('qaDocumentKind', () => {
  it('by extension and content', async () => {
    const xlsx = await qaXlsx(EN_PAIRS.slice(0, 2));
    const docx = await qaDocx(EN_PAIRS.slice(0, 2));
    expect(qaDocumentKind('faq.csv', qaCsv(EN_PAIRS))).toBe('csv');
    expect(qaDocumentKind('FAQ.XLSX', xlsx)).toBe('xlsx');
    expect(qaDocumentKind('faq.docx', docx)).toBe('docx');
    expect(qaDocumentKind('faq.md', qaMarkdown(EN_PAIRS))).toBe('md');
    expect(qaDocumentKind('faq.markdown', qaMarkdown(EN_PAIRS))).toBe('md');
  });
  it('refuses a mismatch between name and bytes', async () => {
    const xlsx = await qaXlsx(EN_PAIRS.slice(0, 2));
    const docx = await qaDocx(EN_PAIRS.slice(0, 2));
    expect(qaDocumentKind('faq.csv', xlsx)).toBeNull();
    expect(qaDocumentKind('faq.md', docx)).toBeNull();
    expect(qaDocumentKind('faq.docx', xlsx)).toBeNull();
    expect(qaDocumentKind('faq.xlsx', docx)).toBeNull();
    expect(qaDocumentKind('faq.xlsx', qaCsv(EN_PAIRS))).toBeNull();
    expect(qaDocumentKind('faq.csv', text('%PDF-1.7\n'))).toBeNull();
    expect(qaDocumentKind('faq.csv', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBeNull();
    expect(qaDocumentKind('faq.txt', qaCsv(EN_PAIRS))).toBeNull();
    expect(qaDocumentKind('faq.csv', new Uint8Array())).toBeNull();
  });
});
