import type { ReadExportRequest } from '@contracts/ai-read.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { exportInThread, NO_FONT } from '../ai/translate/export-in-thread.js';
import { ThreadFailed } from '../ai/threads/run-in-thread.js';
import { AppError } from '../http/app-error.js';

export interface ExportFile {
  name: string;
  /** The name with non-ASCII characters replaced, for the plain `filename=` of Content-Disposition. */
  asciiName: string;
  mime: string;
  bytes: Uint8Array;
}

const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/**
 * Bilingual export (POST /ai/read/export): the reader sends the paragraphs it shows with their
 * translations and gets a DOCX or a PDF back, written in a worker thread. Built on the server
 * because the PDF needs the CJK font installed here (a 20 MB font has no place in the browser);
 * no quota, since the translations were paid for when they were made, and nothing is stored.
 */
export function createReadExportService() {
  return {
    async build(req: ReadExportRequest): Promise<ExportFile> {
      const base = (req.title || 'bilingual').replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim().slice(0, 80) || 'bilingual';
      const name = `${base} (${req.from}-${req.to}).${req.format}`;
      const asciiName = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_');
      try {
        return { name, asciiName, mime: MIME[req.format], bytes: await exportInThread(req) };
      } catch (err) {
        if (err instanceof ThreadFailed && err.message === NO_FONT) {
          throw new AppError(ErrorCode.UNSUPPORTED_CONTENT, 'No CJK font is installed on the server for a Chinese PDF', { reasonKey: 'translate.export.noFont' });
        }
        throw err;
      }
    },
  };
}
export type ReadExportService = ReturnType<typeof createReadExportService>;
