/**
 * The JavaScript the home route loads before its first paint, gzipped, against the 170 KB
 * budget. Run after a build: `npx vite build && npx tsx tests/bench/first-paint-size.ts`.
 *
 * Counted: the entry script and modulepreload links of dist/index.html, their static import
 * graph from dist/.vite/manifest.json, plus the chunks the app awaits before it paints the home
 * page (the active-language bundle and the lazy home route) with their static imports.
 * Exit code 1 when over budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = process.env.DIST_DIR ?? join(import.meta.dirname, '..', '..', 'dist');
/** Dynamic imports on the critical path of `/` (English, the default language). */
const CRITICAL_DYNAMIC_SOURCES = ['src/app/boot.tsx', 'src/lib/locale-en.ts', 'src/features/home/components/home-page.tsx'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function main(): void {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error('dist/.vite/manifest.json is missing: run `npx vite build` first.');
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');

  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="\/?([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+)"/g)) files.add(m[1]!);

  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const visited = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return;
    visited.add(key);
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  for (const file of [...files]) {
    const key = byFile.get(file);
    if (key) visit(key);
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const source of CRITICAL_DYNAMIC_SOURCES) {
    if (manifest[source]) visit(source);
    else console.warn(`warning: ${source} is not a separate chunk in the manifest`);
  }

  const rows = [...files]
    .filter((f) => f.endsWith('.js') || f.endsWith('.mjs'))
    .map((file) => {
      const bytes = readFileSync(join(dist, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const row of rows) console.log(`${kb(row.gzip).padStart(7)} KB gz  ${kb(row.raw).padStart(7)} KB  ${row.file}`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0) / 1024;
  const ok = total <= BUDGET_KB;
  console.log(`\nfirst-paint JavaScript for /: ${total.toFixed(1)} KB gzipped (${rows.length} files), budget ${BUDGET_KB} KB: ${ok ? 'UNDER budget' : 'OVER budget'}`);
  if (!ok) process.exitCode = 1;
}

main();
