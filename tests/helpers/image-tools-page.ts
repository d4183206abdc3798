import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Page helpers for the image tools journeys (tests/e2e/image-tools.e2e.ts). */

/** Waits until the grid shows `count` cards, each probed (its dimensions shown). */
export async function waitForCards(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const infos = [...document.querySelectorAll('[data-testid=image-card-info]')];
      return infos.length === n && infos.every((el) => el.textContent?.includes('×'));
    },
    count,
    { timeout: 60_000 },
  );
}

/** Clicks 'Save as zip' and opens the downloaded archive. */
export async function saveZip(page: Page): Promise<JSZip> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: 'Save as zip' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^images-.*\.zip$/);
  return JSZip.loadAsync(await readFile(await download.path()));
}

/** RGB of the live preview's centre pixel; null while no preview is shown. */
export function previewCentre(page: Page): Promise<number[] | null> {
  return page.evaluate(async () => {
    const img = document.querySelector<HTMLImageElement>('[data-testid=image-preview] img');
    if (!img) return null;
    await img.decode();
    const canvas = new OffscreenCanvas(img.naturalWidth, img.naturalHeight);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return [...ctx.getImageData(img.naturalWidth / 2, img.naturalHeight / 2, 1, 1).data.slice(0, 3)];
  });
}
