import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/**
 * Where a literal colour is right: the themes' own sources, and data that is not styling (the
 * catalogue's format letter colours, the image tools' default border colour, which is user data),
 * and what is drawn on a document's page, which stays white in the dark theme (paper-colors.ts).
 */
const ALLOWED = new Set(['src/lib/theme-brand.ts', 'src/lib/theme-light.generated.ts', 'src/lib/format-colors.ts', 'src/lib/paper-colors.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const COLOUR = /(?<![\w/&])#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/g;

describe('theme tokens', () => {
  it('src/ takes every colour from a Fluent theme token, so the dark theme restyles everything', () => {
    const found: string[] = [];
    for (const file of sources(join(root, 'src'))) {
      const name = relative(root, file);
      if (ALLOWED.has(name)) continue;
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      for (const [i, line] of code.split('\n').entries()) {
        if (COLOUR.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
        COLOUR.lastIndex = 0;
      }
    }
    expect(found).toEqual([]);
  });
});
