import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PartedZip } from './parted-zip';
import { memorySink, type PartSink } from './zip-part-sink';

/** Python's zipfile (a reader we did not write) tests every entry's CRC and lists names and sizes. */
function readZip(bytes: Uint8Array): { ok: boolean; entries: Array<[string, number]> } {
  const dir = mkdtempSync(join(tmpdir(), 'parted-zip-'));
  try {
    writeFileSync(join(dir, 'a.zip'), bytes);
    const script = 'import sys,zipfile,json\nz=zipfile.ZipFile(sys.argv[1])\nprint(json.dumps({"bad":z.testzip(),"entries":[[i.filename,i.file_size] for i in z.infolist()]}))';
    const out = spawnSync('/usr/bin/python3', ['-c', script, join(dir, 'a.zip')], { encoding: 'utf8' });
    if (out.status !== 0) return { ok: false, entries: [] };
    const parsed = JSON.parse(out.stdout) as { bad: string | null; entries: Array<[string, number]> };
    return { ok: parsed.bad === null, entries: parsed.entries };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const photo = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed * 7) & 0xff);
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe('PartedZip: a zip streamed into parts of at most N bytes', () => {
  it('keeps everything in one part under the limit, readable by another zip reader', async () => {
    const zip = new PartedZip(1024 ** 3, () => Promise.resolve(memorySink()));
    await zip.add('a.jpg', photo(5000, 1));
    await zip.add('照片.jpg', photo(3000, 2));
    const parts = await zip.finish();
    expect(parts).toHaveLength(1);
    expect(readZip(await bytesOf(parts[0]!))).toEqual({ ok: true, entries: [['a.jpg', 5000], ['照片.jpg', 3000]] });
  });

  it('splits before the entry that would pass the limit; every part a whole zip within it; each entry once, in order', async () => {
    const limit = 25_000;
    const zip = new PartedZip(limit, () => Promise.resolve(memorySink()));
    const sizes = [9000, 9000, 9000, 4000, 30_000, 100, 12_000];
    for (const [i, size] of sizes.entries()) await zip.add(`p${i}.jpg`, photo(size, i));
    const parts = await zip.finish();
    const read = await Promise.all(parts.map(async (p) => ({ size: p.size, ...readZip(await bytesOf(p)) })));
    expect(read.every((r) => r.ok)).toBe(true);
    expect(read.map((r) => r.entries.map(([name]) => name))).toEqual([['p0.jpg', 'p1.jpg'], ['p2.jpg', 'p3.jpg'], ['p4.jpg'], ['p5.jpg', 'p6.jpg']]);
    // The one entry bigger than the limit has a part of its own; every other part fits.
    for (const r of read) if (r.entries.length > 1) expect(r.size).toBeLessThanOrEqual(limit);
    expect(read.flatMap((r) => r.entries.map(([, size]) => size))).toEqual(sizes);
  });

  it('gives nothing for an empty batch', async () => {
    expect(await new PartedZip(1000, () => Promise.resolve(memorySink())).finish()).toEqual([]);
  });

  it('fails the entry and every later call when the disk refuses a write (a full disk), not a broken zip', async () => {
    let written = 0;
    const full: PartSink = {
      write(chunk) {
        written += chunk.byteLength;
        if (written > 6000) throw new DOMException('The disk is full', 'QuotaExceededError');
      },
      close: () => Promise.resolve(new Blob([])),
    };
    const zip = new PartedZip(1024 ** 3, () => Promise.resolve(full));
    await zip.add('a.jpg', photo(4000, 1));
    await expect(zip.add('b.jpg', photo(4000, 2))).rejects.toThrow('The disk is full');
    await expect(zip.add('c.jpg', photo(10, 3))).rejects.toThrow('The disk is full');
    await expect(zip.finish()).rejects.toThrow('The disk is full');
  });
});

describe('PartedZip under concurrent calls (two lanes hand results at once)', () => {
  it('opens one part for entries added together and keeps all of them', async () => {
    let opened = 0;
    const zip = new PartedZip(1024 ** 3, () => {
      opened += 1;
      return new Promise((resolve) => setTimeout(() => resolve(memorySink()), 5));
    });
    await Promise.all(Array.from({ length: 6 }, (_, i) => zip.add(`p${i}.jpg`, photo(100 + i, i))));
    const parts = await zip.finish();
    expect(opened).toBe(1);
    expect(readZip(await bytesOf(parts[0]!)).entries.map(([name]) => name)).toEqual(['p0.jpg', 'p1.jpg', 'p2.jpg', 'p3.jpg', 'p4.jpg', 'p5.jpg']);
  });
});
