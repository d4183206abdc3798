import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GS } from './ghostscript.js';
import { PdfToolError } from './pdf-tool-error.js';
import { OUTPUT_CAP_BYTES, runTool } from './run-tool.js';
import { processesMentioning, rejection } from './test-support.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-tool-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A Ghostscript job that never ends on its own (an empty PostScript loop), tagged with `marker` in its argv. */
function endlessGs(marker: string): string[] {
  return ['-dQUIET', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=nullpage', `-sOutputFile=${join(dir, marker)}`, '-c', '{ } loop'];
}


describe('runTool', () => {
  it('returns the exit code and output of a real tool', async () => {
    const ok = await runTool(GS, ['--version'], { timeoutMs: 60_000, cwd: dir });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^10\./);
    const refused = await runTool('/usr/bin/qpdf', [join(dir, 'missing.pdf'), join(dir, 'out.pdf')], { timeoutMs: 60_000, cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('missing.pdf');
  });

  it('kills Ghostscript at the time limit and leaves no process behind', async () => {
    const marker = `endless-${Date.now()}`;
    const error = await rejection(runTool(GS, endlessGs(marker), { timeoutMs: 500, cwd: dir }));
    expect(error.reason).toBe('timeLimit');
    expect(processesMentioning(marker)).toEqual([]);
  });

  it('kills the whole process group, grandchildren included', async () => {
    const marker = `grandchild-${Date.now()}`;
    // The shell forks a Ghostscript and waits: killing the shell alone would leave gs running.
    const error = await rejection(runTool('/bin/sh', ['-c', `${GS} ${endlessGs(marker).map((a) => `'${a}'`).join(' ')}; true`], { timeoutMs: 1000, cwd: dir }));
    expect(error.reason).toBe('timeLimit');
    expect(processesMentioning(marker)).toEqual([]);
  });

  it('stops on abort with `cancelled`, and does not start when already aborted', async () => {
    const marker = `aborted-${Date.now()}`;
    const controller = new AbortController();
    const running = runTool(GS, endlessGs(marker), { timeoutMs: 600_000, cwd: dir, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    expect((await rejection(running)).reason).toBe('cancelled');
    expect(processesMentioning(marker)).toEqual([]);

    const before = await rejection(runTool(GS, ['--version'], { timeoutMs: 60_000, cwd: dir, signal: AbortSignal.abort() }));
    expect(before.reason).toBe('cancelled');
  });

  it('keeps at most 1 MB of output and still lets the tool finish', async () => {
    const result = await runTool('/usr/bin/head', ['-c', String(3 * OUTPUT_CAP_BYTES), '/dev/zero'], { timeoutMs: 60_000, cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeLessThan(OUTPUT_CAP_BYTES + 100);
    expect(result.stdout).toMatch(/\[output truncated\]$/);
  });

  it('refuses relative paths and reports a tool that cannot start', async () => {
    expect(() => runTool('gs', ['--version'], { timeoutMs: 1000, cwd: dir })).toThrow(PdfToolError);
    expect(() => runTool(GS, ['--version'], { timeoutMs: 1000, cwd: 'jobs/1' })).toThrow(/cwd must be an absolute path/);
    const missing = await rejection(runTool('/usr/bin/no-such-tool', [], { timeoutMs: 60_000, cwd: dir }));
    expect(missing.reason).toBe('failed');
  });
});
