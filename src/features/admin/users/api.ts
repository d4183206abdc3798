import type { AdminGrantRequest, AdminUser, AdminUserDetail } from '@contracts/admin/users';
import { ErrorCode } from '@contracts/error-codes';
import { ConversionStatus } from '@contracts/statuses';
import type { TFunction } from 'i18next';
import { adminSend } from '../common/admin-api';

/** SWR key of one account, its product and bundle names in the admin area's language. */
export const userPath = (id: string, lang: string) => `/admin/users/${encodeURIComponent(id)}?lang=${lang === 'zh' ? 'zh' : 'en'}`;

export const grantQuota = (id: string, lang: string, body: AdminGrantRequest) =>
  adminSend<AdminUserDetail>('POST', `/admin/users/${encodeURIComponent(id)}/grant?lang=${lang === 'zh' ? 'zh' : 'en'}`, body);

/** Disable or enable; a refusal (40301 with a reason) is shown by the dialog, not as a toast. */
export const setAccountState = (id: string, verb: 'disable' | 'enable') =>
  adminSend<AdminUser>('POST', `/admin/users/${encodeURIComponent(id)}/${verb}`, {}, [ErrorCode.VALIDATION_FAILED, ErrorCode.FORBIDDEN]);

const locale = (language: string) => (language === 'zh' ? 'zh-CN' : 'en-GB');
export const formatTime = (iso: string, language: string) => new Date(iso).toLocaleString(locale(language), { dateStyle: 'medium', timeStyle: 'short' });

/** Cents as money: 999 USD → "USD 9.99" (spec §3: divided by 100, 2 decimals). */
export const formatAmount = (cents: number, currency: string) => `${currency} ${(cents / 100).toFixed(2)}`;

export const MB = 1024 * 1024;

/** A quota value in its type's unit: times, MB (0 decimals) or files. */
export function quotaValue(t: TFunction, type: string, value: number): string {
  if (type === 'TYPE_SIZE') return t('adminSupport.units.mb', { mb: (value / MB).toFixed(0) });
  if (type === 'TYPE_BATCH_COUNT') return t('adminSupport.units.files', { count: value });
  return t('adminSupport.units.times', { count: value });
}

/** A conversion record's status (contracts/statuses.ts) as a text key. */
export const CONVERSION_STATUS_KEYS: Record<number, string> = {
  [ConversionStatus.UPLOADED]: 'uploaded',
  [ConversionStatus.CONVERTING]: 'converting',
  [ConversionStatus.FAILED]: 'failed',
  [ConversionStatus.SUCCEEDED]: 'succeeded',
};
