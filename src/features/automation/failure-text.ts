import i18next from 'i18next';
import { errorMessage, isApiError } from '../../lib/api-client';

/** An API failure as text: the refusal's own reason when the server names one (`data.reasonKey`), else the code's message. */
export function failureText(err: unknown): string {
  if (!isApiError(err)) return i18next.t('automation.failed');
  const data = err.data as { reasonKey?: unknown } | null;
  if (data && typeof data.reasonKey === 'string' && i18next.exists(data.reasonKey)) return `${errorMessage(err)} ${i18next.t(data.reasonKey)}`;
  return errorMessage(err);
}
