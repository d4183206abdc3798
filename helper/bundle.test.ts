import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes';
import { buildHelperBundle } from '../scripts/build/helper-bundle';
import { freePort } from '../tests/helpers/free-port';

describe('the single-file helper (video-helper.mjs)', () => {
  it('runs with plain node, outside the project, and refuses unpaired calls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'video-helper-bundle-'));
    const file = join(dir, 'video-helper.mjs');
    writeFileSync(file, await buildHelperBundle());
    const port = await freePort();
    const child = spawn(process.execPath, [file], { cwd: dir, env: { PATH: process.env.PATH, HELPER_PORT: String(port), HELPER_HOME: dir, HELPER_APP_ORIGIN: 'http://127.0.0.1:5999' } });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('video helper on')) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${text}`)));
      });
      expect(output).toMatch(/Pairing code: \d{6}/);
      expect(output).toContain(`http://127.0.0.1:${port}`);
      const res = await fetch(`http://127.0.0.1:${port}/config`, { headers: { Origin: 'http://127.0.0.1:5999' } });
      expect(((await res.json()) as { code: number }).code).toBe(ErrorCode.NOT_LOGGED_IN);
    } finally {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
