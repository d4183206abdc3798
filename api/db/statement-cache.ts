import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept compiled; the app has a few hundred queries, so this bounds memory only. */
const MAX_STATEMENTS = 1000;

/**
 * better-sqlite3 compiles SQL on every `prepare`, and kysely prepares each query anew: that
 * compile was a fifth of the CPU of a signed-in read. The same statements run all day, so they
 * stay compiled here (SQLite recompiles one by itself when the schema changes under it). A
 * statement that is still iterating (a streamed query) is busy and cannot run twice at once;
 * such a caller gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const stmt = sqlite.prepare(sql);
      if (!cached) {
        // Oldest first out: a Map iterates in insertion order.
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
