import { describe, expect, it } from 'vitest';
import { customPattern, findHits, fromView, MAX_PATTERN_LENGTH, regionsOf, termsOf, toView, type TextRun } from './redact-hits';

const run = (text: string, x: number, y: number, width = text.length * 6, height = 12): TextRun => ({ text, x, y, width, height });

describe('redaction hits', () => {
  it('finds a term case-insensitively inside a run, its box a share of the run by characters', () => {
    const hits = findHits(2, [run('Contact ALICE Smith today', 72, 100, 250)], { terms: ['alice smith'], presets: [] });
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit!.text).toBe('ALICE Smith');
    expect(hit!.page).toBe(2);
    expect(hit!.boxes).toHaveLength(1);
    // By Helvetica's widths 'Contact ' is 3724 of the run's 12172 thousandths (148.49 pt in), the hit 5724
    // (117.56 pt); 0.15 of the edge letters (A, h) comes off each side.
    expect(hit!.boxes[0]!.x).toBeCloseTo(150.54, 2);
    expect(hit!.boxes[0]!.width).toBeCloseTo(113.8, 2);
    expect(hit!.boxes[0]!.y).toBeLessThan(100);
    expect(hit!.boxes[0]!.y + hit!.boxes[0]!.height).toBeGreaterThan(112);
  });

  it('joins a hit split over runs on one line into one box, and one box per line across lines', () => {
    const sameLine = findHits(1, [run('Mail: alice@', 72, 100, 72), run('example.com', 144, 100, 66), run('now', 214, 100, 18)], { terms: [], presets: ['email'] });
    expect(sameLine.map((h) => h.text)).toEqual(['alice@example.com']);
    expect(sameLine[0]!.boxes).toHaveLength(1);
    expect(sameLine[0]!.boxes[0]!.x).toBeCloseTo(104.6, 1);
    expect(sameLine[0]!.boxes[0]!.x + sameLine[0]!.boxes[0]!.width).toBeCloseTo(208.61, 1);
    const twoLines = findHits(1, [run('call John', 72, 100), run('Smith now', 72, 116)], { terms: ['john smith'], presets: [] });
    expect(twoLines[0]!.boxes).toHaveLength(2);
  });

  it('finds e-mails, Chinese mobiles, grouped phone numbers and ID-card numbers, but not dates or parts of longer numbers', () => {
    const text = '邮箱 li.lei@mail.cn 手机 13812345678 电话 +44 20 7946 0958 身份证 11010519491231002X 日期 2026-11-28 订单 9913812345678999';
    const hits = findHits(1, [run(text, 0, 0, 800)], { terms: [], presets: ['email', 'phone', 'cnId'] });
    expect(hits.map((h) => [h.source, h.text])).toEqual([
      ['email', 'li.lei@mail.cn'],
      ['phone', '13812345678'],
      ['phone', '+44 20 7946 0958'],
      ['cnId', '11010519491231002X'],
    ]);
  });

  it('places an ID number in a run of Chinese and digits where poppler sees the word, and a phone number among letters', () => {
    // pdf.js's runs of tests/api/pdf-redact.test.ts's page; poppler's word boxes there: 110.69-230.78 and 110.68-184.07.
    const [id] = findHits(1, [{ text: '身份证 11010519491231002X 档案保留', x: 72, y: 161.92, width: 209.472, height: 12 }], { terms: [], presets: ['cnId'] });
    const [phone] = findHits(1, [{ text: 'Mobile 13812345678 office desk', x: 72, y: 126.6, width: 172.764, height: 12 }], { terms: [], presets: ['phone'] });
    for (const [hit, x0, x1] of [[id, 110.69, 230.78], [phone, 110.68, 184.07]] as const) {
      const box = hit!.boxes[0]!;
      expect(box.x).toBeGreaterThan(x0);
      expect(box.x).toBeLessThan(x0 + 1.5);
      expect(box.x + box.width).toBeLessThan(x1);
      expect(box.x + box.width).toBeGreaterThan(x1 - 1.5);
    }
  });

  it('finds a Chinese name; the same characters found by two searches are one hit', () => {
    const hits = findHits(1, [run('联系人：张三丰，电话', 0, 0, 100)], { terms: ['张三丰', '张三丰 '], presets: [] });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.boxes[0]!.x).toBeCloseTo(41.5, 5);
    expect(hits[0]!.boxes[0]!.width).toBeCloseTo(27, 5);
  });

  it('reads the terms one per line or between commas, Chinese ones too', () => {
    expect(termsOf(' Alice Smith,bob\n\n张三，李四；王五、 ')).toEqual(['Alice Smith', 'bob', '张三', '李四', '王五']);
  });

  it('takes a custom expression within its length limit and says why one cannot be used', () => {
    expect(customPattern('')).toBeNull();
    expect(customPattern('(')).toBe('invalid');
    expect(customPattern('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe('tooLong');
    const hits = findHits(1, [run('Case A-1234 and B-99', 0, 0)], { terms: [], presets: [], custom: '[A-Z]-\\d{4}' });
    expect(hits.map((h) => h.text)).toEqual(['A-1234']);
    expect(findHits(1, [run('abc', 0, 0)], { terms: [], presets: [], custom: 'x*' })).toEqual([]);
  });

  it('sends kept hits and drawn boxes, not dropped hits, clipped to the page', () => {
    const hits = findHits(1, [run('alice bob', 0, 10, 90)], { terms: ['alice', 'bob'], presets: [] });
    const bob = hits.find((h) => h.text === 'bob')!;
    const regions = regionsOf(hits, new Set([bob.id]), [{ page: 2, x: -5, y: 700, width: 50, height: 200 }], new Map([[2, { width: 595, height: 842 }]]));
    expect(regions).toEqual([
      { page: 1, x: 1.88, y: 9.4, width: 42.49, height: 15.6 },
      { page: 2, x: 0, y: 700, width: 45, height: 142 },
    ]);
  });

  it('maps boxes to the page as shown and back for every rotation', () => {
    const page = { width: 600, height: 800 };
    const box = { x: 100, y: 50, width: 200, height: 30 };
    for (const rotate of [0, 90, 180, 270]) {
      const view = toView(box, { ...page, rotate });
      const back = fromView(view, { ...page, rotate });
      expect([back.x, back.y, back.width, back.height].map((n) => Math.round(n))).toEqual([100, 50, 200, 30]);
    }
    // Turned a quarter clockwise, the top left corner of the text goes to the top right.
    const turned = toView(box, { ...page, rotate: 90 });
    expect(turned.x + turned.width).toBeCloseTo((800 - 50) / 800, 5);
    expect(turned.y).toBeCloseTo(100 / 600, 5);
  });
});
