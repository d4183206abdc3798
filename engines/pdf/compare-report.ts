import { BlendMode, PDFHexString, rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { Change, PageBox } from './compare-diff.js';
import { loadPdf, savePdf } from './load.js';

export interface ReportLabels {
  removed: string;
  replaced: string;
}

export const DEFAULT_LABELS: ReportLabels = { removed: 'Removed', replaced: 'Was' };

const ADDED = rgb(0.16, 0.72, 0.3);
const REMOVED = rgb(0.86, 0.14, 0.14);
/** A note's text is cut here: a removed chapter needs no full copy in a tooltip. */
const NOTE_LIMIT = 1000;
const NOTE_SIZE = 14;

const cut = (text: string) => (text.length > NOTE_LIMIT ? `${text.slice(0, NOTE_LIMIT)}…` : text);

/** Our boxes are from the visible area's top left (pdf.js `view`); pdf-lib draws in user space from the bottom left. */
function toUserSpace(page: PDFPage, box: PageBox) {
  const crop = page.getCropBox();
  return { x: crop.x + box.x, y: crop.y + crop.height - box.y - box.height, width: box.width, height: box.height };
}

/** A sticky note (ISO 32000-1, 12.5.6.4) with the older words: readers show it on hover or click. */
function addNote(doc: PDFDocument, page: PDFPage, at: PageBox, text: string): void {
  const { x, y, height } = toUserSpace(page, at);
  const top = y + height;
  const note = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Text',
    Rect: [x - NOTE_SIZE, top, x, top + NOTE_SIZE],
    Contents: PDFHexString.fromText(cut(text)),
    Name: 'Comment',
    C: [0.86, 0.14, 0.14],
    // Printable (4), so the printed report shows where words went.
    F: 4,
    P: page.ref,
  });
  page.node.addAnnot(doc.context.register(note));
}

/**
 * The newer version with its differences marked: inserted or changed words under a green
 * highlight (drawn over the page, multiplied, so the text stays readable and extractable), a red
 * caret where words were taken out, and a note with the older words on each change that removed any.
 */
export async function markChanges(newer: Uint8Array, changes: readonly Change[], labels: ReportLabels = DEFAULT_LABELS): Promise<Uint8Array> {
  const doc = await loadPdf(newer);
  const pages = doc.getPages();
  for (const change of changes) {
    for (const box of change.newBoxes) {
      const page = pages[box.page - 1];
      if (page) page.drawRectangle({ ...toUserSpace(page, box), color: ADDED, opacity: 0.35, blendMode: BlendMode.Multiply });
    }
    if (change.newAnchor) {
      const page = pages[change.newAnchor.page - 1];
      if (page) page.drawRectangle({ ...toUserSpace(page, change.newAnchor), color: REMOVED, opacity: 0.9 });
    }
    const at = change.newBoxes[0] ?? change.newAnchor;
    const page = at && pages[at.page - 1];
    if (change.removed && at && page) addNote(doc, page, at, `${change.added ? labels.replaced : labels.removed}: “${change.removed}”`);
  }
  return savePdf(doc);
}
