/**
 * Warm LibreOffice pool against one `soffice --headless --convert-to pdf` per file, on the same
 * 30 small DOCX files in the same run, both `cores` at a time. Each cold lane gets its own
 * profile, created before timing starts, so the baseline is the best case for cold soffice.
 * Neither side's start-up is counted: the pool starts once per server, the profiles once per lane.
 * Run: npx tsx tests/bench/libreoffice-pool.ts
 */
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createLibreOfficePool, findSoffice } from '../../api/office/pool.js';
import { bilingualDocx } from '../helpers/fixtures/office.js';

const FILES = 30;
const ROUNDS = 3;
const run = promisify(execFile);

async function inParallel<T>(items: T[], lanes: number, work: (item: T, lane: number) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item, lane);
  }));
}

async function assertPdf(file: string): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (!info || info.size === 0) throw new Error(`no output: ${file}`);
}

async function main(): Promise<void> {
  const soffice = findSoffice();
  if (!soffice) {
    console.log('LibreOffice is not installed: nothing to measure.');
    return;
  }
  const cores = os.availableParallelism();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lo-bench-'));
  try {
    const inputs: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const file = path.join(dir, 'in', `doc-${String(i).padStart(2, '0')}.docx`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, await bilingualDocx(`File number ${i}.`));
      inputs.push(file);
    }

    let started = performance.now();
    const pool = createLibreOfficePool({ size: cores, workDir: path.join(dir, 'pool') });
    await Promise.all(Array.from({ length: cores }, () => pool.convert(inputs[0] as string, path.join(dir, 'warm'), 'pdf')));
    const startup = (performance.now() - started) / 1000;
    const profiles = Array.from({ length: cores }, (_, lane) => pathToFileURL(path.join(dir, `profile-${lane}`)).href);
    const cold = (file: string, lane: number, outDir: string) =>
      run(soffice, [`-env:UserInstallation=${profiles[lane]}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', outDir, file], { timeout: 120_000 });
    await Promise.all(profiles.map((_, lane) => cold(inputs[0] as string, lane, path.join(dir, `warm-cold-${lane}`))));

    // Rounds alternate between the two so that load from elsewhere on the machine hits both alike.
    let poolSeconds = 0;
    let coldSeconds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const chunk = inputs.slice((round * FILES) / ROUNDS, ((round + 1) * FILES) / ROUNDS);
      started = performance.now();
      await inParallel(chunk, cores, async (file) => assertPdf(await pool.convert(file, path.join(dir, 'out-pool'), 'pdf')));
      poolSeconds += (performance.now() - started) / 1000;
      started = performance.now();
      await inParallel(chunk, cores, async (file, lane) => {
        await cold(file, lane, path.join(dir, 'out-cold'));
        await assertPdf(path.join(dir, 'out-cold', path.basename(file).replace(/\.docx$/, '.pdf')));
      });
      coldSeconds += (performance.now() - started) / 1000;
    }
    const stats = pool.stats();
    await pool.close();

    const poolRate = FILES / poolSeconds;
    const coldRate = FILES / coldSeconds;
    console.log(`LibreOffice: ${FILES} small DOCX → PDF, ${cores} at a time (${cores} cores)`);
    console.log(`  pool start-up (not counted): ${startup.toFixed(1)} s`);
    console.log(`  warm pool:          ${poolSeconds.toFixed(2)} s  ${poolRate.toFixed(2)} files/s  (${((poolSeconds * 1000 * cores) / FILES).toFixed(0)} ms a file per instance)`);
    console.log(`  soffice per file:   ${coldSeconds.toFixed(2)} s  ${coldRate.toFixed(2)} files/s  (${((coldSeconds * 1000 * cores) / FILES).toFixed(0)} ms a file per process)`);
    console.log(`  ratio pool / cold:  ${(poolRate / coldRate).toFixed(1)}x  (target ≥ 10x)`);
    console.log(`  pool stats: ${JSON.stringify(stats)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
