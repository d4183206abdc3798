import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildQaWidget } from '../../scripts/build/qa-widget';

describe('the QA widget bundle', () => {
  it('is one small script without React or i18next (< 15 KB gzipped)', async () => {
    const code = await buildQaWidget();
    const gzipped = gzipSync(code).length;
    console.log(`widget/qa-bot.js: ${code.length} bytes, ${gzipped} bytes gzipped`);
    expect(gzipped).toBeLessThan(15 * 1024);
    expect(code).not.toMatch(/react|i18next/i);
    expect(code).toContain("credentials:\"omit\"");
  }, 30_000);
});
