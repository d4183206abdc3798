import { describe, expect, it } from 'vitest';
import { nothingToTranslate, protect, restore } from './placeholders';

const partsOf = (text: string) => protect(text).parts;

describe('placeholders', () => {
  it('protects formulas, code, URLs, e-mail addresses and numbers with units, dates and versions', () => {
    const text = 'Energy $E = mc^2$ and \\(a^2 + b^2\\) run `npm test` on https://example.com/a?b=1, mail ops@example.org by 2026-11-24: 3.5 GB, 12% and 40ms in v2.1.0.';
    expect(partsOf(text)).toEqual(['$E = mc^2$', '\\(a^2 + b^2\\)', '`npm test`', 'https://example.com/a?b=1', 'ops@example.org', '2026-11-24', '3.5 GB', '12%', '40ms', 'v2.1.0']);
    const { masked } = protect(text);
    expect(masked).toBe('Energy ⟦0⟧ and ⟦1⟧ run ⟦2⟧ on ⟦3⟧, mail ⟦4⟧ by ⟦5⟧: ⟦6⟧, ⟦7⟧ and ⟦8⟧ in ⟦9⟧.');
  });

  it('leaves words that look like units after a number to the translation', () => {
    expect(partsOf('Put 5 in the box and 3 apples.')).toEqual(['5', '3']);
    expect(partsOf('It costs $5 and $6 today.')).toEqual(['5', '6']);
  });

  it('restores the parts wherever the translation moved them', () => {
    const { masked, parts } = protect('Version v2.1.0 needs 4 GB.');
    expect(masked).toBe('Version ⟦0⟧ needs ⟦1⟧.');
    expect(restore('⟦ 1 ⟧ 是 ⟦0⟧ 版本所需的内存。', parts)).toBe('4 GB 是 v2.1.0 版本所需的内存。');
  });

  it('refuses a translation that lost, repeated or invented a token', () => {
    const { parts } = protect('See https://a.example and 42.');
    expect(restore('见 ⟦0⟧。', parts)).toBeNull();
    expect(restore('见 ⟦0⟧ ⟦0⟧ 和 ⟦1⟧。', parts)).toBeNull();
    expect(restore('见 ⟦0⟧ 和 ⟦1⟧ ⟦2⟧。', parts)).toBeNull();
    expect(restore('见 ⟦0⟧ 和 ⟦1⟧。', parts)).toBe('见 https://a.example 和 42。');
  });

  it('keeps brackets already in the source from being taken for tokens', () => {
    const { masked, parts } = protect('Odd ⟦7⟧ text');
    expect(parts).toEqual(['⟦', '7', '⟧']);
    expect(restore(masked.replace('Odd', '奇怪').replace('text', '文字'), parts)).toBe('奇怪 ⟦7⟧ 文字');
  });

  it('knows when a paragraph has nothing to translate', () => {
    expect(nothingToTranslate(protect('$x^2 + y^2 = z^2$').masked)).toBe(true);
    expect(nothingToTranslate(protect('2026-11-24 — 42%').masked)).toBe(true);
    expect(nothingToTranslate(protect('Total: 42%').masked)).toBe(false);
  });
});
