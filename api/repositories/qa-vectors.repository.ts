import type { DbOrTx } from '../db/index.js';

/** Hashes per IN list: well under SQLite's bound-parameter limit, and small plans on PostgreSQL. */
const IN_CHUNK = 500;
/** Rows per INSERT (three parameters each). */
const INSERT_CHUNK = 200;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A vector as stored: little-endian float32s. */
export function vectorBytes(v: Float32Array): Buffer {
  if (LITTLE_ENDIAN) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  const out = Buffer.alloc(v.length * 4);
  v.forEach((x, i) => out.writeFloatLE(x, i * 4));
  return out;
}

export function bytesVector(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(bytes.byteLength >>> 2);
  // Copied: a driver's buffer may sit at an offset that is not a multiple of 4.
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4));
  else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  }
  return out;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The stored vectors among `hashes`, by hash. */
export async function findVectors(db: DbOrTx, model: string, hashes: string[]): Promise<Map<string, Float32Array>> {
  const found = new Map<string, Float32Array>();
  for (const part of chunks([...new Set(hashes)], IN_CHUNK)) {
    const rows = await db.selectFrom('qa_text_vectors').select(['hash', 'vector']).where('model', '=', model).where('hash', 'in', part).execute();
    for (const row of rows) found.set(row.hash, bytesVector(row.vector));
  }
  return found;
}

/** Which of `hashes` have a stored vector (without reading the vectors). */
export async function findStoredHashes(db: DbOrTx, model: string, hashes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(hashes)], IN_CHUNK)) {
    const rows = await db.selectFrom('qa_text_vectors').select('hash').where('model', '=', model).where('hash', 'in', part).execute();
    for (const row of rows) found.add(row.hash);
  }
  return found;
}

/** Stores vectors; a hash already stored (another instance or job got there first) is left as it is. */
export async function insertVectors(db: DbOrTx, model: string, rows: { hash: string; vector: Float32Array }[]): Promise<void> {
  for (const part of chunks(rows, INSERT_CHUNK)) {
    await db
      .insertInto('qa_text_vectors')
      .values(part.map((r) => ({ model, hash: r.hash, vector: vectorBytes(r.vector) })))
      .onConflict((oc) => oc.columns(['model', 'hash']).doNothing())
      .execute();
  }
}

/** Stored vectors of one model (tests and operations). */
export async function countVectors(db: DbOrTx, model: string): Promise<number> {
  const row = await db.selectFrom('qa_text_vectors').select((eb) => eb.fn.countAll<number>().as('n')).where('model', '=', model).executeTakeFirst();
  return Number(row?.n ?? 0);
}
