import { describe, expect, it } from 'vitest';
import { STRINGS, widgetLang } from './strings';

describe('widget language', () => {
  it('takes data-lang first, then the page lang, Chinese for any zh-*', () => {
    expect(widgetLang('zh', 'en')).toBe('zh');
    expect(widgetLang(undefined, 'zh-CN')).toBe('zh');
    expect(widgetLang('', 'zh-Hant-TW')).toBe('zh');
    expect(widgetLang(null, 'fr')).toBe('en');
    expect(widgetLang(undefined, '')).toBe('en');
  });
  it('has the same strings in both languages', () => {
    expect(Object.keys(STRINGS.zh).sort()).toEqual(Object.keys(STRINGS.en).sort());
  });
});
