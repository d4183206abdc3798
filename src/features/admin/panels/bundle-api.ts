import type { AdminBundle, CreateBundleRequest, UpdateBundleRequest } from '@contracts/admin/bundles';
import { ErrorCode } from '@contracts/error-codes';
import { formatOrderAmount } from '@contracts/orders';
import { adminSend } from '../common/admin-api';

/** SWR keys of the bundle pages (the charge page shares the list key's shape). */
export const BUNDLE_OPTIONS_KEY = '/admin/bundles/options';
export const bundlesKey = (query: string) => `/admin/bundles${query}`;

const path = (id: string) => `/admin/bundles/${encodeURIComponent(id)}`;

/** Create and update leave 40001 to the form (per field); everything else is toasted. */
export const createBundle = (body: CreateBundleRequest) => adminSend<AdminBundle>('POST', '/admin/bundles', body);
export const updateBundle = (id: string, body: UpdateBundleRequest) => adminSend<AdminBundle>('PATCH', path(id), body);
export const setBundlePublished = (id: string, published: boolean) => adminSend<AdminBundle>('POST', `${path(id)}/${published ? 'publish' : 'unpublish'}`, {});
/** 40904 (users hold it) is explained by the page, which offers to unpublish instead. */
export const deleteBundle = (id: string) => adminSend<null>('DELETE', path(id), undefined, [ErrorCode.BUNDLE_IN_USE]);

/** The admin area's locale for numbers and money. */
export const adminLocale = (language: string) => (language === 'zh' ? 'zh-CN' : 'en-US');

export const formatPrice = (cents: number, currency: string, language: string) => formatOrderAmount(cents, currency, adminLocale(language));

/** The bundle's name in the admin area's language. */
export const bundleName = (b: Pick<AdminBundle, 'name' | 'nameZh'>, language: string) => (language === 'zh' ? b.nameZh : b.name);
