import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allErrorCodes } from '@contracts/error-codes';

const root = join(import.meta.dirname, '..', '..');
const LANGS = ['en', 'zh'] as const;

function loadLanguage(lang: string): Record<string, unknown> {
  const dir = join(root, 'locales', lang);
  const out: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    out[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  }
  return out;
}

/** Leaf paths: `nav.pdfGroups.fromPdf`, arrays by index (`legal.terms.sections.files.paragraphs.0`). */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/**
 * i18next's plural forms. Both languages carry the same ones (English needs `_one` and `_other`;
 * Chinese uses only `_other`, its `_one` is the same text) so that both have exactly the same keys.
 */
const PLURAL = /_(one|other)$/;

/** A key as the code asks for it: `profile.products.times_other` is `profile.products.times`. */
const baseKey = (k: string) => k.replace(PLURAL, '');

const texts = Object.fromEntries(LANGS.map((lang) => [lang, flatten(loadLanguage(lang))])) as Record<(typeof LANGS)[number], Map<string, unknown>>;

/** Every `validation.*` key the API can send: contracts, services and routes alike. */
function contractValidationKeys(): string[] {
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/['"`](validation\.[A-Za-z0-9_.]+)['"`]/g)) keys.add(match[1]!);
      }
    }
  };
  walk(join(root, 'api'));
  return [...keys].sort();
}

describe('locales', () => {
  it('en and zh have the same files', () => {
    const files = (lang: string) => readdirSync(join(root, 'locales', lang)).sort();
    expect(files('zh')).toEqual(files('en'));
  });

  it('en and zh have exactly the same keys', () => {
    const en = [...texts.en.keys()].sort();
    const zh = [...texts.zh.keys()].sort();
    expect(zh.filter((k) => !texts.en.has(k)), 'keys only in zh').toEqual([]);
    expect(en.filter((k) => !texts.zh.has(k)), 'keys only in en').toEqual([]);
  });

  it('a plural key has both forms and no bare twin, so "1 time left" reads right', () => {
    for (const lang of LANGS) {
      const bases = new Set([...texts[lang].keys()].filter((k) => PLURAL.test(k)).map(baseKey));
      const wrong = [...bases].filter((b) => texts[lang].has(b) || !texts[lang].has(`${b}_one`) || !texts[lang].has(`${b}_other`));
      expect(wrong, `${lang}: plural keys with a missing form or a bare twin`).toEqual([]);
    }
    expect(texts.en.get('profile.products.times_one')).toBe('{{count}} time left');
  });

  it('every text is a non-empty string', () => {
    for (const lang of LANGS) {
      const bad = [...texts[lang]].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(bad, `${lang}: empty or non-string texts`).toEqual([]);
    }
  });

  it('uses camelCase (or numeric error-code) key segments', () => {
    const bad = [...texts.en.keys()].map(baseKey).filter((k) => k.split('.').some((s) => !/^([a-z][A-Za-z0-9]*|\d+|TYPE_[A-Z_]+)$/.test(s)));
    expect(bad).toEqual([]);
  });

  it('has a text for every ErrorCode', () => {
    for (const lang of LANGS) {
      const missing = allErrorCodes.filter((code) => !texts[lang].has(`errors.${code}`));
      expect(missing, `${lang}: error codes without a text`).toEqual([]);
    }
  });

  it('has every validation.* key the API sends', () => {
    const keys = contractValidationKeys();
    expect(keys.length).toBeGreaterThan(0);
    for (const lang of LANGS) {
      expect(keys.filter((k) => !texts[lang].has(k)), `${lang}: missing validation keys`).toEqual([]);
    }
  });

  it('keeps placeholders identical across languages', () => {
    const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const bad = [...texts.en].filter(([k, v]) => JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(texts.zh.get(k)))).map(([k]) => k);
    expect(bad).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

describe('components', () => {
  it('render no raw English literal (all visible text goes through t())', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(root, 'src'))) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      const jsxText = [...code.matchAll(/(?<![=-])>([^<>{}]*[A-Za-z]{2,}[^<>{}]*)</g)].map((m) => m[1]!.trim());
      const attributes = [...code.matchAll(/\b(?:aria-label|placeholder|title|label|alt)="([^"]*[A-Za-z]{2,}[^"]*)"/g)].map((m) => m[1]!);
      for (const text of [...jsxText, ...attributes]) {
        // Code fragments the regex catches between generics or comparisons are not text.
        if (/[=;()&|]|^[,:]|:\s*$/.test(text)) continue;
        offenders.push(`${file.slice(root.length + 1)}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

