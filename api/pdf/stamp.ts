import type { PageNumbersOptions, WatermarkOptions } from '@contracts/pdf-tools.js';
import { PdfToolError } from './pdf-tool-error.js';
import type { ToolLimits } from './run-tool.js';

/** Page numbers in any script (issue 30). Placeholder until built. */
export async function stampPageNumbers(_input: string, _output: string, _options: PageNumbersOptions, _limits: ToolLimits): Promise<void> {
  throw new PdfToolError('failed', 'Page numbers are not built yet');
}

/** Text or image watermarks in any script (issue 30). Placeholder until built. */
export async function stampWatermark(_input: string, _output: string, _options: WatermarkOptions, _limits: ToolLimits): Promise<void> {
  throw new PdfToolError('failed', 'Watermarks are not built yet');
}
