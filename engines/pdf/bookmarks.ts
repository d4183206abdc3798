import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFString, type PDFDocument, type PDFObject } from 'pdf-lib';

/** A top-level bookmark: its title and the page (0-based) it opens. */
export interface Bookmark {
  title: string;
  pageIndex: number;
}

/** Outline items past this are not read: a loop in a damaged outline must not hang the worker. */
const MAX_ITEMS = 10_000;

const textOf = (obj: PDFObject | undefined): string | undefined => (obj instanceof PDFString || obj instanceof PDFHexString ? obj.decodeText() : obj instanceof PDFName ? obj.decodeText() : undefined);

/**
 * The document's top-level bookmarks in outline order, each with the page it points to: an
 * explicit destination (`/Dest [page …]`), a GoTo action (`/A << /S /GoTo /D … >>`) or a named
 * destination (the catalog's `/Dests` dictionary or its `/Names /Dests` name tree, as LibreOffice
 * and Word write them). Bookmarks that lead to no page of this document are left out.
 */
export function topLevelBookmarks(doc: PDFDocument): Bookmark[] {
  const { context, catalog } = doc;
  const pageIndexByRef = new Map(doc.getPages().map((page, i) => [page.ref.toString(), i]));
  const lookupDict = (obj: PDFObject | undefined) => {
    const resolved = obj instanceof PDFRef ? context.lookup(obj) : obj;
    return resolved instanceof PDFDict ? resolved : undefined;
  };
  const resolve = (obj: PDFObject | undefined) => (obj instanceof PDFRef ? context.lookup(obj) : obj);

  const named = namedDestinations(doc, lookupDict, resolve);
  const pageOfDest = (dest: PDFObject | undefined, depth = 0): number | undefined => {
    const value = resolve(dest);
    if (value instanceof PDFArray) {
      const target = value.get(0);
      return target instanceof PDFRef ? pageIndexByRef.get(target.toString()) : undefined;
    }
    // A dictionary destination (`<< /D [...] >>`) as named-destination values may be.
    if (value instanceof PDFDict && depth < 2) return pageOfDest(value.get(PDFName.of('D')), depth + 1);
    const name = textOf(value);
    return name !== undefined && depth < 2 ? pageOfDest(named.get(name), depth + 1) : undefined;
  };

  const outlines = lookupDict(catalog.get(PDFName.of('Outlines')));
  const bookmarks: Bookmark[] = [];
  const seen = new Set<string>();
  let item = outlines?.get(PDFName.of('First'));
  for (let n = 0; item instanceof PDFRef && n < MAX_ITEMS && !seen.has(item.toString()); n += 1) {
    seen.add(item.toString());
    const dict = lookupDict(item);
    if (!dict) break;
    const action = lookupDict(dict.get(PDFName.of('A')));
    const isGoTo = action && resolve(action.get(PDFName.of('S'))) === PDFName.of('GoTo');
    const pageIndex = pageOfDest(dict.get(PDFName.of('Dest')) ?? (isGoTo ? action.get(PDFName.of('D')) : undefined));
    if (pageIndex !== undefined) bookmarks.push({ title: (textOf(resolve(dict.get(PDFName.of('Title')))) ?? '').trim(), pageIndex });
    item = dict.get(PDFName.of('Next'));
  }
  return bookmarks;
}

/** Named destinations by name, from the PDF 1.1 `/Dests` dictionary and the `/Names /Dests` tree. */
function namedDestinations(
  doc: PDFDocument,
  lookupDict: (obj: PDFObject | undefined) => PDFDict | undefined,
  resolve: (obj: PDFObject | undefined) => PDFObject | undefined,
): Map<string, PDFObject> {
  const named = new Map<string, PDFObject>();
  const old = lookupDict(doc.catalog.get(PDFName.of('Dests')));
  for (const [key, value] of old?.entries() ?? []) named.set(key.decodeText(), value);

  const root = lookupDict(lookupDict(doc.catalog.get(PDFName.of('Names')))?.get(PDFName.of('Dests')));
  const stack = root ? [root] : [];
  const visited = new Set<PDFDict>();
  while (stack.length > 0 && visited.size < MAX_ITEMS) {
    const node = stack.pop()!;
    if (visited.has(node)) continue;
    visited.add(node);
    const names = resolve(node.get(PDFName.of('Names')));
    if (names instanceof PDFArray) {
      for (let i = 0; i + 1 < names.size(); i += 2) {
        const key = textOf(resolve(names.get(i)));
        if (key !== undefined) named.set(key, names.get(i + 1));
      }
    }
    const kids = resolve(node.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) for (const kid of kids.asArray()) if (lookupDict(kid)) stack.push(lookupDict(kid)!);
  }
  return named;
}
