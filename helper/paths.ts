import { existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { basename, extname, isAbsolute, join, relative, resolve } from 'node:path';
import { ErrorCode } from '@contracts/error-codes.js';
import { HelperError, invalid } from './errors.js';

/** Whether `child` is `parent` or inside it (both absolute and resolved). */
export function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The real path of an existing path, or the resolved one when it does not exist yet. */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * Checks and creates a new base path. It must be absolute (or start with ~), and a folder outside
 * the user's home needs `confirm` (a typo such as "/" or "/etc" must not become the download folder).
 */
export function prepareBasePath(input: string, home: string, confirm: boolean): string {
  const expanded = input === '~' || input.startsWith('~/') ? join(home, input.slice(1)) : input;
  if (!isAbsolute(expanded)) throw invalid('basePath', 'videoHelper.errors.basePathAbsolute');
  const target = resolve(expanded);
  if (!isInside(real(home), real(target)) && !confirm) {
    throw new HelperError(ErrorCode.VALIDATION_FAILED, 'base path outside the home folder', { basePath: 'videoHelper.errors.outsideHome', needsConfirm: true });
  }
  try {
    mkdirSync(target, { recursive: true });
  } catch {
    throw invalid('basePath', 'videoHelper.errors.basePathUnwritable');
  }
  if (!statSync(target).isDirectory()) throw invalid('basePath', 'videoHelper.errors.basePathUnwritable');
  return target;
}

/** A file the user named for frame/split/merge: inside the base path (symlinks resolved), existing. */
export function fileInBase(base: string, file: string): string {
  const path = resolve(base, file);
  if (!isInside(real(base), real(path))) throw invalid('file', 'videoHelper.errors.outsideBase');
  if (!existsSync(path) || !statSync(path).isFile()) throw new HelperError(ErrorCode.NOT_FOUND, `no file ${file}`, { file: 'videoHelper.errors.fileMissing' });
  return path;
}

/** A file name safe on every desktop system: no folders, no reserved characters, not empty. */
export function safeFileName(name: string, fallback = 'video'): string {
  const cleaned = basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[<>:"/\\|?*\u0000-\u001f]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 150);
  return cleaned === '' ? fallback : cleaned;
}

/** `dir/name`, or `dir/name-1.ext`, `-2`… when taken: a download never overwrites a file. */
export function uniquePath(dir: string, name: string): string {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  let candidate = join(dir, name);
  for (let i = 1; existsSync(candidate) || existsSync(`${candidate}.part`); i++) candidate = join(dir, `${stem}-${i}${ext}`);
  return candidate;
}

/** A new folder for one operation's results: `<base>/<kind>/<stem>-<time>`. */
export function resultFolder(base: string, kind: string, input: string): string {
  const stem = safeFileName(basename(input, extname(input)));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = join(base, kind, `${stem}-${stamp}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A result file or folder to show (`POST /reveal`): inside the base path (symlinks resolved), existing. */
export function existingInBase(base: string, path: string): string {
  const full = resolve(base, path);
  if (!isInside(real(base), real(full))) throw invalid('path', 'videoHelper.errors.outsideBase');
  if (!existsSync(full)) throw new HelperError(ErrorCode.NOT_FOUND, `no file ${path}`, { path: 'videoHelper.errors.fileMissing' });
  return full;
}
