import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { ReadExportRequest } from '@contracts/ai-read.js';

/** Latin text in Calibri, Chinese in a font every Word and LibreOffice install maps to a CJK face. */
const FONT = { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei' } as const;
const LANG_TAG = { en: 'en-US', zh: 'zh-CN' } as const;

/**
 * A bilingual Word document: the title, then each source paragraph followed by its translation
 * (grey-blue, indented), so a reader can compare them paragraph by paragraph.
 */
export async function bilingualDocx(req: ReadExportRequest): Promise<Uint8Array> {
  const children: Paragraph[] = [];
  if (req.title) children.push(new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: req.title, font: FONT })] }));
  for (const p of req.paragraphs) {
    children.push(new Paragraph({ spacing: { before: 200, after: 60 }, children: [new TextRun({ text: p.source, font: FONT, language: { value: LANG_TAG[req.from] } })] }));
    children.push(
      new Paragraph({
        indent: { left: 360 },
        spacing: { after: 200 },
        children: [new TextRun({ text: p.translation, font: FONT, color: '2F5496', language: { value: LANG_TAG[req.to], eastAsia: 'zh-CN' } })],
      }),
    );
  }
  const doc = new Document({ creator: 'DocuFlow', title: req.title || 'Bilingual document', sections: [{ children }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}
