import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompressOptions } from '@contracts/pdf-tools.js';
import { compressPdf, type CompressResult } from './compress.js';
import { protectPdf } from './qpdf.js';
import { check, PAGE_TEXT, picturePdf, processesMentioning, rejection } from './test-support.js';

// Each compression runs Ghostscript one to four times on a 15 MB file: seconds each on a loaded machine.
const SLOW = 180_000;

let dir: string;
let photos: string;
let limits: { timeoutMs: number; cwd: string };
const path = (name: string) => join(dir, name);

/** Compresses the photo fixture into `name` and checks what every output must be: valid, same pages, same text. */
async function compressed(name: string, options: CompressOptions): Promise<CompressResult> {
  const result = await compressPdf(photos, path(name), options, limits);
  expect(result.bytesAfter).toBe((await stat(path(name))).size);
  const checked = check('/usr/bin/qpdf', ['--check', path(name)]);
  expect(checked.code, checked.out).toBe(0);
  expect(check('/usr/bin/qpdf', ['--show-npages', path(name)]).out.trim()).toBe('3');
  const text = check('/usr/bin/pdftotext', [path(name), '-']).out;
  for (const line of PAGE_TEXT) expect(text).toContain(line);
  return result;
}

/** The highest horizontal resolution of any picture in the file, as pdfimages reports it. */
function highestImagePpi(file: string): number {
  const rows = check('/usr/bin/pdfimages', ['-list', file]).out.split('\n').slice(2).filter((row) => row.trim());
  expect(rows.length).toBeGreaterThan(0);
  return Math.max(...rows.map((row) => Number(row.trim().split(/\s+/)[12])));
}


beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compress-'));
  limits = { timeoutMs: 300_000, cwd: dir };
  photos = path('photos.pdf');
  // Pictures of 1800 px across 451 pt: about 290 dpi, above every preset's resolution.
  await writeFile(photos, await picturePdf(1800));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('compressPdf', () => {
  it('makes /screen smaller than /ebook smaller than /printer, pictures at the preset resolution', { timeout: SLOW }, async () => {
    const screen = await compressed('screen.pdf', { preset: 'screen' });
    const ebook = await compressed('ebook.pdf', { preset: 'ebook' });
    const printer = await compressed('printer.pdf', { preset: 'printer' });
    expect(screen.bytesAfter).toBeLessThan(ebook.bytesAfter);
    expect(ebook.bytesAfter).toBeLessThan(printer.bytesAfter);
    expect(printer.bytesAfter).toBeLessThan(printer.bytesBefore);
    expect(screen).toMatchObject({ preset: 'screen', imageDpi: 72, reachedTarget: true, keptOriginal: false, gsRuns: 1 });
    expect(highestImagePpi(path('screen.pdf'))).toBeLessThanOrEqual(73);
    expect(highestImagePpi(path('ebook.pdf'))).toBeLessThanOrEqual(151);
  });

  it('meets a target that /screen meets, with the best resolution that fits', { timeout: SLOW }, async () => {
    const screen = await compressed('screen-for-target.pdf', { preset: 'screen' });
    const printer = await compressed('printer-for-target.pdf', { preset: 'printer' });
    const targeted = await compressed('targeted.pdf', { preset: 'printer', targetBytes: screen.bytesAfter });
    expect(targeted.reachedTarget).toBe(true);
    expect(targeted.bytesAfter).toBeLessThanOrEqual(screen.bytesAfter);
    expect(targeted.bytesAfter).toBeLessThan(printer.bytesAfter);
    expect(targeted.gsRuns).toBeLessThanOrEqual(4);
    expect(highestImagePpi(path('targeted.pdf'))).toBeLessThanOrEqual(targeted.imageDpi + 1);
    // A tenth less no longer fits that resolution: the search moves down a rung, so it took the best that fits.
    // (Not "one byte less": Ghostscript's output at one resolution varies by a few bytes from run to run, its dates and ID.)
    const tighter = await compressed('tighter.pdf', { preset: 'printer', targetBytes: Math.floor(targeted.bytesAfter * 0.9) });
    expect(tighter.reachedTarget).toBe(true);
    expect(tighter.imageDpi).toBeLessThan(targeted.imageDpi);
    expect(highestImagePpi(path('tighter.pdf'))).toBeLessThanOrEqual(tighter.imageDpi + 1);
  });

  it('stops at the legibility floor with reachedTarget false and its smallest result', { timeout: SLOW }, async () => {
    const tiny = await compressed('tiny-target.pdf', { preset: 'ebook', targetBytes: 2_000 });
    expect(tiny).toMatchObject({ reachedTarget: false, imageDpi: 72, keptOriginal: false });
    expect(tiny.bytesAfter).toBeGreaterThan(2_000);
    expect(highestImagePpi(path('tiny-target.pdf'))).toBeLessThanOrEqual(73);
    expect(tiny.gsRuns).toBeLessThanOrEqual(4);
  });

  it('keeps the input bytes when compressing would make the file bigger', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    await writeFile(path('small.pdf'), await doc.save());
    const result = await compressPdf(path('small.pdf'), path('small-out.pdf'), { preset: 'screen' }, limits);
    expect(result.keptOriginal).toBe(true);
    expect(result.bytesAfter).toBe(result.bytesBefore);
    expect(await readFile(path('small-out.pdf'))).toEqual(await readFile(path('small.pdf')));
  });

  it('refuses encrypted files and files that are not PDFs', async () => {
    await protectPdf(photos, path('locked.pdf'), { userPassword: 'pw', allowPrint: true, allowCopy: true, allowModify: false }, limits);
    expect((await rejection(compressPdf(path('locked.pdf'), path('x.pdf'), { preset: 'ebook' }, limits))).reason).toBe('encrypted');
    await writeFile(path('letter.pdf'), '%!PS\n(not a pdf) print\n');
    expect((await rejection(compressPdf(path('letter.pdf'), path('x.pdf'), { preset: 'ebook' }, limits))).reason).toBe('unreadable');
    await writeFile(path('hollow.pdf'), '%PDF-1.4\nnothing here\n%%EOF\n');
    expect((await rejection(compressPdf(path('hollow.pdf'), path('x.pdf'), { preset: 'ebook' }, limits))).reason).toBe('unreadable');
  });

  it('kills Ghostscript at the time limit, leaving no process and no temporary file', { timeout: SLOW }, async () => {
    const job = await mkdtemp(join(dir, 'late-job-'));
    // /printer on 15 MB of pictures takes well over a second even on a quiet machine.
    const error = await rejection(compressPdf(photos, join(job, 'out.pdf'), { preset: 'printer' }, { timeoutMs: 200, cwd: job }));
    expect(error.reason).toBe('timeLimit');
    expect(processesMentioning(job)).toEqual([]);
    expect(await readdir(job)).toEqual([]);
  });
});
