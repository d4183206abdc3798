import type { SignOptions } from '@contracts/pdf-tools.js';
import { EngineError, type ConvertInput, type ConvertOutput } from '@engines/document/types.js';
import type { PdfOpOptions } from './op-options.js';

/** Places the signature, initials and date on the pages (issue 30). Placeholder until built. */
export async function signPdf(_input: ConvertInput, _options: SignOptions, _opts: PdfOpOptions): Promise<ConvertOutput> {
  throw new EngineError('unsupported', 'Signing is not built yet');
}
