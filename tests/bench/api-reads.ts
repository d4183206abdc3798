/**
 * Read throughput of the API against a bare Hono route in the same run: autocannon, 50
 * connections for 10 s each, on /api/v1/userInfo (signed in), /api/v1/bundle/list and
 * /api/v1/document/convert/feature. Target: each read at least a third of bare (before: bare 65k
 * req/s, /bundle/list 2.6k, /userInfo 9.3k on 2 cores). Run: npx tsx tests/bench/api-reads.ts
 * (BENCH_SECONDS shortens it).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { HttpUser } from '../faults/helpers/http-user.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RATIO = 1 / 3;
const here = dirname(fileURLToPath(import.meta.url));

interface Figures {
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { reqPerSec: r.requests.average, p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

async function main(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'helpers', 'read-servers.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const { real, bare } = JSON.parse(line) as { real: string; bare: string };
  try {
    const user = await HttpUser.register(real, 'bench');
    const cookie = { cookie: user.cookieHeader() };
    const check = await user.get<{ userId: string }>('/api/v1/userInfo');
    if (check.code !== 200) throw new Error(`signed-in userInfo answered ${check.code}`);

    const rows: Array<[string, Figures]> = [];
    rows.push(['bare Hono route', await load(bare)]);
    rows.push(['/api/v1/userInfo', await load(`${real}/api/v1/userInfo`, cookie)]);
    rows.push(['/api/v1/bundle/list', await load(`${real}/api/v1/bundle/list`)]);
    rows.push(['/api/v1/document/convert/feature', await load(`${real}/api/v1/document/convert/feature`)]);

    const bareRate = rows[0]![1].reqPerSec;
    let short = 0;
    console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s each\n`);
    for (const [name, f] of rows) {
      const ratio = f.reqPerSec / bareRate;
      const isRead = name !== 'bare Hono route';
      if (isRead && ratio < TARGET_RATIO) short += 1;
      const bad = f.non2xx + f.errors > 0 ? `  (${f.non2xx} non-2xx, ${f.errors} errors)` : '';
      console.log(`${name.padEnd(34)} ${Math.round(f.reqPerSec).toString().padStart(7)} req/s  p99 ${String(f.p99Ms).padStart(4)} ms  ${(ratio * 100).toFixed(0).padStart(3)}% of bare${isRead ? (ratio >= TARGET_RATIO ? '  ok' : '  BELOW 1/3') : ''}${bad}`);
    }
    console.log(`\ntarget: every read at least ${(TARGET_RATIO * 100).toFixed(0)}% of bare: ${short === 0 ? 'met' : `${short} below`}`);
    if (short > 0) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

await main();
