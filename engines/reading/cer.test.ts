import { describe, expect, it } from 'vitest';
import { characterErrorRate, editDistance } from './cer';
import { cleanOcrText } from './ocr-text';
import { needsOcr } from './extraction-quality';

describe('CER', () => {
  it('is edit distance over reference length', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(characterErrorRate('abcd', 'abed')).toBe(0.25);
    expect(characterErrorRate('abc', 'abc')).toBe(0);
  });

  it('ignores whitespace differences and OCR spaces between CJK characters', () => {
    expect(characterErrorRate('Hello  world\n', ' Hello world')).toBe(0);
    expect(characterErrorRate('阅读助手', '阅 读 助 手')).toBe(0);
    expect(characterErrorRate('阅读助手', '阅读肋手')).toBe(0.25);
  });
});

describe('OCR text and extraction quality', () => {
  it('removes spaces between CJK characters only', () => {
    expect(cleanOcrText('阅 读 助 手 opens a PDF 。 \n\n\n下 一 页')).toBe('阅读助手 opens a PDF 。\n\n下一页');
  });

  it('sends empty and (cid:…) pages to OCR', () => {
    expect(needsOcr('')).toBe(true);
    expect(needsOcr('(cid:12)(cid:34)(cid:56) (cid:7)')).toBe(true);
    expect(needsOcr('A real paragraph of text.')).toBe(false);
  });
});
