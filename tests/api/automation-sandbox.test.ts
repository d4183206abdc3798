import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserPool, type BrowserPool } from '../../api/automation/browser-pool.js';
import { SANDBOX_USER } from '../../api/automation/chromium-launch.js';
import { targetPolicy } from '../../api/automation/target-policy.js';

/** The fields of /proc/<pid>/status that say who a process is and how it is confined. */
function confinement(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return { uid: field('Uid'), seccomp: field('Seccomp'), noNewPrivs: field('NoNewPrivs') };
}

/** Issue 27, deliver 7: automation's Chromium keeps its sandbox, as an unprivileged user when the server is root. */
describe('automation browser sandbox', () => {
  let pool: BrowserPool;
  let degraded: string | null = null;

  beforeAll(() => {
    pool = createBrowserPool({ browsers: 1, concurrency: 1, onDegraded: (why) => (degraded = why) });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('runs every process as a non-root user and its renderers under seccomp', async () => {
    const { context, release } = await pool.open(targetPolicy({ hosts: [], privateTargets: false }));
    try {
      const page = await context.newPage();
      await page.setContent('<p>sandboxed</p>');
      const cdp = await context.browser()!.newBrowserCDPSession();
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
      const procs = processInfo.map((p) => ({ type: p.type, ...confinement(p.id) }));
      const expectedUid = process.getuid?.() === 0 ? Number(execFileSync('id', ['-u', SANDBOX_USER], { encoding: 'utf8' }).trim()) : process.getuid?.();

      expect(degraded).toBeNull();
      for (const p of procs) expect(p.uid, `${p.type} runs as`).toBe(expectedUid);
      const renderers = procs.filter((p) => p.type === 'renderer');
      expect(renderers.length).toBeGreaterThan(0);
      // 2 = a seccomp-bpf filter, which Chromium installs only when its sandbox is on.
      for (const r of renderers) expect(r, 'renderer').toMatchObject({ seccomp: 2, noNewPrivs: 1 });
    } finally {
      await release();
    }
  }, 60_000);
});
