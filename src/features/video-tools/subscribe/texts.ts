import i18next from 'i18next';
import { errorMessage, isApiError } from '../../../lib/api-client';

/** The text of a stored reason key (`videoSubscribe.feedErrors.*`, a helper key, an error code key), else the raw reason. */
export function reasonText(reason: string, group: 'feedErrors' | 'itemErrors'): string {
  for (const key of [`videoSubscribe.${group}.${reason}`, reason]) if (i18next.exists(key)) return i18next.t(key);
  return reason;
}

/** The server's localised reason for a refused feed (data.reasonKey or a validation key), or the code's text. */
export function addErrorText(err: unknown): string {
  if (!isApiError(err)) return i18next.t('errors.unknown');
  const data = (err.data ?? {}) as { reasonKey?: unknown; url?: unknown };
  for (const key of [data.reasonKey, data.url]) if (typeof key === 'string' && i18next.exists(key)) return i18next.t(key);
  return errorMessage(err);
}

/** A date and time in the page's language. */
export function when(ms: number): string {
  return new Intl.DateTimeFormat(i18next.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}
