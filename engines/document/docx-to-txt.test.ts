import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tests/helpers/corpus';
import { SAMPLE_DOCX_TEXT, sampleDocx } from '../../tests/helpers/fixtures/spreadsheets';
import { docxToTxt } from './docx-to-txt';

const text = async (bytes: Uint8Array, name = 'doc.docx') => new TextDecoder().decode((await docxToTxt({ name, bytes })).bytes);

/** A .docx holding only `body` (and `numbering`, if given), for markup the docx library does not write. */
async function docxWithBody(body: string, numbering?: string): Promise<Uint8Array> {
  const zip = new JSZip();
  if (numbering) zip.file('word/numbering.xml', `<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${numbering}</w:numbering>`);
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array' });
}

const p = (...runs: string[]) => `<w:p>${runs.map((r) => `<w:r><w:t xml:space="preserve">${r}</w:t></w:r>`).join('')}</w:p>`;

describe('docx → txt', () => {
  it('gives paragraphs, tabs, breaks, lists and table rows in order, without deleted text', async () => {
    const out = await docxToTxt({ name: '报告.docx', bytes: await sampleDocx() });
    expect(out).toMatchObject({ name: '报告.txt', mime: 'text/plain;charset=utf-8' });
    expect(new TextDecoder().decode(out.bytes)).toBe(SAMPLE_DOCX_TEXT);
  });

  it('reads text boxes once, content controls, entities, spans, nested tables, moves and fields', async () => {
    const textBox = (label: string) => `<w:r><w:drawing><wps:txbx xmlns:wps="x"><w:txbxContent>${p(label)}</w:txbxContent></wps:txbx></w:drawing></w:r>`;
    const body = [
      `<w:p><w:r><w:t>Before</w:t></w:r><mc:AlternateContent><mc:Choice Requires="wps">${textBox('盒子 box')}</mc:Choice><mc:Fallback>${textBox('fallback copy')}</mc:Fallback></mc:AlternateContent></w:p>`,
      `<w:sdt><w:sdtPr><w:alias w:val="a &gt; b"/></w:sdtPr><w:sdtContent>${p('Fish &amp; chips &lt;3 &#x4E2D;&#25991;')}</w:sdtContent></w:sdt>`,
      '<w:tbl><w:tblPr/><w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>' + p('wide') + '</w:tc><w:tc>' + p('c') + '</w:tc></w:tr>',
      '<w:tr><w:tc>' + p('a1') + p('a2') + '</w:tc><w:tc><w:tbl><w:tr><w:tc>' + p('inner') + '</w:tc></w:tr></w:tbl>' + p('') + '</w:tc><w:tc>' + p('z') + '</w:tc></w:tr></w:tbl>',
      '<w:p><w:moveFrom><w:r><w:t>moved away </w:t></w:r></w:moveFrom><w:r><w:t>Moved:</w:t></w:r><w:moveTo><w:r><w:t xml:space="preserve"> here</w:t></w:r></w:moveTo></w:p>',
      '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>',
    ].join('');
    expect(await text(await docxWithBody(body))).toBe('Before\n盒子 box\nFish & chips <3 中文\nwide\t\tc\na1 a2\tinner\tz\nMoved: here\n7\n');
  });

  it('numbers Chinese, lettered and restarted lists as Word shows them', async () => {
    const lvl = (ilvl: number, fmt: string, text: string, start = 1) =>
      `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/></w:lvl>`;
    const numbering = [
      `<w:abstractNum w:abstractNumId="0">${lvl(0, 'chineseCounting', '%1、')}${lvl(1, 'lowerLetter', '%2)')}${lvl(2, 'upperRoman', '%1.%3')}</w:abstractNum>`,
      '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>',
      '<w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="11"/></w:lvlOverride></w:num>',
    ].join('');
    const item = (numId: number, ilvl: number, label: string) =>
      `<w:p><w:pPr><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${label}</w:t></w:r></w:p>`;
    const body = [item(1, 0, '总则'), item(1, 1, 'scope'), item(1, 1, 'terms'), item(1, 2, 'deep'), item(1, 2, 'deeper'), item(1, 0, '附则'), item(1, 1, 'again'), item(2, 0, '十一')].join('');
    expect(await text(await docxWithBody(body, numbering))).toBe(
      '一、 总则\n  a) scope\n  b) terms\n    一.I deep\n    一.II deeper\n二、 附则\n  a) again\n十一、 十一\n',
    );
  });

  it('finds a main part that is not word/document.xml through the package relationships', async () => {
    const zip = new JSZip();
    zip.file('_rels/.rels', '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/word/document2.xml"/></Relationships>');
    zip.file('word/document2.xml', `<w:document xmlns:w="w"><w:body>${p('在线 online')}</w:body></w:document>`);
    expect(await text(await zip.generateAsync({ type: 'uint8array' }))).toBe('在线 online\n');
  });

  it('refuses corrupt input, a zip without a document, legacy .doc and an empty document', async () => {
    const sample = await sampleDocx();
    await expect(docxToTxt({ name: 'x.docx', bytes: sample.slice(0, 300) })).rejects.toMatchObject({ reason: 'unreadable' });
    const zip = new JSZip();
    zip.file('hello.txt', 'hi');
    await expect(docxToTxt({ name: 'x.docx', bytes: await zip.generateAsync({ type: 'uint8array' }) })).rejects.toMatchObject({ reason: 'unreadable' });
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(docxToTxt({ name: 'old.doc', bytes: ole })).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(docxToTxt({ name: 'blank.docx', bytes: await docxWithBody('<w:p/><w:p><w:r><w:t> </w:t></w:r></w:p>') })).rejects.toMatchObject({ reason: 'empty' });
  });
});

/** Lines (or line starts) known to be in each corpus file, in document order. */
const CORPUS_LINES: Record<string, string[]> = {
  'word_sample.docx': [
    'Summer activities',
    'Swimming in the lake',
    'Figure 1: This is a cute duckling',
    'To get started with swimming, first lay down in a water and try not to drown:',
    '• You can relax and look around',
    '1. Wear sunglasses',
    '3. Use sun cream',
    '\tFood\tCalories per portion',
    'Leaves\tAsh, Elm, Maple\t50',
    'Grain\tCorn, Buckwheat, Barley\t200',
    '3. Grain',
  ],
  'word_tables.docx': [
    'A uniform table',
    'Header 0.0\tHeader 0.1\tHeader 0.2',
    'Cell 1.0\tMerged Cell 1.1 1.2\t',
    'Cell 1.0\tMerged Cell 1.1 1.2\t\tCell 1.3',
    'Cell 3.0\tMerged Cell 3.1 4.1\tCell 3.2',
    'Cell 4.0\t\tCell 4.2\t\tMerged Cell 4.4 5.4',
    '\t\t\t\tCell 8.4',
    '\tCell 1.1',
  ],
  'lorem_ipsum.docx': ['Lorem ipsum dolor sit amet', 'Duis condimentum dui eget', 'Maecenas id neque pharetra', 'Duis ac tellus sed turpis', 'Nunc vehicula mattis erat'],
  'docx_lists.docx': [
    'Test Document',
    'Test 1:',
    '• List item 1',
    '  • List item 1.1',
    '    • List item 1.1.1',
    '1. First item with numId 2',
    '4. Fourth item with numId 2',
    '1. Single item of a new list',
    '• First item',
    '  • Sub-item A',
    '1. ORCHARD MAP AND GARDEN NOTES',
    '  1.1 Morning Walk',
    '    • Buy fresh bread from the corner bakery',
    '3. WORKSHOP AND TOOL SHED',
  ],
  'markitdown_test.docx': [
    'AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation',
    'Abstract',
    'd666f1f7-46cb-42bd-9a39-9a39cf2a509f',
    'Here is a random table for .docx parsing test purposes:',
    '1\t2\t3\t4\t5\t6',
    '13\t14\t49e168b7-d2ae-407f-a055-2167576f39a1\t15\t16\t17',
    'Test Image:',
  ],
};

describe('docx → txt on the shared corpus', () => {
  it.each(Object.entries(CORPUS_LINES))('%s holds its known lines in order', async (file, expected) => {
    const lines = (await text(readCorpus(file), file)).split('\n');
    let from = 0;
    for (const wanted of expected) {
      const at = lines.findIndex((line, i) => i >= from && line.startsWith(wanted));
      expect(at, `"${wanted}" after line ${from}`).toBeGreaterThanOrEqual(0);
      from = at + 1;
    }
  });
});
