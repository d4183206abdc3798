import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import type { Coding } from './accept-encoding.js';

/** One representation of a file on disk: the file itself or its precompressed twin. */
export interface Representation {
  path: string;
  size: number;
  etag: string;
}

/** A servable file of the built app, with the precompressed variants the build wrote beside it. */
export interface StaticFile {
  identity: Representation;
  variants: Partial<Record<Coding, Representation>>;
  contentType: string;
}

const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/**
 * Every file under `root` by URL path (`/assets/x.js`), read once at start: requests are answered
 * from this table, so no request path ever reaches the file system (no traversal to guard
 * against) and no request pays for a stat. A variant older than its source (a stale leftover of
 * an earlier build) is ignored.
 */
export function indexStaticFiles(root: string, skipDirs: readonly string[] = ['.vite']): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skipDirs.includes(entry.name)) walk(path);
        continue;
      }
      if (!entry.isFile() || /\.(?:br|gz)$/.test(entry.name)) continue;
      const stat = statSync(path);
      const tag = `${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}`;
      const variants: StaticFile['variants'] = {};
      for (const coding of Object.keys(SUFFIX) as Coding[]) {
        const vpath = path + SUFFIX[coding];
        const vstat = statSync(vpath, { throwIfNoEntry: false });
        if (vstat?.isFile() && vstat.mtimeMs >= stat.mtimeMs) variants[coding] = { path: vpath, size: vstat.size, etag: `"${tag}-${coding}"` };
      }
      const url = '/' + relative(root, path).split(sep).join('/');
      files.set(url, {
        identity: { path, size: stat.size, etag: `"${tag}"` },
        variants,
        contentType: getMimeType(entry.name) ?? 'application/octet-stream',
      });
    }
  };
  walk(root);
  return files;
}
