import type { ConvertInput, ConvertOutput } from '@engines/document/types.js';
import { EngineError } from '@engines/document/types.js';
import type { PdfOpOptions } from '@engines/pdf/op-options.js';

/** Two versions in, the newer one with its differences marked out (issue 30). Placeholder until built. */
export async function runCompare(_inputs: ConvertInput[], _options: unknown, _opts: PdfOpOptions): Promise<ConvertOutput[]> {
  throw new EngineError('unsupported', 'Compare is not built yet');
}
