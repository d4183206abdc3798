// Which files ESLint must look at again, given the last run that passed. ESLint's own `--cache`
// keys a file by its content alone, which is wrong for type-aware rules: making a function async
// in one file turns an unawaited call in another, unchanged file into a floating promise. Here a
// file is linted again when it changed or when anything it imports, directly or through other
// files, changed (the import graph is dependency-cruiser's, type-only imports included). Anything
// that can change types without an import (compiler and linter settings, the lockfile, ambient
// declarations, `declare global`) or a deleted file means everything again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

const MANIFEST_VERSION = 1;
/** Files whose change can alter any file's type information or lint verdict. */
const GLOBAL_INPUTS = /^(package\.json|package-lock\.json|tsconfig[^/]*\.json|eslint\.config\.[cm]?js)$|\.d\.ts$/;
const LINTED = /\.(ts|tsx|js|mjs|cjs)$/;

const sha1 = (text) => createHash('sha1').update(text).digest('hex');

/** Tracked and untracked, not ignored, files of the work tree (paths relative to `root`). */
function workTreeFiles(root) {
  const res = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) return null;
  return res.stdout.split('\0').filter((f) => f && existsSync(join(root, f)));
}

/**
 * Reads every file's hash and decides the scope. `graph` is dependency-cruiser's JSON result.
 * Returns `{ files: null }` for a full run, else the files to lint (possibly none), and the
 * manifest to save once that run passes.
 */
export function lintScope({ root, manifestPath, graph, force = false }) {
  const all = workTreeFiles(root);
  if (!all) return { files: null, why: 'not a git work tree', save: () => undefined };
  const hashes = {};
  let globalKey = `v${MANIFEST_VERSION}`;
  for (const file of all.sort()) {
    const text = readFileSync(join(root, file));
    hashes[file] = sha1(text);
    if (GLOBAL_INPUTS.test(file)) globalKey += `\n${file}:${hashes[file]}`;
  }
  const manifest = { globalKey: sha1(globalKey), hashes };
  const save = () => {
    mkdirSync(dirname(manifestPath), { recursive: true });
    writeFileSync(manifestPath, JSON.stringify(manifest));
  };
  const full = (why) => ({ files: null, why, save });
  if (force) return full('LINT_FULL is set');
  if (!existsSync(manifestPath)) return full('no earlier clean run');
  let before;
  try {
    before = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return full('the last run’s record is unreadable');
  }
  if (before.globalKey !== manifest.globalKey) return full('settings, the lockfile or declarations changed');
  if (Object.keys(before.hashes).some((f) => !(f in hashes))) return full('a file was deleted or renamed');
  const changed = all.filter((f) => before.hashes[f] !== hashes[f]);
  for (const file of changed) {
    if (/\.(ts|tsx)$/.test(file) && /\bdeclare\s+(global|module)\b/.test(readFileSync(join(root, file), 'utf8'))) return full(`${file} declares global types`);
  }
  // Reverse edges: who imports whom, so a change reaches every file that can see its types.
  const importers = new Map();
  for (const mod of graph.modules) {
    for (const dep of mod.dependencies) {
      if (!importers.has(dep.resolved)) importers.set(dep.resolved, new Set());
      importers.get(dep.resolved).add(mod.source);
    }
  }
  const reach = new Set(changed);
  const queue = [...changed];
  while (queue.length) {
    for (const importer of importers.get(queue.pop()) ?? []) {
      if (!reach.has(importer)) (reach.add(importer), queue.push(importer));
    }
  }
  const files = [...reach].filter((f) => LINTED.test(f) && f in hashes).sort();
  return { files, why: `${changed.length} changed, ${files.length} to lint with what imports them`, save };
}
