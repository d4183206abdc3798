import { Readable } from 'node:stream';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { productCreateSchema, productPageSchema, productParamSchema, productQuerySchema, productSchema, productUpdateSchema, PRODUCT_IMAGE_MAX_BYTES } from '@contracts/admin/products.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { AppError } from '../../http/app-error.js';
import { jsonBody, okResponse, type Router } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import type { ProductService } from '../../services/products.service.js';
import { managerActor } from '../../http/manager-only.js';
import { areaValidationHook } from './product-list.routes.js';

const tags = ['Admin'];
const imageRequired = () => new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid image', { image: 'adminProducts.validation.imageRequired' });

/** Products: list, create, edit, image upload (all audited), and the public route that serves the images. */
export function registerAdminProductRoutes(app: Router, products: ProductService): void {
  app.openapi(
    createRoute({ method: 'get', path: '/admin/products', tags, request: { query: productQuerySchema }, responses: okResponse(productPageSchema, 'Products, oldest first, searched by id or name') }),
    async (c) => ok(c, await products.list(c.req.valid('query'))),
    areaValidationHook,
  );
  app.openapi(
    createRoute({ method: 'post', path: '/admin/products', tags, description: 'Audited as `product.create`.', request: jsonBody(productCreateSchema), responses: okResponse(productSchema, 'The new product') }),
    async (c) => ok(c, await products.create(managerActor(c), c.req.valid('json'))),
    areaValidationHook,
  );
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/products/{productId}',
      tags,
      description: 'Audited as `product.update`.',
      request: { params: productParamSchema, ...jsonBody(productUpdateSchema) },
      responses: okResponse(productSchema, 'The product after the change'),
    }),
    async (c) => ok(c, await products.update(managerActor(c), c.req.valid('param').productId, c.req.valid('json'))),
    areaValidationHook,
  );

  // Multipart: validated here and in the service (by the bytes), published to the OpenAPI document by hand.
  app.post('/admin/products/:productId/image', async (c) => {
    const actor = managerActor(c);
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw imageRequired();
    let image: unknown;
    try {
      image = (await c.req.formData()).get('image');
    } catch {
      throw imageRequired();
    }
    if (!(image instanceof Blob)) throw imageRequired();
    if (image.size > PRODUCT_IMAGE_MAX_BYTES) throw new AppError(ErrorCode.VALIDATION_FAILED, 'Image too large', { image: 'adminProducts.validation.imageTooLarge' });
    return ok(c, await products.setImage(actor, c.req.param('productId'), new Uint8Array(await image.arrayBuffer())));
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/admin/products/{productId}/image',
    tags,
    description: 'Multipart field `image`: PNG, JPEG, WebP or SVG (decided by the bytes; an SVG with scripts, event attributes, external links or entities is refused), at most 1 MB. 41501 for anything else. Audited as `product.update`.',
    request: { params: productParamSchema, body: { content: { 'multipart/form-data': { schema: z.object({ image: z.string().meta({ format: 'binary' }) }) } } } },
    responses: okResponse(productSchema, 'The product with its new image'),
  });

  // Public: the images appear on /my/quota, pricing and the admin pages. A new upload gets a new
  // address, so an address never changes content and may be cached for a year.
  app.get('/product-image/:group/:file', async (c) => {
    let file;
    try {
      file = await products.image(c.req.param('group'), c.req.param('file'));
    } catch (err) {
      // An image address is fetched by <img>, not the API client: a missing one is a real 404.
      if (err instanceof AppError && err.code === ErrorCode.NOT_FOUND) return c.json({ code: err.code, msg: err.message, data: null }, 404);
      throw err;
    }
    c.header('Content-Type', file.mime);
    c.header('Content-Length', String(file.size));
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(Readable.toWeb(file.stream) as ReadableStream);
  });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/product-image/{group}/{file}',
    tags: ['Products'],
    request: { params: z.object({ group: z.string(), file: z.string() }) },
    responses: { 200: { description: 'A product image (public, cached for a year, `X-Content-Type-Options: nosniff`); 40404 when there is none' } },
  });
}
