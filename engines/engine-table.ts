import { extensionOf, type ConvertCard, type FormatGroup } from '@contracts/convert-catalogue.js';
import { pdfToolSpec } from '@contracts/pdf-tools.js';

/**
 * The one table saying where each conversion runs (ARCHITECTURE.md): the browser's worker
 * engines where they can, otherwise the server, which runs the same engine code in worker
 * threads and LibreOffice for layout and for turning legacy files into their modern form. The
 * convert page, the API and the job runner all read it, so a new conversion touches this file
 * and its op.
 */
export type EngineKind = 'browser' | 'server';

/** Pairs the engine ops handle (engines/document), in the browser and in the server's threads. */
export const BROWSER_ENGINE_PAIRS: Record<string, readonly string[]> = {
  xlsx: ['json', 'markdown', 'html', 'word', 'ppt'],
  csv: ['json', 'markdown', 'html', 'word', 'ppt'],
  pdf: ['text', 'html', 'xml', 'word', 'excel', 'ppt'],
  docx: ['text'],
};

/** Legacy and other inputs the engine ops cannot read, by the modern form LibreOffice gives them. */
const MODERN_FORM: Record<string, 'docx' | 'xlsx' | 'pptx'> = {
  doc: 'docx', dot: 'docx', docm: 'docx', dotx: 'docx', dotm: 'docx', rtf: 'docx', odt: 'docx',
  xls: 'xlsx', xlsb: 'xlsx',
  ppt: 'pptx',
};

/** What LibreOffice can be asked to write. */
export type OfficeTarget = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'html' | 'txt';

/** Targets LibreOffice makes directly, with a real layout engine. */
const DIRECT: Partial<Record<FormatGroup, OfficeTarget>> = { pdf: 'pdf', html: 'html', text: 'txt', word: 'docx', excel: 'xlsx', ppt: 'pptx' };

/** One step of a server conversion: LibreOffice to a format, or an engine op. */
export type Step = { office: OfficeTarget } | { engine: string };

export function browserSupports(sourceExt: string, target: string): boolean {
  return BROWSER_ENGINE_PAIRS[sourceExt.toLowerCase()]?.includes(target) ?? false;
}

/** A card as the engine choice sees it: its target, staff's preference when known (default `auto`), and the PDF tool it is, if one. */
type EngineCard = Pick<ConvertCard, 'target'> & { engine?: ConvertCard['engine']; tool?: ConvertCard['tool'] };

/**
 * Where one file of a card runs: `server` when staff forced the server, otherwise the browser
 * when a worker engine reads the file (a card forced to `browser` accepts only such files, see
 * `acceptedFor`), the server when none does. A PDF tool runs where its row in
 * contracts/pdf-tools.ts says: the page tools (pdf-lib) in the browser only for now, compression
 * and encryption (Ghostscript, qpdf) on the server only.
 */
export function pickEngine(card: EngineCard, fileName: string): EngineKind {
  if (card.tool) return pdfToolSpec(card.tool)?.engine ?? 'server';
  if (card.engine === 'server') return 'server';
  return browserSupports(extensionOf(fileName), card.target) ? 'browser' : 'server';
}

/** True when the browser engines can do at least one of the card's input formats: only then may staff force `browser`. */
export function browserCapable(card: Pick<ConvertCard, 'target' | 'acceptedExtensions'>): boolean {
  return card.acceptedExtensions.some((ext) => browserSupports(ext, card.target));
}

/** The input formats a card takes: all of its source group's, or with `browser` forced only those the browser reads. */
export function acceptedFor(card: Pick<ConvertCard, 'target' | 'acceptedExtensions'> & { engine?: ConvertCard['engine']; tool?: ConvertCard['tool'] }): string[] {
  if (card.tool) return card.acceptedExtensions;
  return card.engine === 'browser' ? card.acceptedExtensions.filter((ext) => browserSupports(ext, card.target)) : card.acceptedExtensions;
}

/** Output extension for a card: its first target extension. */
export function outputExtension(card: Pick<ConvertCard, 'targetExtensions'>): string {
  return card.targetExtensions[0] ?? 'bin';
}

/**
 * How the server converts `ext` to `target`: layout targets (PDF, presentation HTML) go to
 * LibreOffice; the rest runs the engine ops, after LibreOffice has turned a legacy input into its
 * modern form (xls → xlsx → JSON). Null when nothing can.
 */
export function planSteps(ext: string, target: FormatGroup): Step[] | null {
  const viaLayout = target === 'pdf' || (target === 'html' && (ext === 'ppt' || ext === 'pptx'));
  if (!viaLayout && browserSupports(ext, target)) return [{ engine: target }];
  const modern = MODERN_FORM[ext];
  if (!viaLayout && modern && browserSupports(modern, target)) return [{ office: modern }, { engine: target }];
  const direct = DIRECT[target];
  return direct ? [{ office: direct }] : null;
}
