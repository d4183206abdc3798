import type { ReadUrlResult } from '@contracts/ai-read.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { fetchPage, type PageFetchOptions } from '../ai/fetch/fetch-page.js';
import { PageFetchError, type PageFetchFailure } from '../ai/fetch/fetch-errors.js';
import { ExtractFailed, extractInThread } from '../ai/readability/extract-in-thread.js';
import { AppError } from '../http/app-error.js';

/** Each failure of the fetcher as the error the reader shows; `data.reasonKey` is a key of the `translate` namespace. */
function toAppError(f: PageFetchFailure): AppError {
  switch (f.kind) {
    case 'invalidUrl':
      return new AppError(ErrorCode.VALIDATION_FAILED, 'Not an http(s) URL', { url: 'validation.urlInvalid' });
    case 'refused':
      return new AppError(ErrorCode.FORBIDDEN, `Refused address (${f.reason})`, { reason: f.reason, reasonKey: `translate.urlRefused.${f.reason}` });
    case 'tooLarge':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `Page larger than ${f.limitBytes} bytes`, { limitBytes: f.limitBytes, reasonKey: 'translate.urlErrors.tooLarge' });
    case 'contentType':
      return new AppError(ErrorCode.UNSUPPORTED_CONTENT, `Not a web page (${f.contentType})`, { contentType: f.contentType, reasonKey: 'translate.urlErrors.contentType' });
    case 'timeout':
      return new AppError(ErrorCode.PAGE_UNREACHABLE, `No answer within ${f.limitMs} ms`, { reason: 'timeout', reasonKey: 'translate.urlErrors.timeout' });
    case 'status':
      return new AppError(ErrorCode.PAGE_UNREACHABLE, `The page's server answered ${f.status}`, { reason: 'status', status: f.status, reasonKey: 'translate.urlErrors.status' });
    case 'tooManyRedirects':
      return new AppError(ErrorCode.PAGE_UNREACHABLE, `More than ${f.limit} redirects`, { reason: 'redirects', reasonKey: 'translate.urlErrors.redirects' });
    case 'network':
      return new AppError(ErrorCode.PAGE_UNREACHABLE, `Unreachable (${f.detail})`, { reason: 'network', reasonKey: 'translate.urlErrors.network' });
  }
}

/**
 * Web pages for the reading assistant (POST /ai/read/url): fetched by the guarded fetcher
 * (api/ai/fetch), then decoded by their charset and cleaned by Readability into paragraphs
 * w1, w2, … in a worker thread (api/ai/readability/extract-in-thread.ts).
 * Free of quota (reading is offline-capable; only translation spends uses), rate-limited per user.
 */
export function createReaderService(fetchOptions: PageFetchOptions = {}) {
  return {
    async readUrl(url: string): Promise<ReadUrlResult> {
      let page;
      try {
        page = await fetchPage(url, fetchOptions);
      } catch (err) {
        if (err instanceof PageFetchError) throw toAppError(err.failure);
        throw err;
      }
      try {
        return await extractInThread({ url: page.url, html: page.mime !== 'text/plain', charset: page.charset, body: page.body });
      } catch (err) {
        // A page Readability cannot clean in time or memory is, to the reader, a page that cannot be read.
        if (err instanceof ExtractFailed) throw new AppError(ErrorCode.PAGE_UNREACHABLE, err.message, { reason: 'unreadable', reasonKey: 'translate.urlErrors.unreadable' });
        throw err;
      }
    },
  };
}
export type ReaderService = ReturnType<typeof createReaderService>;
