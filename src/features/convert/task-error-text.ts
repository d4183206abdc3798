import type { i18n as I18n, TFunction } from 'i18next';
import { documentApiErrorText } from '../../lib/document-api-error-text';
import type { TaskError } from './atoms';

/** The localised reason a task failed: an engine or job reason, or an API code with its data. */
export function taskErrorText(t: TFunction, i18n: I18n, error: TaskError): string {
  if ('reason' in error) {
    const key = `convert.reasons.${error.reason}`;
    return i18n.exists(key) ? t(key) : t('convert.reasons.failed');
  }
  return documentApiErrorText(t, i18n, error.code, error.data);
}
