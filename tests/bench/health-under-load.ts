/**
 * `/api/v1/health` latency on the real server, idle and then while ten server-side PDF → Word
 * jobs (18-page PDFs) and one 40 MB CSV → JSON job run. Requests go out at a steady rate whether
 * or not earlier ones have answered, so a stalled event loop shows in full. Target: p99 under
 * 50 ms under load (before the engine thread pool: 205 ms with three PDF jobs, 30 s frozen with
 * the CSV). Run: npx tsx tests/bench/health-under-load.ts
 */
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { History } from '@contracts/documents.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { openDb } from '../../api/db/index.js';
import { startServer } from '../../api/main.js';
import { HttpUser } from '../faults/helpers/http-user.js';
import { bigCsv, longPdf } from '../helpers/fixtures/load.js';
import { grantPaidBundle } from '../helpers/grant-bundle.js';

const INTERVAL_MS = 10;
const MIN_SAMPLES = 600;
const PDF_JOBS = 10;
const PDF_PAGES = 18;
const CSV_BYTES = 40 * 1024 * 1024;

// Idle sockets are dropped before the server's 5 s keep-alive timeout would close them under a request.
const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: 3000 });

/** One health request; resolves with its latency from `sentAt` (its scheduled time), in ms. */
function health(url: string, sentAt: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/v1/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - sentAt) : reject(new Error(`health answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Health requests every INTERVAL_MS until `until()` says stop and at least MIN_SAMPLES were sent. */
async function measure(url: string, until: () => boolean): Promise<number[]> {
  const pending: Promise<number>[] = [];
  const start = performance.now();
  for (let k = 0; pending.length < MIN_SAMPLES || !until(); k++) {
    const due = start + k * INTERVAL_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Latency counts from when the request was due, so time spent waiting for a frozen loop to send it is not hidden.
    // A failed request counts as infinitely slow, so it cannot flatter the figures.
    pending.push(health(url, due).catch((err: unknown) => {
      console.log(`  health request failed: ${err instanceof Error ? err.message : String(err)}`);
      return Infinity;
    }));
  }
  return (await Promise.all(pending)).sort((a, b) => a - b);
}

function figures(sorted: number[]) {
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

const show = (f: ReturnType<typeof figures>) => `n=${f.n}  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  max ${f.max.toFixed(1)} ms`;

async function upload(user: HttpUser, convertType: string, name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.append('convertType', convertType);
  form.append('files', new Blob([bytes as BlobPart]), name);
  const res = await user.upload<{ documentId: string }>('/api/v1/document/submit', form);
  if (res.code !== 200) throw new Error(`upload of ${name} answered ${res.code}`);
  return res.data.documentId;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-health-'));
  // One LibreOffice instance: these jobs are engine jobs, and the server should look like a real one.
  process.env.OFFICE_POOL_SIZE ??= '1';
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: join(dataDir, 'no-dist'), adminPassword: 'Bench-Passw0rd', logLevel: 'silent' });
  try {
    const { engines } = server.config;
    console.log(`  ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} (other work on the machine slows both phases)`);
    console.log(`  engine threads ${engines.threads}, limits ${engines.timeoutMs} ms / ${engines.memoryMb} MB; LibreOffice ${server.officeEnabled ? server.config.officePoolSize : 'off'}`);
    const user = await HttpUser.register(server.url, 'bench');
    const handle = openDb({ sqlitePath: join(dataDir, 'app.db') });
    const userId = (await handle.db.selectFrom('users').select('user_id').where('user_id_lower', 'like', 'bench%').executeTakeFirstOrThrow()).user_id;
    await grantPaidBundle(handle.db, userId);
    await handle.close();

    const pdf = await longPdf(PDF_PAGES);
    const ids = [await upload(user, 'excel-to-json', 'big.csv', bigCsv(CSV_BYTES))];
    for (let i = 0; i < PDF_JOBS; i++) ids.push(await upload(user, 'pdf-to-word', `report-${i}.pdf`, pdf));
    console.log(`  uploaded ${PDF_JOBS} PDFs (${PDF_PAGES} pages, ${(pdf.byteLength / 1024).toFixed(0)} KB) and a ${CSV_BYTES / 1024 / 1024} MB CSV`);

    const idle = figures(await measure(server.url, () => true));
    console.log(`  idle:        ${show(idle)}`);

    const ended = new Map<string, History>();
    const started = performance.now();
    for (const id of ids) {
      const res = await user.post('/api/v1/document/convert', { documentId: id });
      if (res.code !== 200) throw new Error(`convert answered ${res.code}`);
    }
    const poll = setInterval(() => {
      for (const id of ids.filter((x) => !ended.has(x))) {
        user.get<History>(`/api/v1/document/${id}`).then(
          (r) => {
            if (r.data.status !== ConversionStatus.CONVERTING) ended.set(id, r.data);
          },
          (err: unknown) => console.log(`  status poll failed: ${String(err)}`),
        );
      }
    }, 500);
    // The server's own event-loop delay meanwhile: what a stall on the request thread would show as.
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const loaded = figures(await measure(server.url, () => ended.size === ids.length));
    delay.disable();
    clearInterval(poll);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const outcomes = [...ended.values()].map((h) => (h.status === ConversionStatus.SUCCEEDED ? 'done' : `failed:${h.reason}`));
    console.log(`  under load:  ${show(loaded)}  (${ids.length} jobs in ${seconds} s: ${outcomes.join(', ')})`);
    console.log(`  event-loop delay under load: p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms  max ${(delay.max / 1e6).toFixed(1)} ms`);
    console.log(`  ratio under load / idle: p50 ${(loaded.p50 / idle.p50).toFixed(1)}x  p99 ${(loaded.p99 / idle.p99).toFixed(1)}x  max ${(loaded.max / idle.max).toFixed(1)}x`);
    console.log(`  p99 under load ${loaded.p99.toFixed(1)} ms: ${loaded.p99 < 50 ? 'meets' : 'MISSES'} the 50 ms target`);
  } finally {
    agent.destroy();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
