import { describe, expect, it } from 'vitest';
import { buildCards, DEFAULT_FEATURES, GROUP_ICONS } from '@contracts/convert-catalogue';
import { CONVERSIONS, PDF_MENU } from './site-map';
import { FORMAT_COLORS } from './format-colors';
import { isProtectedPath } from './protected-paths';
import { safeRedirect } from './navigation';

describe('site map', () => {
  it('lists exactly the catalogue cards', () => {
    const cards = DEFAULT_FEATURES.flatMap(buildCards).map((c) => c.key).sort();
    expect(CONVERSIONS.map((c) => c.key).sort()).toEqual(cards);
  });

  it('uses the catalogue icon colours', () => {
    for (const [format, color] of Object.entries(FORMAT_COLORS)) {
      expect(GROUP_ICONS[format as keyof typeof GROUP_ICONS].color, format).toBe(color);
    }
  });

  it('groups the PDF menu as the spec does', () => {
    expect(PDF_MENU.map((g) => g.id)).toEqual(['fromPdf', 'toPdf', 'fromExcel', 'toExcel']);
    expect(PDF_MENU.every((g) => g.items.length > 0)).toBe(true);
    expect(PDF_MENU[1]!.items.every((c) => c.to === 'pdf')).toBe(true);
  });
});

describe('protected paths', () => {
  it('guards payment and convert/{type} but not the converter intro', () => {
    expect(isProtectedPath('/payment')).toBe(true);
    expect(isProtectedPath('/payment/result/42')).toBe(true);
    expect(isProtectedPath('/products/convert/word-to-pdf')).toBe(true);
    expect(isProtectedPath('/Products/Convert/Word-To-PDF/')).toBe(true);
    expect(isProtectedPath('/products/convert/introduce')).toBe(false);
    expect(isProtectedPath('/products/pdf/pdf-merge')).toBe(true);
    expect(isProtectedPath('/pricing')).toBe(false);
    expect(isProtectedPath('/')).toBe(false);
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths and refuses the rest', () => {
    expect(safeRedirect('/products/convert/word-to-pdf?x=1')).toBe('/products/convert/word-to-pdf?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
