import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../api/db/index';
import { pngBytes } from '../helpers/fixtures/image-encoders';
import { grantPaidBundle } from '../helpers/grant-bundle';
import { saveZip, waitForCards } from '../helpers/image-tools-page';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.toString('ascii', 1, 4)).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Five single-face portraits made with the system ffmpeg from the face photo that ships inside
 * @vladmandic/human (assets/screenshot-faceid.jpg: the photo sits at about x 10-160, y 140-285):
 * the photo cut out with different margins, scaled and mirrored, on a padded canvas.
 */
function portraits(): Array<{ name: string; mimeType: string; buffer: Buffer }> {
  const dir = mkdtempSync(join(tmpdir(), 'ai-portraits-'));
  const source = join(import.meta.dirname, '..', '..', 'node_modules', '@vladmandic', 'human', 'assets', 'screenshot-faceid.jpg');
  const filters = [
    'crop=160:150:5:138,scale=320:-2',
    'crop=160:150:5:138,hflip,scale=400:-2',
    'crop=150:148:8:140,pad=300:360:75:150:gray',
    'crop=160:150:5:138,scale=240:-2,pad=480:300:120:0:white',
    'crop=150:148:8:140,hflip,pad=260:260:55:40:black,scale=520:-2',
  ];
  try {
    return filters.map((vf, i) => {
      const out = join(dir, `portrait-${i + 1}.png`);
      execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', source, '-vf', vf, out]);
      return { name: `portrait-${i + 1}.png`, mimeType: 'image/png', buffer: readFileSync(out) };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('AI image tools journeys', () => {
  let harness: Harness;
  let db: DbHandle;

  beforeAll(async () => {
    harness = await startHarness();
    db = openDb({ sqlitePath: join(harness.dataDir, 'app.db') });
    // The harness builds the app first when sources changed: minutes on a busy 2-core machine.
  }, 900_000);
  afterAll(async () => {
    await db?.close();
    await harness?.close();
  });

  async function signedInPage() {
    const { page, context } = await harness.open('/register', { acceptDownloads: true });
    const userId = uniqueUserId('aiimg');
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Start-Passw0rd' });
    await grantPaidBundle(db.db, userId);
    await page.goto('/products/imageTools');
    await page.getByRole('heading', { level: 1, name: 'Batch image editor' }).waitFor();
    return { page, context, userId };
  }

  async function apiCredits(userId: string): Promise<number> {
    const user = await db.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const rows = await db.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', user.id).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((sum, r) => sum + r.avail_quota, 0);
  }

  it('upscales a batch of 5 images x2 and saves them in a zip, one credit each', async () => {
    const { page, context, userId } = await signedInPage();
    const sizes = [
      [64, 48],
      [48, 64],
      [80, 60],
      [56, 56],
      // Tall enough to be cut into bands of rows, one per clarity worker: a vertical ramp, so a band
      // put back in the wrong place or with a gap shows in the rows' brightness.
      [72, 150],
    ] as const;
    const ramp = (x: number, y: number): [number, number, number] => [Math.round((y * 255) / 149), 90, 160];
    await page
      .getByTestId('image-file-input')
      .setInputFiles(sizes.map(([w, h], i) => ({ name: `small-${i + 1}.png`, mimeType: 'image/png', buffer: i === 4 ? pngBytes(w, h, ramp) : pngBytes(w, h) })));
    await waitForCards(page, 5);
    await page.getByRole('radio', { name: 'Clarity' }).check();
    await expect(page.getByRole('radio', { name: 'Super-resolution x2' }).isChecked()).resolves.toBe(true);
    await page.getByText('Clarity is applied when you save').waitFor();
    const before = await apiCredits(userId);

    const zip = await saveZip(page);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(sizes.map((_, i) => `small-${i + 1}.png`));
    for (const [i, [w, h]] of sizes.entries()) {
      const bytes = Buffer.from(await zip.file(`small-${i + 1}.png`)!.async('uint8array'));
      expect(pngSize(bytes), names[i]).toEqual({ width: w * 2, height: h * 2 });
    }
    // The banded picture: each output row is as bright as the source row it came from.
    const tall = Buffer.from(await zip.file('small-5.png')!.async('uint8array')).toString('base64');
    const rowErrors = await page.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const errors: number[] = [];
      for (let y = 0; y < height; y++) {
        let red = 0;
        for (let x = 0; x < width; x++) red += data[(y * width + x) * 4]!;
        errors.push(Math.abs(red / width - ((y + 0.5) / 2 - 0.5) * (255 / 149)));
      }
      return errors;
    }, tall);
    expect(rowErrors).toHaveLength(300);
    expect(Math.max(...rowErrors.slice(4, -4))).toBeLessThan(12);
    await page.getByTestId('image-batch-done').filter({ hasText: 'Done: 5 saved' }).waitFor();
    expect(await apiCredits(userId)).toBe(before - 5);
    await context.close();
  }, 600_000);

  it('crops 5 portraits to 3:4 around the face, with the face box shown and adjustable', async () => {
    const { page, context } = await signedInPage();
    await page.getByTestId('image-file-input').setInputFiles(portraits());
    await waitForCards(page, 5);
    await page.getByRole('radio', { name: 'Portrait crop' }).check();
    await page.getByRole('radio', { name: '3:4' }).check();

    // The preview shows the detected face and the crop; the arrow keys move the box.
    const box = page.getByTestId('ai-face-box');
    await box.waitFor({ timeout: 180_000 });
    await page.getByTestId('ai-crop-box').waitFor();
    const left = await box.evaluate((el) => parseFloat((el as HTMLElement).style.left));
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => parseFloat((el as HTMLElement).style.left))).toBeGreaterThan(left);
    await page.getByRole('button', { name: 'Use the detected face' }).click();
    await expect.poll(() => box.evaluate((el) => parseFloat((el as HTMLElement).style.left))).toBeCloseTo(left, 3);

    const zip = await saveZip(page);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['portrait-1.png', 'portrait-2.png', 'portrait-3.png', 'portrait-4.png', 'portrait-5.png']);
    for (const name of names) {
      const size = pngSize(Buffer.from(await zip.file(name)!.async('uint8array')));
      expect(size.width * 4, name).toBe(size.height * 3);
      expect(size.width, name).toBeGreaterThan(60);
    }
    await context.close();
  }, 600_000);
});
