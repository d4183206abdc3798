import type { PDFDocument } from 'pdf-lib';

/**
 * Carries the title, author, subject and keywords into a document built from another one's
 * pages, so a split part or reordered file still says what it is in a reader's title bar.
 */
export function copyDocumentInfo(from: PDFDocument, to: PDFDocument): void {
  const title = from.getTitle();
  const author = from.getAuthor();
  const subject = from.getSubject();
  const keywords = from.getKeywords();
  if (title) to.setTitle(title);
  if (author) to.setAuthor(author);
  if (subject) to.setSubject(subject);
  if (keywords) to.setKeywords([keywords]);
}
