import { describe, expect, it } from 'vitest';
import { articleHtml } from '../../../tests/helpers/page-server';
import { decodePage } from './decode-page';
import { extractArticle, extractPlainText } from './extract-article';

const LONG = (n: number) => `Paragraph ${n} explains, at some length and with <b>bold</b> and <a href="/x">linked</a> words, why readers like clean pages without menus or footers.`;

describe('extractArticle', () => {
  it('keeps the article: paragraphs, list items, headings and quotes in order, without navigation, footer or script', () => {
    const html = articleHtml([LONG(1), LONG(2), LONG(3), LONG(4)], { title: 'Clean pages', byline: 'By Ada Lovelace', lang: 'en-GB' }).replace(
      '</article>',
      '<h2>Lists</h2><ul><li>First item<ul><li>Nested item</li></ul></li><li>Second item</li></ul><blockquote>Quoted words.</blockquote></article>',
    );
    const out = extractArticle(html, 'https://example.com/post');
    expect(out.title).toBe('Clean pages');
    expect(out.byline).toBe('By Ada Lovelace');
    expect(out.lang).toBe('en');
    const texts = out.paragraphs.map((p) => p.text);
    expect(texts.slice(0, 4)).toEqual([1, 2, 3, 4].map((n) => LONG(n).replace(/<[^>]+>/g, '')));
    expect(texts.slice(4)).toEqual(['Lists', 'First item', 'Nested item', 'Second item', 'Quoted words.']);
    expect(out.paragraphs.map((p) => p.id)).toEqual(texts.map((_, i) => `w${i + 1}`));
    expect(texts.join(' ')).not.toMatch(/Home|Copyright|changed by script/);
  });

  it('tells Chinese pages by their text when they declare no language', () => {
    const zh = ['机器翻译把一种语言的文字自动转换成另一种语言，阅读助手先翻译屏幕上可见的段落。', '公式、代码和数字在翻译时保持不变，译文可以导出为双语文档。'];
    const out = extractArticle(articleHtml([...zh, ...zh.map((p) => `${p}（续）`)], { title: '阅读助手' }), 'https://example.cn/a');
    expect(out.lang).toBe('zh');
    expect(out.paragraphs[0]!.text).toBe(zh[0]);
  });

  it('reads a GBK page that names its charset only in <meta>', () => {
    const html = articleHtml(['中文网页常用 GBK 编码，阅读器必须按页面声明的字符集解码，否则会出现乱码。'.repeat(3)], { charsetMeta: 'gbk', title: '编码' });
    // TextEncoder only writes UTF-8: build GBK bytes through a decoder table round-trip.
    const gbk = encodeGbk(html);
    const text = decodePage(gbk, undefined, true);
    expect(extractArticle(text, 'https://example.cn/gbk').paragraphs[0]!.text).toContain('中文网页常用 GBK 编码');
  });

  it('splits plain text into paragraphs at blank lines', () => {
    const out = extractPlainText('First line\ncontinues here.\n\nSecond paragraph.\r\n\r\nThird.', 'https://example.com/a.txt');
    expect(out.paragraphs).toEqual([
      { id: 'w1', text: 'First line continues here.' },
      { id: 'w2', text: 'Second paragraph.' },
      { id: 'w3', text: 'Third.' },
    ]);
  });
});

/** GBK bytes for a string: each character found by decoding every two-byte GBK code once. */
function encodeGbk(text: string): Buffer {
  const table = new Map<string, number[]>();
  const dec = new TextDecoder('gbk');
  for (let hi = 0x81; hi <= 0xfe; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const ch = dec.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(table.get(ch) ?? [0x3f]));
  }
  return Buffer.from(bytes);
}
