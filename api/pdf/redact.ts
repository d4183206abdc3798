import type { RedactOptions } from '@contracts/pdf-tools.js';
import { PdfToolError } from './pdf-tool-error.js';
import type { ToolLimits } from './run-tool.js';

/** Redaction that removes what is under each box (issue 30). Placeholder until built. */
export async function redactPdf(_input: string, _output: string, _options: RedactOptions, _limits: ToolLimits): Promise<void> {
  throw new PdfToolError('failed', 'Redaction is not built yet');
}
