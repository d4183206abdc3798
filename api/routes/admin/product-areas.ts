import type { Db } from '../../db/index.js';
import type { Router } from '../../http/openapi.js';
import type { FileStore } from '../../storage/file-store.js';
import { createConvertToolService } from '../../services/convert-tools.service.js';
import { createProductService } from '../../services/products.service.js';
import type { WritingToolService } from '../../services/writing-tools.service.js';
import { registerAdminConvertToolRoutes, registerAdminWritingToolRoutes } from './product-list.routes.js';
import { registerAdminProductRoutes } from './products.routes.js';

/** What the product list and the publish-product page need from the app (a subset of AdminDeps). */
export interface ProductAreaDeps {
  db: Db;
  now: () => number;
  store: FileStore;
  conversions: { invalidateFeatures: () => void };
  /** The app's one instance, so a change drops the cache the AI features read. */
  writingTools: WritingToolService;
}

/** Product list (conversion tools, writing tools) and publish product: /admin/convert-tools, /admin/writing-tools, /admin/products. */
export function registerAdminProductAreaRoutes(app: Router, deps: ProductAreaDeps): void {
  registerAdminConvertToolRoutes(app, createConvertToolService({ db: deps.db, now: deps.now, invalidateFeatures: deps.conversions.invalidateFeatures }));
  registerAdminWritingToolRoutes(app, deps.writingTools);
  registerAdminProductRoutes(app, createProductService({ db: deps.db, now: deps.now, store: deps.store }));
}
