import type { Insertable } from 'kysely';
import type { BundleQuotasTable, BundlesTable, ProductsTable } from './schema.js';

const MB = 1024 * 1024;

type SeedProduct = Omit<Insertable<ProductsTable>, 'created_at'>;
type SeedBundle = Omit<Insertable<BundlesTable>, 'created_at' | 'updated_at'> & {
  quotas: Omit<Insertable<BundleQuotasTable>, 'bundle_id'>[];
  /** The conversion types (card keys) the bundle includes; absent: every type (docs/package-gating.md). */
  convertTypes?: string[];
};

/** Products that bundles grant quota for. */
export const seedProducts: SeedProduct[] = [
  { id: 'convert', name: 'Document converter', name_zh: '文档转换', image_url: '/icons/product-convert.svg' },
  { id: 'image', name: 'Image tools', name_zh: '图片工具', image_url: '/icons/product-image.svg' },
  { id: 'video', name: 'Video tools', name_zh: '视频工具', image_url: '/icons/product-video.svg' },
  { id: 'ai', name: 'AI tools', name_zh: 'AI 工具', image_url: '/icons/product-ai.svg' },
];

const convert = (count: number, sizeMb: number, batch: number) => [
  { product_id: 'convert', quota_type: 'TYPE_API' as const, quota: count },
  { product_id: 'convert', quota_type: 'TYPE_SIZE' as const, quota: sizeMb * MB },
  { product_id: 'convert', quota_type: 'TYPE_BATCH_COUNT' as const, quota: batch },
];

/**
 * Demo bundles. The free trial is granted once to every new account: 20 conversions, files up
 * to 10 MB, one file at a time, for 7 days (staff change it in the admin area). Paid bundles
 * follow the terms' 1, 6 and 12 month memberships; prices are in cents.
 */
export const seedBundles: SeedBundle[] = [
  {
    id: 'trial', name: 'Free trial', name_zh: '免费试用',
    desc: '20 conversions, files up to 10 MB, one file at a time, for 7 days.',
    desc_zh: '7 天内 20 次转换，单个文件不超过 10 MB，每次一个文件。',
    bundle_icon: '/icons/bundle-trial.svg', price: 0, currency: 'USD', duration: 'ONE_WEEK',
    trial: 1, published: 1, batch: 0, sort_order: 0, quotas: convert(20, 10, 1),
  },
  {
    id: 'monthly', name: 'Monthly', name_zh: '月度会员',
    desc: '300 conversions a month, files up to 50 MB, batches of 10 files.',
    desc_zh: '每月 300 次转换，单个文件不超过 50 MB，每批最多 10 个文件。',
    bundle_icon: '/icons/bundle-monthly.svg', price: 999, currency: 'USD', duration: 'ONE_MONTH',
    trial: 0, published: 1, batch: 1, sort_order: 1, quotas: convert(300, 50, 10),
  },
  {
    id: 'half-year', name: 'Half-year', name_zh: '半年会员',
    desc: '2,000 conversions over six months, files up to 100 MB, batches of 20 files.',
    desc_zh: '六个月内 2000 次转换，单个文件不超过 100 MB，每批最多 20 个文件。',
    bundle_icon: '/icons/bundle-half-year.svg', price: 4999, currency: 'USD', duration: 'HALF_YEAR',
    trial: 0, published: 1, batch: 1, sort_order: 2, quotas: convert(2000, 100, 20),
  },
  {
    id: 'yearly', name: 'Yearly', name_zh: '年度会员',
    desc: '5,000 conversions over a year, files up to 200 MB, batches of 50 files.',
    desc_zh: '一年内 5000 次转换，单个文件不超过 200 MB，每批最多 50 个文件。',
    bundle_icon: '/icons/bundle-yearly.svg', price: 8999, currency: 'USD', duration: 'ONE_YEAR',
    trial: 0, published: 1, batch: 1, sort_order: 3, quotas: convert(5000, 200, 50),
  },
  {
    // A subset bundle (gating by package, spec §6): PDF conversions only.
    id: 'pdf-pack', name: 'PDF pack', name_zh: 'PDF 转换包',
    desc: 'PDF conversions only (to Word, Excel, PowerPoint, HTML and XML): 100 conversions a month, files up to 50 MB, batches of 5 files.',
    desc_zh: '仅限 PDF 转换（转 Word、Excel、PowerPoint、HTML 和 XML）：每月 100 次转换，单个文件不超过 50 MB，每批最多 5 个文件。',
    bundle_icon: '/icons/bundle-monthly.svg', price: 499, currency: 'USD', duration: 'ONE_MONTH',
    trial: 0, published: 1, batch: 1, sort_order: 4, quotas: convert(100, 50, 5),
    convertTypes: ['pdf-to-word', 'pdf-to-excel', 'pdf-to-ppt', 'pdf-to-html', 'pdf-to-xml'],
  },
  // Memberships (spec §9): renew every 1, 6 or 12 months until cancelled; each paid period grants its quota.
  {
    id: 'membership-1m', name: 'Monthly membership', name_zh: '月度自动续费会员',
    desc: 'Renews every month until you cancel: 300 conversions each month, files up to 50 MB, batches of 10 files.',
    desc_zh: '每月自动续费，可随时取消：每月 300 次转换，单个文件不超过 50 MB，每批最多 10 个文件。',
    bundle_icon: '/icons/bundle-monthly.svg', price: 799, currency: 'USD', duration: 'ONE_MONTH',
    trial: 0, published: 1, batch: 1, sort_order: 11, quotas: convert(300, 50, 10), kind: 'membership', period_months: 1,
  },
  {
    id: 'membership-6m', name: '6-month membership', name_zh: '半年自动续费会员',
    desc: 'Renews every six months until you cancel: 2,000 conversions each period, files up to 100 MB, batches of 20 files.',
    desc_zh: '每六个月自动续费，可随时取消：每期 2000 次转换，单个文件不超过 100 MB，每批最多 20 个文件。',
    bundle_icon: '/icons/bundle-half-year.svg', price: 3999, currency: 'USD', duration: 'HALF_YEAR',
    trial: 0, published: 1, batch: 1, sort_order: 12, quotas: convert(2000, 100, 20), kind: 'membership', period_months: 6,
  },
  {
    id: 'membership-12m', name: 'Yearly membership', name_zh: '年度自动续费会员',
    desc: 'Renews every year until you cancel: 5,000 conversions each year, files up to 200 MB, batches of 50 files.',
    desc_zh: '每年自动续费，可随时取消：每年 5000 次转换，单个文件不超过 200 MB，每批最多 50 个文件。',
    bundle_icon: '/icons/bundle-yearly.svg', price: 6999, currency: 'USD', duration: 'ONE_YEAR',
    trial: 0, published: 1, batch: 1, sort_order: 13, quotas: convert(5000, 200, 50), kind: 'membership', period_months: 12,
  },
];
