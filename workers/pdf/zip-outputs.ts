import type { ConvertOutput } from '@engines/document/types.js';

/**
 * The parts of one result in one zip (a split's files). PDFs deflate a little further, but their
 * streams are mostly compressed already, so they are stored: the zip is built at copy speed.
 */
export async function zipOutputs(outputs: ConvertOutput[], name: string): Promise<ConvertOutput> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const output of outputs) zip.file(output.name, output.bytes, { binary: true, compression: 'STORE' });
  const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
  return { name, mime: 'application/zip', bytes };
}
