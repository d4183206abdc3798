import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('compiles a statement once, gives a busy one a fresh copy, and drops the oldest past its bound', () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3);');
    const db = withStatementCache(sqlite, 2);
    const sql = 'select n from t order by n';
    const first = db.prepare(sql);
    expect(db.prepare(sql)).toBe(first);

    // A statement that is still iterating cannot run again: the second caller gets its own.
    const rows = first.iterate([]);
    rows.next();
    const second = db.prepare(sql);
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    expect(db.prepare(sql)).toBe(first);

    db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare(sql)).not.toBe(first);
    db.close();
  });
});
