import { z } from 'zod';
import { adminPageOf, adminPageQuerySchema } from './common.js';

/** Products that bundles grant quota for (spec §3): names and details in both languages, and an image. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string(),
  /** Where the image is served (`/api/v1/product-image/…` for uploads, a site path for the seeded ones); '' for none. */
  imageUrl: z.string(),
  detail: z.string(),
  detailZh: z.string(),
  createTime: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productQuerySchema = adminPageQuerySchema.extend({
  /** Part of the id or of either name, any case. */
  q: z.string().trim().max(64, { error: 'validation.invalid' }).optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const productPageSchema = adminPageOf(productSchema);
export type ProductPage = z.infer<typeof productPageSchema>;

export const productParamSchema = z.object({ productId: z.string().trim().min(1).max(128) });

export const PRODUCT_NAME_MAX = 128;
export const PRODUCT_DETAIL_MAX = 4000;
/** An image is at most 1 MB (10^6 bytes), checked in the browser before it is sent and on the server. */
export const PRODUCT_IMAGE_MAX_BYTES = 1_000_000;
/** What the image picker accepts; the server decides by the bytes, not the name. */
export const PRODUCT_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,.png,.jpg,.jpeg,.webp,.svg';
/** The ids staff may give a product: lower-case letters, digits and dashes, as the seeded `convert`. */
export const PRODUCT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

const name = z
  .string({ error: 'adminProducts.validation.nameRequired' })
  .trim()
  .min(1, { error: 'adminProducts.validation.nameRequired' })
  .max(PRODUCT_NAME_MAX, { error: 'adminProducts.validation.nameTooLong' });
const detail = z.string({ error: 'validation.invalid' }).trim().max(PRODUCT_DETAIL_MAX, { error: 'adminProducts.validation.detailTooLong' });

export const productCreateSchema = z.object({
  /** Optional: a readable id (`ai-translate`); one is made when it is left out or empty. */
  id: z
    .string({ error: 'adminProducts.validation.idFormat' })
    .trim()
    .refine((v) => v === '' || PRODUCT_ID_PATTERN.test(v), { error: 'adminProducts.validation.idFormat' })
    .optional(),
  name,
  nameZh: name,
  detail: detail.default(''),
  detailZh: detail.default(''),
});
export type ProductCreate = z.infer<typeof productCreateSchema>;

export const productUpdateSchema = z
  .object({ name: name.optional(), nameZh: name.optional(), detail: detail.optional(), detailZh: detail.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'adminProducts.validation.nothingToChange', path: ['name'] });
export type ProductUpdate = z.infer<typeof productUpdateSchema>;
