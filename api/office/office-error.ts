export type OfficeErrorReason = 'timeout' | 'crashed' | 'failed' | 'emptyOutput' | 'unavailable';

/**
 * Why a conversion failed, for the job's failure reason: `timeout` (killed after the hard
 * limit), `crashed` (LibreOffice died), `failed` (refused or unreadable input, unsupported
 * target, aborted), `emptyOutput` (LibreOffice claimed success but wrote nothing),
 * `unavailable` (LibreOffice is not installed, cannot start, or the pool is closed).
 */
export class OfficeError extends Error {
  constructor(
    readonly reason: OfficeErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OfficeError';
  }
}

export function asOfficeError(error: unknown): OfficeError {
  return error instanceof OfficeError ? error : new OfficeError('failed', error instanceof Error ? error.message : String(error), { cause: error });
}

/** Input or target refused before LibreOffice did any work: no reason to recycle the instance. */
export class InputRefused extends OfficeError {
  constructor(message: string) {
    super('failed', message);
  }
}

/** The instance was already dead when the job reached it: nothing was done, the job can run elsewhere. */
export class StaleInstance extends OfficeError {
  constructor(message: string) {
    super('crashed', message);
  }
}
