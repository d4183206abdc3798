import { BROWSER_ENGINE_PAIRS } from '@engines/engine-table.js';
import { EngineError, type ConvertOp } from './types.js';

type Loader = () => Promise<ConvertOp>;

/**
 * The browser engine's operations by (source extension, target group). Each loads its module,
 * and with it its heavy library, only when first used. The pairs match BROWSER_ENGINE_PAIRS,
 * which the API checks; a test keeps the two in step.
 */
const excel: Record<string, Loader> = {
  json: () => import('./excel-to-json.js').then((m) => m.excelToJson),
  markdown: () => import('./excel-to-markdown.js').then((m) => m.excelToMarkdown),
  html: () => import('./excel-to-html.js').then((m) => m.excelToHtml),
  word: () => import('./excel-to-docx.js').then((m) => m.excelToDocx),
  ppt: () => import('./excel-to-pptx.js').then((m) => m.excelToPptx),
};

export const ENGINE_OPS: Record<string, Record<string, Loader>> = {
  xlsx: excel,
  csv: excel,
  pdf: {
    text: () => import('./pdf-to-txt.js').then((m) => m.pdfToTxt),
    html: () => import('./pdf-to-html.js').then((m) => m.pdfToHtml),
    xml: () => import('./pdf-to-xml.js').then((m) => m.pdfToXml),
    word: () => import('./pdf-to-docx.js').then((m) => m.pdfToDocx),
    excel: () => import('./pdf-to-xlsx.js').then((m) => m.pdfToXlsx),
    ppt: () => import('./pdf-to-pptx.js').then((m) => m.pdfToPptx),
  },
  docx: {
    text: () => import('./docx-to-txt.js').then((m) => m.docxToTxt),
  },
};

export function loadOp(sourceExt: string, target: string): Promise<ConvertOp> {
  const loader = ENGINE_OPS[sourceExt.toLowerCase()]?.[target];
  if (!loader || !BROWSER_ENGINE_PAIRS[sourceExt.toLowerCase()]?.includes(target)) {
    return Promise.reject(new EngineError('unsupported', `No browser engine for ${sourceExt} → ${target}`));
  }
  return loader();
}
