import { lstatSync, readdirSync, realpathSync, type Stats } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { HelperFile, HelperFileList } from '@contracts/local-helper.js';
import { isInside } from './paths.js';

/** What the picker lists: containers ffmpeg reads that people keep video in. */
const VIDEO_EXTENSIONS = new Set(['.mp4', '.m4v', '.mov', '.mkv', '.webm', '.avi', '.ts', '.mts', '.m2ts', '.flv', '.wmv', '.mpg', '.mpeg', '.3gp', '.ogv']);
/** One answer's length: a base path full of years of downloads stays a quick call. */
export const MAX_LISTED = 2000;
const MAX_DEPTH = 4;
/** Folders walked at most (a huge tree is cut short, not walked for seconds). */
const MAX_DIRS = 5000;

/**
 * The video files under the base path, newest first, paths relative to it. Symbolic links are
 * followed only when they stay inside the base path (as `fileInBase` checks), hidden folders skipped.
 */
export function listVideoFiles(base: string): HelperFileList {
  const root = realpathSync(base);
  const found: Array<HelperFile & { time: number }> = [];
  let dirs = 0;
  const walk = (dir: string, depth: number) => {
    if (++dirs > MAX_DIRS) return;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const path = join(dir, name);
      let stat: Stats;
      try {
        stat = lstatSync(path);
        if (stat.isSymbolicLink()) {
          if (!isInside(root, realpathSync(path))) continue;
          stat = lstatSync(realpathSync(path));
        }
      } catch {
        continue;
      }
      if (stat.isDirectory()) {
        if (depth < MAX_DEPTH) walk(path, depth + 1);
      } else if (stat.isFile() && VIDEO_EXTENSIONS.has(extname(name).toLowerCase())) {
        found.push({ path: relative(root, path).split(sep).join('/'), size: stat.size, modified: stat.mtime.toISOString(), time: stat.mtimeMs });
      }
    }
  };
  walk(root, 0);
  found.sort((a, b) => b.time - a.time || a.path.localeCompare(b.path));
  return { basePath: base, files: found.slice(0, MAX_LISTED).map(({ time: _time, ...f }) => f), truncated: found.length > MAX_LISTED };
}
