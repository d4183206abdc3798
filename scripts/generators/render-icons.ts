// Run from the repository root (npx tsx scripts/generators/render-icons.ts): renders public/favicon.svg and public/icons/icon-maskable.svg to the PNG icons with the system Chromium.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const render = async (svgPath: string, size: number, out: string, background?: string) => {
  const svg = readFileSync(svgPath, 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:${background ?? 'transparent'}"><img style="display:block;width:${size}px;height:${size}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`);
  await page.screenshot({ path: out, omitBackground: !background, clip: { x: 0, y: 0, width: size, height: size } });
};
await render('public/favicon.svg', 192, 'public/icons/icon-192.png');
await render('public/favicon.svg', 512, 'public/icons/icon-512.png');
await render('public/icons/icon-maskable.svg', 512, 'public/icons/icon-maskable-512.png');
await render('public/icons/icon-maskable.svg', 180, 'public/icons/apple-touch-icon.png');
await browser.close();
