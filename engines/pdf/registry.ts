import { PDF_TOOL_OPTIONS } from '@contracts/pdf-tools.js';
import type { ConvertInput, ConvertOutput } from '@engines/document/types.js';
import type { PdfOpOptions } from './op-options.js';

/** The PDF tools whose engine is `browser` (contracts/pdf-tools.ts): pdf-lib in a worker or a server thread. */
export type PdfBrowserToolKey = 'pdf-merge' | 'pdf-split' | 'pdf-organize' | 'image-to-pdf' | 'pdf-sign';

/**
 * Every browser PDF tool called one way: all the inputs and the options as submitted (checked
 * here with the tool's zod schema), all the results back. A tool that works on each file alone
 * runs once per input.
 */
export type PdfBrowserOp = (inputs: ConvertInput[], options: unknown, opts?: PdfOpOptions) => Promise<ConvertOutput[]>;

type EachOp<O> = (input: ConvertInput, options: O, opts: PdfOpOptions) => Promise<ConvertOutput | ConvertOutput[]>;

/** Runs a one-file tool over every input in turn, progress spread evenly across them. */
function eachInput<O>(op: EachOp<O>, options: O, inputs: ConvertInput[], opts: PdfOpOptions = {}): Promise<ConvertOutput[]> {
  return inputs.reduce<Promise<ConvertOutput[]>>(async (done, input, i) => {
    const outputs = await done;
    const onProgress = opts.onProgress && ((f: number) => opts.onProgress?.((i + f) / inputs.length));
    const result = await op(input, options, { signal: opts.signal, onProgress });
    return outputs.concat(result);
  }, Promise.resolve([]));
}

/**
 * Each tool's operation by key. A loader imports its module, and pdf-lib with it, only when the
 * tool is first used (the pattern of engines/document/engine-registry.ts).
 */
export const PDF_BROWSER_OPS: Record<PdfBrowserToolKey, () => Promise<PdfBrowserOp>> = {
  'pdf-merge': () =>
    import('./merge.js').then((m) => async (inputs, options, opts) => {
      PDF_TOOL_OPTIONS['pdf-merge'].parse(options);
      return [await m.mergePdfs(inputs, opts)];
    }),
  'pdf-split': () =>
    import('./split.js').then((m) => async (inputs, options, opts) => eachInput(m.splitPdf, PDF_TOOL_OPTIONS['pdf-split'].parse(options), inputs, opts)),
  'pdf-organize': () =>
    import('./organize.js').then((m) => async (inputs, options, opts) => eachInput(m.organizePdf, PDF_TOOL_OPTIONS['pdf-organize'].parse(options), inputs, opts)),
  'image-to-pdf': () =>
    import('./images-to-pdf.js').then((m) => async (inputs, options, opts) => [await m.imagesToPdf(inputs, PDF_TOOL_OPTIONS['image-to-pdf'].parse(options), opts)]),
  'pdf-sign': () => import('./sign.js').then((m) => async (inputs, options, opts) => eachInput(m.signPdf, PDF_TOOL_OPTIONS['pdf-sign'].parse(options), inputs, opts)),
};

export function isPdfBrowserTool(key: string): key is PdfBrowserToolKey {
  return Object.hasOwn(PDF_BROWSER_OPS, key);
}
