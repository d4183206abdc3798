import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** postgres:// URL of the new, empty database. */
  url: string;
  /** Drops it, closing whatever connections are left. */
  drop(): Promise<void>;
}

/**
 * A database of the test's own on the server of `baseUrl` (TEST_DATABASE_URL): processes started
 * by the test connect with a plain URL, and pg-boss's schema never meets another test's.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
