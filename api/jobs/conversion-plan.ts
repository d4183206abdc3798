import type { FormatGroup } from '../contracts/convert-catalogue.js';
import { browserSupports } from '../contracts/convert-engines.js';
import type { OfficeTarget } from './office-port.js';

/** One step of a server conversion: LibreOffice to a format, or an engine op run in Node. */
export type Step = { office: OfficeTarget } | { engine: string };

/** Legacy and other inputs the engine ops cannot read, by the modern form LibreOffice gives them. */
const MODERN_FORM: Record<string, string> = {
  doc: 'docx', dot: 'docx', docm: 'docx', dotx: 'docx', dotm: 'docx', rtf: 'docx', odt: 'docx',
  xls: 'xlsx', xlsb: 'xlsx',
  ppt: 'pptx',
};

const MODERN_OFFICE_TARGET: Record<string, OfficeTarget> = { docx: 'docx', xlsx: 'xlsx', pptx: 'pptx' };

/** Targets LibreOffice makes directly, with a real layout engine. */
const DIRECT: Partial<Record<FormatGroup, OfficeTarget>> = { pdf: 'pdf', html: 'html', text: 'txt', word: 'docx', excel: 'xlsx', ppt: 'pptx' };

/**
 * How the server converts `ext` to `target`: layout targets (PDF, presentation HTML) go to
 * LibreOffice; the rest runs the same engine code as the browser, after LibreOffice has turned a
 * legacy input into its modern form (xls → xlsx → JSON). Null when nothing can.
 */
export function planSteps(ext: string, target: FormatGroup): Step[] | null {
  const viaLayout = target === 'pdf' || (target === 'html' && (ext === 'ppt' || ext === 'pptx'));
  if (!viaLayout && browserSupports(ext, target)) return [{ engine: target }];
  const modern = MODERN_FORM[ext];
  if (!viaLayout && modern && browserSupports(modern, target)) return [{ office: MODERN_OFFICE_TARGET[modern]! }, { engine: target }];
  const direct = DIRECT[target];
  return direct ? [{ office: direct }] : null;
}
