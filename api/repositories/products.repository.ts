import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { ProductsTable } from '../db/schema.js';

/** The one writer of `products` after start-up (api/db/seed.ts inserts the demo products once). */
export type ProductRow = Selectable<ProductsTable>;

export function findProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

function filtered(db: DbOrTx, q: string | undefined) {
  let query = db.selectFrom('products');
  if (q) {
    // A plain substring, any case, on both databases: LIKE wildcards in the text are escaped.
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(id)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(name)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(name_zh)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** One page of products, oldest first (the seeded ones lead), and how many match in all. */
export async function listProducts(db: DbOrTx, q: string | undefined, page: { offset: number; limit: number }): Promise<{ rows: ProductRow[]; total: number }> {
  const rows = await filtered(db, q).selectAll().orderBy('created_at').orderBy('id').offset(page.offset).limit(page.limit).execute();
  const count = await filtered(db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export async function insertProduct(db: DbOrTx, row: Insertable<ProductsTable>): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function updateProduct(db: DbOrTx, id: string, changes: Updateable<ProductsTable>): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', id).execute();
}
