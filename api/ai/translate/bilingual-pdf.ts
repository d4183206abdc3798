import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import type { ReadExportRequest } from '@contracts/ai-read.js';

/** Noto Sans CJK (Debian's fonts-noto-cjk) covers Latin and Chinese in one face; the first that exists is used. */
const CJK_FONTS = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', face: 'NotoSerifCJKsc-Regular' },
];

let fontBytes: Promise<{ bytes: Buffer; face: string } | null> | undefined;

/** The CJK font, read once per process (the collection is ~20 MB; pdfkit embeds only the glyphs used). */
function cjkFont(): Promise<{ bytes: Buffer; face: string } | null> {
  fontBytes ??= (async () => {
    const found = CJK_FONTS.find((f) => existsSync(f.path));
    return found ? { bytes: await readFile(found.path), face: found.face } : null;
  })();
  return fontBytes;
}

export class NoCjkFont extends Error {}

const MARGIN = 56;

/**
 * A bilingual PDF (A4): the title, then each source paragraph followed by its translation in
 * grey-blue, indented. Text stays text (selectable, searchable); Chinese needs the CJK font, so
 * without one installed a document holding Chinese is refused (NoCjkFont) instead of printing boxes.
 */
export async function bilingualPdf(req: ReadExportRequest): Promise<Uint8Array> {
  const font = await cjkFont();
  const all = [req.title, ...req.paragraphs.flatMap((p) => [p.source, p.translation])].join('\n');
  if (!font && /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(all)) throw new NoCjkFont('no CJK font installed');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: req.title || 'Bilingual document', Creator: 'DocuFlow' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (font) {
    doc.registerFont('body', font.bytes, font.face);
    doc.font('body');
  }
  if (req.title) doc.fontSize(18).fillColor('#111111').text(req.title, MARGIN, undefined, { width: doc.page.width - 2 * MARGIN }).moveDown(0.8);
  const width = doc.page.width - 2 * MARGIN;
  for (const p of req.paragraphs) {
    doc.fontSize(11).fillColor('#111111').text(p.source, MARGIN, undefined, { width, lineGap: 2 });
    doc.moveDown(0.25);
    doc.fillColor('#2F5496').text(p.translation, MARGIN + 18, undefined, { width: width - 18, lineGap: 2 });
    doc.moveDown(0.8);
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
