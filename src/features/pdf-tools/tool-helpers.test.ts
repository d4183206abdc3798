import { describe, expect, it } from 'vitest';
import { PDF_TOOLS } from '@contracts/pdf-tools';
import { PDF_TOOL_ENTRIES } from '../../lib/site-map';
import { acceptAttribute, extensionOf, formatBytes, moveItem, sortByAcceptance } from './file-accept';
import { initialPages, toOrganizeOptions, turn } from './organize-pages';
import { compressOptions, pdfToImageOptions, protectOptions, splitOptions, unlockOptions } from './tool-options';

describe('the tool list of the menus', () => {
  it('names exactly the built tools of contracts/pdf-tools.ts', () => {
    expect(PDF_TOOL_ENTRIES.map((t) => t.key).sort()).toEqual(PDF_TOOLS.map((t) => t.key).sort());
  });
});

describe('file acceptance', () => {
  it('reads extensions case-insensitively and refuses other types by name', () => {
    expect(extensionOf('Scan.PDF')).toBe('pdf');
    expect(extensionOf('README')).toBe('');
    const { accepted, refused } = sortByAcceptance([{ name: 'a.pdf' }, { name: 'b.docx' }, { name: 'c.Pdf' }, { name: 'pdf' }], ['pdf']);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'c.Pdf']);
    expect(refused).toEqual(['b.docx', 'pdf']);
    expect(acceptAttribute(['jpg', 'png'])).toBe('.jpg,.png');
  });

  it('moves an item and clamps the target to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });

  it('formats sizes in decimal units', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(820_400)).toBe('820 KB');
    expect(formatBytes(1_540_000)).toBe('1.5 MB');
    expect(formatBytes(25_000_000)).toBe('25 MB');
  });
});

describe('the organise grid', () => {
  it('turns pages both ways and wraps around', () => {
    const [first] = initialPages(1);
    expect(turn(first!, 1).rotate).toBe(90);
    expect(turn(first!, -1).rotate).toBe(270);
    expect(turn(turn(turn(turn(first!, 1), 1), 1), 1).rotate).toBe(0);
  });

  it('gives the document as shown, or only the selected pages in grid order', () => {
    const pages = [{ page: 3, rotate: 90 as const }, { page: 1, rotate: 0 as const }, { page: 2, rotate: 180 as const }];
    expect(toOrganizeOptions(pages)).toEqual({ pages: [{ page: 3, rotate: 90 }, { page: 1, rotate: 0 }, { page: 2, rotate: 180 }] });
    expect(toOrganizeOptions(pages, new Set([2, 3]))).toEqual({ pages: [{ page: 3, rotate: 90 }, { page: 2, rotate: 180 }] });
  });
});

describe('tool options from the forms', () => {
  it('checks split ranges and page counts', () => {
    expect(splitOptions({ mode: 'ranges', ranges: '1-3, 5, 8-', every: '' })).toEqual({ ok: true, options: { mode: 'ranges', ranges: '1-3, 5, 8-' } });
    expect(splitOptions({ mode: 'ranges', ranges: '1-a', every: '' })).toEqual({ ok: false, error: 'split.rangesInvalid' });
    expect(splitOptions({ mode: 'every', ranges: '', every: '2' })).toEqual({ ok: true, options: { mode: 'every', every: 2 } });
    expect(splitOptions({ mode: 'every', ranges: '', every: '0' })).toEqual({ ok: false, error: 'split.everyInvalid' });
    expect(splitOptions({ mode: 'every', ranges: '', every: '1.5' }).ok).toBe(false);
  });

  it('turns "at most N MB" into bytes and refuses what is not a size', () => {
    expect(compressOptions({ preset: 'screen', maxMb: '' })).toEqual({ ok: true, options: { preset: 'screen' } });
    expect(compressOptions({ preset: 'ebook', maxMb: '1,5' })).toEqual({ ok: true, options: { preset: 'ebook', targetBytes: 1_500_000 } });
    expect(compressOptions({ preset: 'ebook', maxMb: 'abc' }).ok).toBe(false);
    expect(compressOptions({ preset: 'ebook', maxMb: '0.001' }).ok).toBe(false);
  });

  it('asks for the open password twice and the same', () => {
    const form = { password: 'pa55', confirm: 'pa55', allowPrint: true, allowCopy: false, allowModify: false };
    expect(protectOptions(form)).toEqual({ ok: true, options: { userPassword: 'pa55', allowPrint: true, allowCopy: false, allowModify: false } });
    expect(protectOptions({ ...form, confirm: 'pa56' })).toEqual({ ok: false, error: 'protect.passwordsDiffer' });
    expect(protectOptions({ ...form, password: '', confirm: '' })).toEqual({ ok: false, error: 'protect.passwordMissing' });
    expect(protectOptions({ ...form, password: 'x'.repeat(128), confirm: 'x'.repeat(128) }).ok).toBe(false);
    expect(unlockOptions('')).toEqual({ ok: false, error: 'unlock.passwordMissing' });
    expect(unlockOptions('secret')).toEqual({ ok: true, options: { password: 'secret' } });
  });

  it('reads the PDF-to-images form: a chosen or typed resolution, and optional page ranges', () => {
    const form = { format: 'png' as const, dpi: '72' as const, customDpi: '', pages: '' };
    expect(pdfToImageOptions(form)).toEqual({ ok: true, options: { format: 'png', dpi: 72 } });
    expect(pdfToImageOptions({ ...form, format: 'jpeg', dpi: 'custom', customDpi: ' 96 ', pages: ' 1-2, 5 ' })).toEqual({ ok: true, options: { format: 'jpeg', dpi: 96, pages: '1-2, 5' } });
    for (const customDpi of ['', '35', '301', '150.5', 'abc']) {
      expect(pdfToImageOptions({ ...form, dpi: 'custom', customDpi }), customDpi).toEqual({ ok: false, error: 'toImages.dpiInvalid' });
    }
    expect(pdfToImageOptions({ ...form, pages: '1-a' })).toEqual({ ok: false, error: 'toImages.pagesInvalid' });
  });
});
