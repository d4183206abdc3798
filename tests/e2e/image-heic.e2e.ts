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

    // Before and after at full size under one divider: the HEIC decoded on the device, the JPEG as saved.
    await page.getByRole('button', { name: 'Compare with the original' }).click();
    const dialog = page.getByTestId('image-compare');
    await dialog.getByRole('heading', { name: 'Before and after: IMG_0001.HEIC' }).waitFor();
    await dialog.getByTestId('image-compare-before-facts').filter({ hasText: `Original: 640 × 480 px` }).waitFor({ timeout: 60_000 });
    // The result shown is the file saved: the same size, to the tenth of a KB.
    const savedKb = new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(jpeg.length / 1024);
    await expect(dialog.getByTestId('image-compare-after-facts').textContent()).resolves.toMatch(new RegExp(`^640 × 480 px · JPEG · ${savedKb} KB · \\d+% smaller$`));
    const natural = (id: string) => dialog.getByTestId(id).evaluate(async (img: HTMLImageElement) => (await img.decode(), [img.naturalWidth, img.naturalHeight]));
    await expect(natural('image-compare-before')).resolves.toEqual([640, 480]);
    await expect(natural('image-compare-after')).resolves.toEqual([640, 480]);
    const clip = () => dialog.getByTestId('image-compare-after-layer').evaluate((el: HTMLElement) => el.style.clipPath);
    await expect(clip()).resolves.toBe('inset(0px 0px 0px 50%)');
    // The divider from the keyboard, then by dragging on the picture.
    await dialog.getByRole('slider', { name: 'Divider position' }).focus();
    await page.keyboard.press('End');
    await expect(clip()).resolves.toBe('inset(0px 0px 0px 100%)');
    const box = (await dialog.getByTestId('image-compare-stage').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(async () => Number(/(\d+(?:\.\d+)?)%/.exec(await clip())![1])).toBeCloseTo(25, 0);
    // Zoom: the buttons, then 0 on the picture to fit again; real pixels once a pixel is bigger than a screen pixel.
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.getByTestId('image-compare-zoom').textContent()).resolves.toBe('225%');
    await expect(dialog.getByTestId('image-compare-after').evaluate((img) => getComputedStyle(img).imageRendering)).resolves.toBe('pixelated');
    await dialog.getByTestId('image-compare-stage').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByTestId('image-compare-after').evaluate((img) => img.style.transform)).resolves.toBe('translate(40px, 0px) scale(2.25)');
    await page.keyboard.press('0');
    await expect(dialog.getByTestId('image-compare-stage').getAttribute('data-zoom')).resolves.toBe('1');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
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

    // The comparison on a phone, in Chinese: both at full size, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '与原图对比' }).click();
    const dialog = page.getByTestId('image-compare');
    await dialog.getByRole('heading', { name: '前后对比：照片.heic' }).waitFor();
    await dialog.getByTestId('image-compare-before-facts').filter({ hasText: '原图：1600 × 1200 像素' }).waitFor({ timeout: 60_000 });
    await expect(dialog.getByTestId('image-compare-after').evaluate(async (img: HTMLImageElement) => (await img.decode(), img.naturalWidth))).resolves.toBe(1600);
    await dialog.getByRole('slider', { name: '分隔线位置' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 240_000);
});
