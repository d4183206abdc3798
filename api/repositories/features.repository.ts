import type { DbOrTx } from '../db/index.js';
import { featureSchema, type Feature } from '@contracts/convert-catalogue.js';

/** Enabled conversion features, in display order. */
export async function enabledFeatures(db: DbOrTx): Promise<Feature[]> {
  const rows = await db.selectFrom('convert_features').selectAll().where('enabled', '=', 1).orderBy('sort_order').execute();
  return rows.map((r) => featureSchema.parse({ id: r.id, converts: JSON.parse(r.converts_json) as unknown }));
}
