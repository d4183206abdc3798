import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from './content-check.js';
import { inspectZip, ZipBombError, type ZipLimits } from './zip-inspect.js';

/**
 * Archives whose headers lie about their sizes, built here: jszip writes an honest zip, then
 * every entry's uncompressed size is overwritten, in its local header and in the central
 * directory, with a small number. Only the bytes actually inflated can tell the truth.
 */
const LIMITS: ZipLimits = { maxEntries: 100, maxUncompressed: 1024 * 1024, maxRatio: 200 };
const CLAIMED = 30;

async function zipOf(entries: Record<string, Uint8Array | string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(entries)) zip.file(name, data);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** Rewrites each entry's uncompressed size in both headers, walking the central directory from its end record. */
function lieAboutSizes(zip: Uint8Array, claimed: number): Uint8Array {
  const out = Buffer.from(zip);
  const eocd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = out.readUInt16LE(eocd + 10);
  let at = out.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    expect(out.readUInt32LE(at)).toBe(0x02014b50);
    out.writeUInt32LE(claimed, at + 24);
    const local = out.readUInt32LE(at + 42);
    expect(out.readUInt32LE(local)).toBe(0x04034b50);
    out.writeUInt32LE(claimed, local + 22);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return new Uint8Array(out);
}

describe('zip inspection counts the bytes it really inflates', () => {
  let dir: string;
  let n = 0;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'zip-inspect-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  async function file(bytes: Uint8Array, ext = 'zip'): Promise<string> {
    const path = join(dir, `f${n++}.${ext}`);
    await writeFile(path, bytes);
    return path;
  }

  it('stops inflating an entry whose headers claim 30 bytes once it passes the limit', async () => {
    const path = await file(lieAboutSizes(await zipOf({ 'word/document.xml': new Uint8Array(8 * 1024 * 1024) }), CLAIMED));
    const zip = await inspectZip(path, LIMITS);
    if (!zip.ok) throw new Error(`declared sizes are small, so the directory passes: ${zip.reason}`);
    try {
      const err = await zip.read('word/document.xml').then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(ZipBombError);
      // Stopped at the limit, give or take one inflated chunk, not after all 8 MB.
      expect((err as ZipBombError).inflated).toBeLessThan(LIMITS.maxUncompressed + 256 * 1024);
    } finally {
      zip.close();
    }
  });

  it('counts every read against one budget for the whole archive', async () => {
    const part = new Uint8Array(600 * 1024).fill(65);
    // Honest headers (a lying entry stops at its claimed size, below): one read fits, a second of the same entry does not.
    const path = await file(await zipOf({ a: part }));
    const zip = await inspectZip(path, LIMITS);
    if (!zip.ok) throw new Error(zip.reason);
    try {
      expect((await zip.read('a')).length).toBe(part.length);
      await expect(zip.read('a')).rejects.toBeInstanceOf(ZipBombError);
    } finally {
      zip.close();
    }
  });

  it('refuses an entry at the first chunk past what its headers declare, whatever the budget left', async () => {
    const path = await file(lieAboutSizes(await zipOf({ 'word/document.xml': new Uint8Array(8 * 1024 * 1024) }), 2000));
    const zip = await inspectZip(path, { ...LIMITS, maxUncompressed: 64 * 1024 * 1024 });
    if (!zip.ok) throw new Error(zip.reason);
    try {
      const err = await zip.read('word/document.xml').then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(ZipBombError);
      expect((err as ZipBombError).inflated).toBeLessThan(256 * 1024);
    } finally {
      zip.close();
    }
  });

  it('inflateAll proves every entry, from a file or from bytes in memory, and refuses the one that lies', async () => {
    const honest = await zipOf({ a: 'x'.repeat(50_000), b: new Uint8Array(300_000) });
    const lying = lieAboutSizes(await zipOf({ a: 'x', b: new Uint8Array(300_000) }), CLAIMED);
    for (const source of [honest, await file(honest)]) {
      const zip = await inspectZip(source, LIMITS);
      if (!zip.ok) throw new Error(zip.reason);
      await expect(zip.inflateAll()).resolves.toBeUndefined();
      zip.close();
    }
    for (const source of [lying, await file(lying)]) {
      const zip = await inspectZip(source, LIMITS);
      if (!zip.ok) throw new Error(zip.reason);
      await expect(zip.inflateAll()).rejects.toBeInstanceOf(ZipBombError);
      zip.close();
    }
  });

  it('refuses an entry past the per-entry limit by its declared size, and by the bytes it gives', async () => {
    const limits = { ...LIMITS, maxEntryUncompressed: 100_000 };
    const big = await zipOf({ small: 'x', big: new Uint8Array(200_000) });
    expect(await inspectZip(big, limits)).toEqual({ ok: false, reason: 'tooLarge' });
    const zip = await inspectZip(lieAboutSizes(big, CLAIMED), { ...limits, maxEntryUncompressed: 100_000 });
    if (!zip.ok) throw new Error(zip.reason);
    await expect(zip.inflateAll()).rejects.toBeInstanceOf(ZipBombError);
    zip.close();
  });

  it('honours a smaller limit for one read', async () => {
    const zip = await inspectZip(await file(await zipOf({ big: new Uint8Array(10_000) })), LIMITS);
    if (!zip.ok) throw new Error(zip.reason);
    try {
      await expect(zip.read('big', 4096)).rejects.toBeInstanceOf(ZipBombError);
      expect((await zip.read('big')).length).toBe(10_000);
    } finally {
      zip.close();
    }
  });

  it('refuses as zipBomb an OpenDocument file whose lying mimetype entry inflates to megabytes', async () => {
    const bomb = `application/vnd.oasis.opendocument.text${' '.repeat(4 * 1024 * 1024)}`;
    const path = await file(lieAboutSizes(await zipOf({ mimetype: bomb, 'content.xml': '<x/>' }), CLAIMED), 'odt');
    expect(await checkContent(path, 'odt', LIMITS)).toEqual({ ok: false, reason: 'zipBomb' });
    const honest = await file(await zipOf({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<x/>' }), 'odt');
    expect(await checkContent(honest, 'odt', LIMITS)).toEqual({ ok: true });
  });
});
