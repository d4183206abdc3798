import { ErrorCode } from '@contracts/error-codes';
import { loadUserInfo } from './account-api';
import { API_BASE, ApiError, ClientErrorCode, ensureXsrfToken } from './api-client';

export interface SubmitAnswer {
  documentId: string;
  files: { fileId: string; name: string; size: number }[];
}

function toError(xhr: XMLHttpRequest): ApiError | null {
  try {
    const body = JSON.parse(xhr.responseText) as { code?: unknown; msg?: unknown; data?: unknown };
    if (typeof body.code !== 'number') throw new Error('no code');
    if (body.code === ErrorCode.OK) return null;
    return new ApiError(body.code, body.data ?? null, typeof body.msg === 'string' ? body.msg : '', xhr.status);
  } catch {
    const code = xhr.status >= 500 ? ErrorCode.INTERNAL : xhr.status === 413 ? ErrorCode.PAYLOAD_TOO_LARGE : ClientErrorCode.BAD_RESPONSE;
    return new ApiError(code, null, `HTTP ${xhr.status}`, xhr.status);
  }
}

/**
 * POST /document/submit with XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not). `convertType` goes first: the server reads it before accepting any file;
 * then a PDF tool's `options` (JSON: a password travels here, in the body, never in a URL).
 * Failures reject with ApiError like the API client's; a signed-out answer starts its login flow.
 */
export async function uploadFiles(
  convertType: string,
  files: File[],
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal; options?: unknown } = {},
): Promise<SubmitAnswer> {
  const token = await ensureXsrfToken();
  const form = new FormData();
  form.append('convertType', convertType);
  if (opts.options !== undefined) form.append('options', JSON.stringify(opts.options));
  for (const file of files) form.append('files', file, file.name);

  const answer = await new Promise<SubmitAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/document/submit`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const error = toError(xhr);
      if (error) return reject(error);
      resolve((JSON.parse(xhr.responseText) as { data: SubmitAnswer }).data);
    };
    xhr.onerror = () => reject(new ApiError(ClientErrorCode.NETWORK, null, 'Upload failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (opts.signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === ErrorCode.NOT_LOGGED_IN) void loadUserInfo({ force: true, exempt: false });
    throw error;
  });
  return answer;
}
