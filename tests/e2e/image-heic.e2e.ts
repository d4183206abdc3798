import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedSize, exifTags, heicFrom, heifConvert, photo, ssim, withCameraExif } from '../helpers/fixtures/test-photos';
import { waitForCards } from '../helpers/image-tools-page';
import { startHarness, type Harness } from './harness';

/**
 * HEIC in (libheif in the image worker), AVIF / JPEG XL / JPEG out, EXIF kept or stripped, and
 * "at most N KB". Every output is read back by tools we did not write: ffprobe/ffmpeg for AVIF and
 * JPEG, djxl for JPEG XL, exiftool for EXIF; SSIM against the source from ffmpeg.
 */

async function saveZipNamed(page: Page, button: string): Promise<Map<string, Uint8Array>> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: button }).click()]);
  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  const out = new Map<string, Uint8Array>();
  for (const name of Object.keys(zip.files)) out.set(name, await zip.file(name)!.async('uint8array'));
  return out;
}

describe('HEIC photos and the new output formats', () => {
  let harness: Harness;
  // An iPhone-like photo: HEIC with camera, date and GPS in its Exif item.
  const sourceJpeg = withCameraExif(photo('mixed', 640, 480, 'jpg'));
  const heic = heicFrom(sourceJpeg, 'jpg', 80);
  // The reference for SSIM: the HEIC as libheif's own heif-convert decodes it.
  const reference = heifConvert(heic);

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('turns an iPhone HEIC into AVIF, JPEG XL and JPEG with EXIF kept but no GPS, under a size limit (en)', async () => {
    const { page } = await harness.open('/products/imageTools', { acceptDownloads: true });
    await page.getByRole('heading', { level: 1, name: 'Batch image editor' }).waitFor();
    expect(await page.getByTestId('image-file-input').getAttribute('accept')).toContain('.heic');
    await page.getByTestId('image-file-input').setInputFiles([{ name: 'IMG_0001.HEIC', mimeType: '', buffer: heic }]);
    await waitForCards(page, 1);
    await expect(page.getByTestId('image-card-info').textContent()).resolves.toContain('640 × 480');

    await page.getByRole('switch', { name: 'Format and quality' }).check();
    await page.getByLabel('Format', { exact: true }).selectOption('avif');
    await expect(page.getByRole('slider', { name: 'AVIF quality' }).inputValue()).resolves.toBe('50');
    await page.getByRole('checkbox', { name: 'Keep EXIF and dates (camera, date taken)' }).check();
    await page.getByTestId('image-exif-note').filter({ hasText: 'This format is saved without EXIF' }).waitFor();
    await page.getByTestId('image-preview-output').filter({ hasText: '640 × 480 px · AVIF' }).waitFor();
    const avif = (await saveZipNamed(page, 'Save as zip')).get('IMG_0001.avif')!;
    expect(decodedSize(avif, 'avif')).toEqual({ width: 640, height: 480 });
    const avifSsim = ssim(reference, 'png', avif, 'avif');

    await page.getByLabel('Format', { exact: true }).selectOption('jxl');
    await page.getByTestId('image-preview-output').filter({ hasText: /640 × 480 px · JPEG XL · / }).waitFor();
    const jxl = (await saveZipNamed(page, 'Save as zip')).get('IMG_0001.jxl')!;
    expect(decodedSize(jxl, 'jxl')).toEqual({ width: 640, height: 480 });
    expect(Buffer.from(jxl.subarray(0, 2)).toString('hex')).toBe('ff0a');
    const jxlSsim = ssim(reference, 'png', jxl, 'jxl');

    // JPEG with EXIF kept, GPS removed (the default), and at most 25 KB: below what quality 80 gives.
    await page.getByLabel('Format', { exact: true }).selectOption('jpeg');
    await page.getByTestId('image-exif-note').filter({ hasText: 'copied into JPEG output' }).waitFor();
    await expect(page.getByRole('checkbox', { name: 'Remove GPS location' }).isChecked()).resolves.toBe(true);
    await page.getByRole('checkbox', { name: 'Limit the file size of each image' }).check();
    await page.getByLabel('At most (KB)').fill('25');
    const note = (await page.getByTestId('image-preview-fit').filter({ hasText: /Size limit met at quality \d+/ }).textContent())!;
    expect(Number(/quality (\d+)/.exec(note)![1])).toBeLessThan(80);
    await page.getByTestId('image-preview-exif').waitFor();
    const jpeg = (await saveZipNamed(page, 'Save as zip')).get('IMG_0001.jpg')!;
    await page.getByTestId('image-batch-fit').filter({ hasText: /Size limit: quality \d+–\d+ used; 0 scaled down; 0 still too big/ }).waitFor();
    expect(jpeg.length).toBeLessThanOrEqual(25 * 1024);
    const tags = exifTags(jpeg, 'jpg');
    expect(tags).toMatchObject({ Make: 'DocuFlow Test Camera', Model: 'Phone 15', DateTimeOriginal: '2024:05:01 10:20:30', Orientation: 1, ImageWidth: 640, ImageHeight: 480 });
    expect(Object.keys(tags).filter((k) => k.startsWith('GPS'))).toEqual([]);
    const jpegSsim = ssim(reference, 'png', jpeg, 'jpg');
    console.log(`HEIC 640x480 -> AVIF ${avif.length} B (SSIM ${avifSsim.toFixed(4)}), JXL ${jxl.length} B (SSIM ${jxlSsim.toFixed(4)}), JPEG <= 25 KB ${jpeg.length} B (${note}, SSIM ${jpegSsim.toFixed(4)})`);
    expect(avifSsim).toBeGreaterThan(0.8);
    expect(jxlSsim).toBeGreaterThan(0.5);
    expect(jpegSsim).toBeGreaterThan(0.8);
  }, 240_000);

  it('strips EXIF by default and keeps a 1600 x 1200 HEIC under 200 KB, in Chinese (zh)', async () => {
    const { page } = await harness.open('/products/imageTools', { acceptDownloads: true });
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('heading', { level: 1, name: '批量图片处理' }).waitFor();
    const bigHeic = heicFrom(withCameraExif(photo('detailed', 1600, 1200, 'jpg')), 'jpg', 90);
    await page.getByTestId('image-file-input').setInputFiles([{ name: '照片.heic', mimeType: 'image/heic', buffer: bigHeic }]);
    await waitForCards(page, 1);
    await page.getByRole('switch', { name: '格式与质量' }).check();
    await page.getByLabel('格式', { exact: true }).selectOption('jpeg');
    await page.getByTestId('image-exif-note').filter({ hasText: '重新编码的图片会去掉 EXIF' }).waitFor();
    await page.getByRole('checkbox', { name: '限制每张图片的文件大小' }).check();
    await expect(page.getByLabel('最大（KB）').inputValue()).resolves.toBe('200');
    const jpeg = (await saveZipNamed(page, '保存为 zip')).get('照片.jpg')!;
    const summary = (await page.getByTestId('image-batch-fit').filter({ hasText: /大小限制：使用质量 \d+–\d+/ }).textContent())!;
    expect(jpeg.length).toBeLessThanOrEqual(200 * 1024);
    expect(decodedSize(jpeg, 'jpg')).toEqual({ width: 1600, height: 1200 });
    const tags = exifTags(jpeg, 'jpg');
    expect(tags.Make).toBeUndefined();
    expect(tags.DateTimeOriginal).toBeUndefined();
    const score = ssim(heifConvert(bigHeic), 'png', jpeg, 'jpg');
    console.log(`HEIC 1600x1200 -> JPEG <= 200 KB: ${jpeg.length} B, SSIM ${score.toFixed(4)}; ${summary}`);
    expect(score).toBeGreaterThan(0.8);
  }, 240_000);
});
