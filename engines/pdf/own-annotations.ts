import { PDFArray, PDFDict, PDFName, PDFRef, type PDFPage } from 'pdf-lib';

/**
 * Gives a repeated page its own copies of its annotations. pdf-lib's copyPages shares them
 * between the copies of one source page, and an annotation belongs to exactly one page (ISO
 * 32000-1, 12.5.2): readers would move or delete a link on both pages at once.
 */
export function ownAnnotations(page: PDFPage): void {
  const annots = page.node.Annots();
  if (!annots) return;
  const { context } = page.doc;
  const copies = annots.asArray().map((entry) => {
    const annot = entry instanceof PDFRef ? context.lookup(entry) : entry;
    if (!(annot instanceof PDFDict)) return entry;
    const copy = annot.clone(context);
    if (copy.has(PDFName.of('P'))) copy.set(PDFName.of('P'), page.ref);
    return context.register(copy);
  });
  page.node.set(PDFName.Annots, PDFArray.withContext(context));
  const own = page.node.Annots();
  for (const ref of copies) own?.push(ref);
}
