import { describe, expect, it } from 'vitest';
import { extractInThread, ExtractFailed } from './extract-in-thread';

const PARA = `<p>${'The quick brown fox jumps over the lazy dog, and <a href="#">links</a> appear. '.repeat(8)}</p>`;

describe('extractInThread', () => {
  it('cleans a large page off the request thread, which keeps answering meanwhile', async () => {
    const html = `<html><head><title>Big</title></head><body><article>${PARA.repeat(Math.floor((2 * 1024 * 1024) / PARA.length))}</article></body></html>`;
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    try {
      const out = await extractInThread({ url: 'https://example.com/big', html: true, charset: 'utf-8', body: new TextEncoder().encode(html) });
      expect(out.title).toBe('Big');
      expect(out.paragraphs.length).toBeGreaterThan(1000);
    } finally {
      clearInterval(ticker);
    }
    // Parsing 2 MB in this thread would block it for over a second.
    expect(longestGap).toBeLessThan(400);
  });

  it('gives up on a page that takes longer than its time limit', async () => {
    const html = `<html><body>${PARA.repeat(3000)}</body></html>`;
    await expect(extractInThread({ url: 'https://example.com/slow', html: true, charset: undefined, body: new TextEncoder().encode(html) }, 50)).rejects.toBeInstanceOf(ExtractFailed);
  });
});
