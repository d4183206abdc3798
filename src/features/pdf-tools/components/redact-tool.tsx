import type { PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';

/** Placeholder until the tool's page is built (issue 30). */
export function RedactTool(_props: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  return null;
}
