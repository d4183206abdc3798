import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPaidBundle } from '../helpers/grant-bundle.js';
import { solidPng } from '../helpers/fixtures/image-encoders.js';
import { cjkFontPath, renderPdf } from '../helpers/fixtures/pdfs.js';
import { pdfImages, pdfPages, pdfPageTexts, qpdfCheck, renderPage } from '../helpers/pdf-tool-checks.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { pdfToolApi } from '../helpers/pdf-tool-api.js';

const EMAIL = 'alice.wong@example.com';
const PHONE = '13812345678';
const ID_CARD = '11010519491231002X';
const NAME = '张三丰';
const KEPT_EMAIL = 'bob.lee@example.org';
/** The picture (solid red) and the drawing (solid blue) the boxes cut into, in points from the top left. */
const PICTURE = { x: 72, y: 300, width: 200, height: 100 };
const DRAWING = { x: 350, y: 300, width: 100, height: 100 };

/** One A4 page: sensitive words among words that must stay, a picture, two drawings, and a title. */
function sensitivePdf(): Promise<Uint8Array> {
  const font = cjkFontPath();
  if (!font) throw new Error('fonts-noto-cjk is needed for this test');
  return renderPdf(
    (doc) => {
      doc.info.Title = 'Harbour personnel file';
      doc.info.Author = 'Records Office';
      doc.registerFont('cjk', font, 'NotoSansCJKsc-Regular');
      doc.font('Helvetica').fontSize(12);
      doc.text(`Contact ${EMAIL} about the harbour`, 72, 100, { lineBreak: false });
      doc.text(`Mobile ${PHONE} office desk`, 72, 130, { lineBreak: false });
      doc.font('cjk').text(`身份证 ${ID_CARD} 档案保留`, 72, 160, { lineBreak: false });
      doc.text(`负责人 ${NAME} 负责港口项目`, 72, 190, { lineBreak: false });
      doc.font('Helvetica').text(`Backup ${KEPT_EMAIL} stays`, 72, 220, { lineBreak: false });
      doc.image(solidPng(200, 100, [230, 20, 20]), PICTURE.x, PICTURE.y, { width: PICTURE.width, height: PICTURE.height });
      doc.rect(DRAWING.x, DRAWING.y, DRAWING.width, DRAWING.height).fill('#1030e0');
      doc.rect(350, 450, 100, 60).fill('#10b030');
    },
    { size: 'A4', margin: 0 },
  );
}

interface WordBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Word boxes as poppler's `pdftotext -bbox` sees them (points from the page's top left): how the test aims its boxes. */
function wordBoxes(file: string): WordBox[] {
  const html = spawnSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }).stdout;
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    text: m[5]!.replace(/&amp;/g, '&'),
    x: Number(m[1]),
    y: Number(m[2]),
    width: Number(m[3]) - Number(m[1]),
    height: Number(m[4]) - Number(m[2]),
  }));
}

/**
 * Redaction through the API (issue 30): the server removes exactly the boxes the user approved,
 * and what was under them is gone from the text, the picture and the drawing, as poppler and
 * qpdf read the result; bad boxes are refused before anything is charged; failures refund.
 */
describe.each(testDialects())('PDF redaction on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let dir: string;
  let input: Uint8Array;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = t.client();
    expect((await c.post('/api/v1/user/register', { userId: 'redact1', password: 'Sunny-Day7', email: 'redact1@example.com', agree: true })).code).toBe(200);
    await grantPaidBundle(t.handle.db, 'redact1');
    dir = mkdtempSync(join(tmpdir(), 'pdf-redact-api-'));
    input = await sensitivePdf();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = () => pdfToolApi(t, c);
  const avail = () => api().avail();
  const submit = (bytes: Uint8Array, options: unknown) => api().submit('pdf-redact', [{ name: 'personnel.pdf', bytes }], options);
  const redact = (bytes: Uint8Array, options: unknown) => api().runServerTool('pdf-redact', { name: 'personnel.pdf', bytes }, options);

  it('removes the approved words, the picture pixels and the drawing under the boxes, and keeps everything else', async () => {
    const source = join(dir, 'input.pdf');
    writeFileSync(source, input);
    const words = wordBoxes(source);
    const box = (text: string) => {
      const word = words.find((w) => w.text === text);
      if (!word) throw new Error(`${text} is not among ${words.map((w) => w.text).join(' ')}`);
      return { page: 1, x: word.x, y: word.y, width: word.width, height: word.height };
    };
    const textBefore = pdfPageTexts(input)[0]!;
    for (const secret of [EMAIL, PHONE, ID_CARD, NAME, KEPT_EMAIL]) expect(textBefore).toContain(secret);
    // The user dropped the hit on KEPT_EMAIL: it is not among the regions sent.
    const regions = [
      box(EMAIL),
      box(PHONE),
      box(ID_CARD),
      box(NAME),
      { page: 1, x: PICTURE.x, y: PICTURE.y, width: 100, height: 100 },
      { page: 1, x: DRAWING.x, y: DRAWING.y, width: 40, height: 40 },
    ];
    const done = await redact(input, { regions, removeMetadata: true });
    expect([done.record.status, done.record.output.filesInfos[0]?.convertFileName, done.spent]).toEqual([3, 'personnel-redacted.pdf', 1]);
    const out = done.bytes!;

    const check = qpdfCheck(out);
    expect(check.status, check.output).toBe(0);
    expect(pdfPages(out)).toHaveLength(1);
    const text = pdfPageTexts(out)[0]!;
    console.log(`redacted page text: ${text}`);
    for (const secret of [EMAIL, PHONE, ID_CARD, NAME, 'alice', '13812', '110105', '张三']) expect(text).not.toContain(secret);
    for (const kept of ['Contact', 'about the harbour', 'Mobile', 'office desk', '身份证', '档案保留', '负责人', '负责港口项目', `Backup ${KEPT_EMAIL} stays`]) expect(text).toContain(kept);
    // Nor in the file's bytes, compressed or not: pdftotext on the raw streams via qpdf's uncompressed copy.
    const plain = spawnSync('qpdf', ['--qdf', '--object-streams=disable', '-', '-'], { input: Buffer.from(out), maxBuffer: 64 * 1024 * 1024 }).stdout.toString('latin1');
    expect(plain).not.toContain('alice.wong');
    expect(plain).not.toContain('Harbour personnel file');
    expect(plain).not.toContain('Records Office');

    // Rendered: black under the boxes; the rest of the picture still red; the drawing gone beyond its box.
    const page = renderPage(out, 1);
    const at = (x: number, y: number) => page.rgb(Math.round(x), Math.round(y));
    const redOrig = renderPage(input, 1).rgb(PICTURE.x + 50, PICTURE.y + 50);
    expect(redOrig[0]).toBeGreaterThan(200);
    expect(at(PICTURE.x + 50, PICTURE.y + 50)).toEqual([0, 0, 0]);
    expect(at(PICTURE.x + 150, PICTURE.y + 50)[0]).toBeGreaterThan(200);
    expect(at(DRAWING.x + 20, DRAWING.y + 20)).toEqual([0, 0, 0]);
    expect(at(DRAWING.x + 80, DRAWING.y + 80)).toEqual([255, 255, 255]);
    expect(at(400, 480)[1]).toBeGreaterThan(150);

    // The picture itself holds no red where the box was: its own pixels were blanked, not covered.
    const images = pdfImages(out);
    expect(images).toHaveLength(1);
    writeFileSync(join(dir, 'out.pdf'), out);
    expect(spawnSync('pdfimages', ['-png', join(dir, 'out.pdf'), join(dir, 'img')]).status).toBe(0);
    const extracted = imagePixels(join(dir, 'img-000.png'));
    const [w, h] = [extracted.width, extracted.height];
    const left = extracted.rgb(Math.floor(w / 4), Math.floor(h / 2));
    const right = extracted.rgb(Math.floor((3 * w) / 4), Math.floor(h / 2));
    console.log(`picture ${w}x${h}: left half ${left.join(',')}, right half ${right.join(',')}`);
    // MuPDF blanks the covered pixels to white in the picture; the uncovered half keeps its red.
    expect(left).toEqual([255, 255, 255]);
    expect(right).toEqual([230, 20, 20]);
  });

  it('refuses boxes that do not fit the schema with 40001 before anything is stored or charged', async () => {
    const before = await avail();
    for (const options of [
      { regions: [] },
      { regions: [{ page: 0, x: 1, y: 1, width: 10, height: 10 }] },
      { regions: [{ page: 1, x: 1, y: 1, width: -10, height: 10 }] },
      { regions: [{ page: 1, x: 1, y: 1, width: 10 }] },
      { regions: [{ page: 1, x: 1, y: 1, width: 10, height: 10, text: 'alice' }] },
      { regions: Array.from({ length: 10_001 }, () => ({ page: 1, x: 1, y: 1, width: 1, height: 1 })) },
      'not json',
    ]) {
      const sub = await submit(input, options);
      expect(sub.code, JSON.stringify(options).slice(0, 80)).toBe(40001);
    }
    expect(await avail()).toBe(before);
  });

  it('fails a box on a page the PDF does not have, and a protected PDF, and gives the unit back', async () => {
    const far = await redact(input, { regions: [{ page: 5, x: 10, y: 10, width: 10, height: 10 }] });
    expect([far.record.status, far.spent]).toEqual([2, 0]);
    const locked = join(dir, 'locked.pdf');
    writeFileSync(join(dir, 'plain.pdf'), input);
    expect(spawnSync('qpdf', ['--encrypt', 'pw', 'pw', '256', '--', join(dir, 'plain.pdf'), locked]).status).toBe(0);
    const encrypted = await redact(new Uint8Array(readFileSync(locked)), { regions: [{ page: 1, x: 10, y: 10, width: 10, height: 10 }] });
    expect([encrypted.record.status, encrypted.record.reason, encrypted.spent]).toEqual([2, "encrypted", 0]);
  });
});

/** The pixels of an 8-bit PNG that pdfimages wrote, decoded with node's zlib (no image library is assumed). */
function imagePixels(file: string): { width: number; height: number; rgb: (x: number, y: number) => [number, number, number] } {
  const png = readFileSync(file);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const colourType = png[25]!;
  const channels = colourType === 2 ? 3 : colourType === 6 ? 4 : colourType === 0 ? 1 : 0;
  if (channels === 0 || png[24] !== 8) throw new Error(`unexpected PNG colour type ${colourType}`);
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rows: Buffer[] = [];
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i += 1) {
      const a = i >= channels ? line[i - channels]! : 0;
      const b = previous[i]!;
      const c = i >= channels ? previous[i - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const add = [0, a, b, (a + b) >> 1, paeth][filter] ?? 0;
      line[i] = (line[i]! + add) & 0xff;
    }
    rows.push(line);
    previous = line;
  }
  return {
    width,
    height,
    rgb: (x, y) => {
      const row = rows[y]!;
      const i = x * channels;
      return channels === 1 ? [row[i]!, row[i]!, row[i]!] : [row[i]!, row[i + 1]!, row[i + 2]!];
    },
  };
}
