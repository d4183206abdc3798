import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/build/precompress.js';

const work = await mkdtemp(join(tmpdir(), 'precompress-cache-'));
afterAll(() => rm(work, { recursive: true, force: true }));

/** A new folder under the test's scratch folder. */
async function folder(name: string): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

const script = Buffer.from(`export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`);

describe('precompressed variants kept by content between builds', () => {
  it('stores each file’s variants under its hash and reuses them for the same bytes in the next build', async () => {
    const cacheDir = join(work, 'cache');
    const first = await folder('first');
    await writeFile(join(first, 'app.js'), script);
    await precompressDir(first, { cacheDir });
    const key = createHash('sha256').update(script).digest('hex');
    expect((await readdir(cacheDir)).sort()).toEqual([`${key}.br`, `${key}.gz`]);
    expect(brotliDecompressSync(await readFile(join(first, 'app.js.br')))).toEqual(script);
    expect(gunzipSync(await readFile(join(first, 'app.js.gz')))).toEqual(script);

    // The next build with the same bytes takes the stored variants as they are (marked here to tell them apart).
    const marked = Buffer.concat([await readFile(join(cacheDir, `${key}.br`)), Buffer.from('cached')]);
    await writeFile(join(cacheDir, `${key}.br`), marked);
    const second = await folder('second');
    await writeFile(join(second, 'other-name.js'), script);
    await precompressDir(second, { cacheDir });
    expect(await readFile(join(second, 'other-name.js.br'))).toEqual(marked);
  });

  it('compresses changed bytes afresh', async () => {
    const cacheDir = join(work, 'cache-2');
    const dir = await folder('changed');
    await writeFile(join(dir, 'app.js'), script);
    await precompressDir(dir, { cacheDir });
    const changed = Buffer.concat([script, Buffer.from('export const more = 1;\n')]);
    await writeFile(join(dir, 'app.js'), changed);
    await precompressDir(dir, { cacheDir });
    expect(brotliDecompressSync(await readFile(join(dir, 'app.js.br')))).toEqual(changed);
    expect((await readdir(cacheDir)).length).toBe(4);
  });
});
