import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the repository, without types
import { lintScope } from '../../scripts/lint-scope.mjs';

interface Scope {
  files: string[] | null;
  why: string;
  save(): void;
}
const scopeOf = lintScope as (args: { root: string; manifestPath: string; graph: unknown; force?: boolean }) => Scope;

/** a.ts imports b.ts, b.ts imports c.ts (type-only counts the same); d.ts stands alone. */
const graph = {
  modules: [
    { source: 'a.ts', dependencies: [{ resolved: 'b.ts' }] },
    { source: 'b.ts', dependencies: [{ resolved: 'c.ts' }] },
    { source: 'c.ts', dependencies: [] },
    { source: 'd.ts', dependencies: [{ resolved: 'data.json' }] },
  ],
};

describe('lintScope: which files ESLint looks at again', () => {
  let root: string;
  let manifestPath: string;
  const write = (file: string, text: string) => writeFileSync(join(root, file), text);
  const scope = (force = false) => scopeOf({ root, manifestPath, graph, force });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'lint-scope-'));
    manifestPath = join(root, '.cache', 'manifest.json');
    execFileSync('git', ['init', '-q'], { cwd: root });
    writeFileSync(join(root, '.gitignore'), '.cache/\n');
    for (const f of ['a.ts', 'b.ts', 'c.ts', 'd.ts']) write(f, `export const ${f[0]} = 1;\n`);
    write('data.json', '{"x":1}');
    write('tsconfig.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lints everything without an earlier clean run, then nothing when nothing changed', () => {
    const first = scope();
    expect(first.files).toBeNull();
    first.save();
    expect(scope().files).toEqual([]);
  });

  it('lints a changed file and every file that imports it, directly or not', () => {
    scope().save();
    write('c.ts', 'export const c = async () => 1;\n');
    expect(scope().files).toEqual(['a.ts', 'b.ts', 'c.ts']);
    write('data.json', '{"x":2}');
    expect(scope().files).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts']);
  });

  it('keeps the files of a failed run to lint again: only a clean run is saved', () => {
    scope().save();
    write('b.ts', 'export const b = 2;\n');
    expect(scope().files).toEqual(['a.ts', 'b.ts']);
    expect(scope().files).toEqual(['a.ts', 'b.ts']);
  });

  it('lints everything after a settings change, a deletion, a declaration of global types, or when forced', () => {
    scope().save();
    write('tsconfig.json', '{"compilerOptions":{}}');
    expect(scope().files).toBeNull();
    scope().save();
    unlinkSync(join(root, 'd.ts'));
    expect(scope().files).toBeNull();
    write('d.ts', 'export const d = 1;\n');
    write('b.ts', 'declare global { interface Window { x: number } }\nexport const b = 1;\n');
    expect(scope().files).toBeNull();
    write('b.ts', 'export const b = 1;\n');
    expect(scope(true).files).toBeNull();
  });
});
