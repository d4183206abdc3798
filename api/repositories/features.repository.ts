import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { ConvertToolsTable } from '../db/schema.js';
import { featureSchema, type Feature } from '@contracts/convert-catalogue.js';

/**
 * The one writer of `convert_features` (sources and their targets, seeded at start-up) and
 * `convert_tools` (staff's settings per card).
 */

/** Enabled conversion features, in display order. */
export async function enabledFeatures(db: DbOrTx): Promise<Feature[]> {
  const rows = await db.selectFrom('convert_features').selectAll().where('enabled', '=', 1).orderBy('sort_order').execute();
  return rows.map((r) => featureSchema.parse({ id: r.id, converts: JSON.parse(r.converts_json) as unknown }));
}

/** Every conversion feature, switched on or not, in display order. */
export async function allFeatures(db: DbOrTx): Promise<{ feature: Feature; enabled: boolean }[]> {
  const rows = await db.selectFrom('convert_features').selectAll().orderBy('sort_order').execute();
  return rows.map((r) => ({ feature: featureSchema.parse({ id: r.id, converts: JSON.parse(r.converts_json) as unknown }), enabled: r.enabled === 1 }));
}

/** Switches a whole source (`pdf`) on or off. */
export async function setFeatureEnabled(db: DbOrTx, id: string, enabled: boolean): Promise<void> {
  await db.updateTable('convert_features').set({ enabled: enabled ? 1 : 0 }).where('id', '=', id).execute();
}

export type ConvertToolRow = Selectable<ConvertToolsTable>;

/** Staff's settings of every card that has any (cards without a row are on, `auto`, uncapped). */
export function convertToolRows(db: DbOrTx): Promise<ConvertToolRow[]> {
  return db.selectFrom('convert_tools').selectAll().execute();
}

/** Writes one card's settings, creating its row on the first change. */
export async function upsertConvertTool(db: DbOrTx, row: ConvertToolRow): Promise<void> {
  const { convert_type: _key, ...changes } = row;
  await db
    .insertInto('convert_tools')
    .values(row)
    .onConflict((oc) => oc.column('convert_type').doUpdateSet(changes))
    .execute();
}
