import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Product, ProductCreate, ProductPage, ProductQuery, ProductUpdate } from '@contracts/admin/products.js';
import { PRODUCT_IMAGE_MAX_BYTES } from '@contracts/admin/products.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { findProduct, insertProduct, listProducts, updateProduct, type ProductRow } from '../repositories/products.repository.js';
import { FileNotFoundError, type FileStore } from '../storage/file-store.js';
import { inspectProductImage, isProductImageGroup, PRODUCT_IMAGE_GROUP_PREFIX, PRODUCT_IMAGE_MIME, productImageKey, productImageUrl } from '../storage/product-images.js';
import { storageFault } from '../storage/storage-errors.js';
import { recordAudit, type AuditActor } from './audit.service.js';

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    nameZh: row.name_zh,
    imageUrl: row.image_url,
    detail: row.detail,
    detailZh: row.detail_zh,
    createTime: new Date(row.created_at).toISOString(),
  };
}

/** What an audit entry records of a product (the whole record but its creation time). */
const audited = ({ createTime: _createTime, ...rest }: Product) => rest;

const invalid = (field: string, key: string) => new AppError(ErrorCode.VALIDATION_FAILED, `Invalid ${field}`, { [field]: key });
const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such product');

export interface ProductDeps {
  db: Db;
  now: () => number;
  store: FileStore;
}

/** A stored product image: what the public route needs to send it. */
export interface ProductImageFile {
  stream: Readable;
  size: number;
  mime: string;
}

/**
 * The publish-product page: products (names and details in both languages, an image) that
 * bundles grant quota for and that `/my/quota` shows. Every change is audited in its transaction.
 */
export function createProductService({ db, now, store }: ProductDeps) {
  async function mustFind(id: string): Promise<ProductRow> {
    const row = await findProduct(db, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(q: ProductQuery): Promise<ProductPage> {
      const { rows, total } = await listProducts(db, q.q || undefined, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
      return { list: rows.map(toProduct), total };
    },

    async create(actor: AuditActor, input: ProductCreate): Promise<Product> {
      const id = input.id || `p-${randomBytes(5).toString('hex')}`;
      return transaction(db, async (tx) => {
        if (await findProduct(tx, id)) throw invalid('id', 'adminProducts.validation.idTaken');
        const t = now();
        const row: ProductRow = { id, name: input.name, name_zh: input.nameZh, image_url: '', detail: input.detail, detail_zh: input.detailZh, created_at: t };
        await insertProduct(tx, row);
        const product = toProduct(row);
        await recordAudit(tx, actor, { action: 'product.create', targetType: 'product', targetId: id, before: null, after: audited(product) }, t);
        return product;
      });
    },

    async update(actor: AuditActor, id: string, change: ProductUpdate): Promise<Product> {
      return transaction(db, async (tx) => {
        const row = await findProduct(tx, id);
        if (!row) throw notFound();
        const next: ProductRow = {
          ...row,
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.nameZh === undefined ? {} : { name_zh: change.nameZh }),
          ...(change.detail === undefined ? {} : { detail: change.detail }),
          ...(change.detailZh === undefined ? {} : { detail_zh: change.detailZh }),
        };
        await updateProduct(tx, id, { name: next.name, name_zh: next.name_zh, detail: next.detail, detail_zh: next.detail_zh });
        const after = toProduct(next);
        await recordAudit(tx, actor, { action: 'product.update', targetType: 'product', targetId: id, before: audited(toProduct(row)), after: audited(after) }, now());
        return after;
      });
    },

    /**
     * Replaces a product's image: 40001 over 1 MB, 41501 unless the bytes are a PNG, JPEG, WebP or
     * an SVG with nothing active in it (api/storage/product-images.ts). The file is stored first,
     * then the product points at it in the transaction that records the change; the image it
     * replaces is removed afterwards, and the new one if that transaction fails.
     */
    async setImage(actor: AuditActor, id: string, bytes: Uint8Array): Promise<Product> {
      await mustFind(id);
      if (bytes.length === 0) throw invalid('image', 'adminProducts.validation.imageRequired');
      if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw invalid('image', 'adminProducts.validation.imageTooLarge');
      const verdict = inspectProductImage(bytes);
      if (!verdict.ok) throw new AppError(ErrorCode.UNSUPPORTED_CONTENT, 'Not a PNG, JPEG, WebP or safe SVG image', { image: `adminProducts.validation.${verdict.reason}` });
      const group = `${PRODUCT_IMAGE_GROUP_PREFIX}${randomBytes(12).toString('hex')}`;
      const key = store.newKey(group, verdict.type);
      await store.put(key, Readable.from([Buffer.from(bytes)])).catch((err: unknown) => {
        throw storageFault(err) ?? err;
      });
      try {
        const { product, replaced } = await transaction(db, async (tx) => {
          const row = await findProduct(tx, id);
          if (!row) throw notFound();
          const imageUrl = productImageUrl(key);
          await updateProduct(tx, id, { image_url: imageUrl });
          const after = toProduct({ ...row, image_url: imageUrl });
          await recordAudit(tx, actor, { action: 'product.update', targetType: 'product', targetId: id, before: audited(toProduct(row)), after: audited(after) }, now());
          return { product: after, replaced: row.image_url };
        });
        const oldGroup = productImageKey(replaced)?.split('/')[0];
        if (oldGroup && isProductImageGroup(oldGroup)) await store.delete(oldGroup).catch(() => undefined);
        return product;
      } catch (err) {
        await store.delete(group).catch(() => undefined);
        throw err;
      }
    },

    /** A stored product image for the public route; 40404 for anything that is not one. */
    async image(group: string, file: string): Promise<ProductImageFile> {
      const type = /^[0-9a-f]{32}\.(png|jpg|webp|svg)$/.exec(file)?.[1] as keyof typeof PRODUCT_IMAGE_MIME | undefined;
      if (!type || !isProductImageGroup(group) || !/^[A-Za-z0-9-]+$/.test(group)) throw notFound();
      const key = `${group}/${file}`;
      try {
        const { size } = await store.stat(key);
        return { stream: await store.get(key), size, mime: PRODUCT_IMAGE_MIME[type] };
      } catch (err) {
        if (err instanceof FileNotFoundError) throw notFound();
        throw err;
      }
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;
