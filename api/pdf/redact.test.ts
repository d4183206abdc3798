import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageAnnotations, pdfPages, pdfPageTexts, qpdfCheck } from '../../tests/helpers/pdf-tool-checks.js';
import { redactPdf, REDACT_SCRIPT } from './redact.js';
import { rejection } from './test-support.js';

/** Every argv handed to a spawned tool: the boxes must travel on standard input only. */
const spawned = vi.hoisted(() => [] as string[][]);
vi.mock('../office/process-tree.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../office/process-tree.js')>();
  return {
    ...real,
    spawnGroup: (command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) => {
      spawned.push([command, ...args]);
      return real.spawnGroup(command, args, env, cwd);
    },
  };
});

let dir: string;
const limits = () => ({ timeoutMs: 60_000, cwd: dir });

/**
 * A page turned a quarter (/Rotate 90) whose CropBox is inset 50 × 100 points into its MediaBox,
 * with a secret and other words on one line, a note annotation on the secret and one elsewhere.
 * Boxes are given as pdf.js gives text: points from the crop box's top left, unrotated.
 */
async function turnedPdf(): Promise<{ bytes: Uint8Array; secretBox: { x: number; y: number; width: number; height: number } }> {
  const doc = await PDFDocument.create();
  doc.setTitle('Quarterly secrets');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([600, 800]);
  page.setCropBox(50, 100, 500, 600);
  page.setRotation({ type: 'degrees', angle: 90 } as Parameters<typeof page.setRotation>[0]);
  const secret = 'SECRET-CODE-42';
  page.drawText(`${secret} visible words`, { x: 100, y: 600, size: 12, font });
  const note = (rect: number[], text: string) =>
    doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Text', Rect: rect, Contents: PDFString.of(text) }));
  page.node.set(PDFName.of('Annots'), doc.context.obj([note([100, 598, 140, 614], 'note on the secret'), note([400, 200, 420, 220], 'note elsewhere')]));
  const width = font.widthOfTextAtSize(secret, 12);
  // Crop box top is at y = 700 in PDF space; the baseline at 600, the text 12 points tall.
  return { bytes: await doc.save(), secretBox: { x: 100 - 50, y: 700 - 612, width, height: 15 } };
}

describe('redactPdf (PyMuPDF)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redact-engine-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('redacts in the unrotated crop-box space on a turned, cropped page, keeping its turn, the other words and far annotations', async () => {
    const { bytes, secretBox } = await turnedPdf();
    const input = join(dir, 'turned.pdf');
    const output = join(dir, 'turned-out.pdf');
    await writeFile(input, bytes);
    expect(pdfPageTexts(bytes)[0]).toContain('SECRET-CODE-42');
    spawned.length = 0;
    const summary = await redactPdf(input, output, { regions: [{ page: 1, ...secretBox }], removeMetadata: false }, limits());
    expect(summary).toMatchObject({ pages: 1, regions: 1 });
    const out = new Uint8Array(await readFile(output));
    expect(qpdfCheck(out).status).toBe(0);
    const text = pdfPageTexts(out)[0]!;
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('CODE');
    expect(text).toContain('visible words');
    expect(pdfPages(out)).toEqual(pdfPages(bytes));
    expect(pageAnnotations(out)[0]).toHaveLength(1);
    const raw = Buffer.from(out).toString('latin1');
    expect(raw).not.toContain('note on the secret');
    // Metadata stays when not asked to go (the title is in the Info dictionary, maybe compressed: read it back).
    expect((await PDFDocument.load(out, { updateMetadata: false })).getTitle()).toBe('Quarterly secrets');
    // The boxes were not on the command line.
    expect(spawned).toHaveLength(1);
    expect(spawned[0]!.join(' ')).not.toContain(String(secretBox.width));
    expect(spawned[0]!.slice(1)).toEqual(['-I', REDACT_SCRIPT, input, output]);
    expect(isAbsolute(REDACT_SCRIPT)).toBe(true);
  });

  it('fails a file that is not a PDF as unreadable, and a box beyond the last page', async () => {
    const junk = join(dir, 'junk.pdf');
    await writeFile(junk, 'this is not a PDF at all');
    expect((await rejection(redactPdf(junk, join(dir, 'j.pdf'), { regions: [{ page: 1, x: 0, y: 0, width: 5, height: 5 }], removeMetadata: true }, limits()))).reason).toBe('unreadable');
    const { bytes } = await turnedPdf();
    const one = join(dir, 'one.pdf');
    await writeFile(one, bytes);
    const far = await rejection(redactPdf(one, join(dir, 'o.pdf'), { regions: [{ page: 2, x: 0, y: 0, width: 5, height: 5 }], removeMetadata: true }, limits()));
    expect([far.reason, far.message]).toEqual(['failed', expect.stringContaining('page 2 of 1')]);
  });
});
