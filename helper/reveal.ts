import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RevealResult } from '@contracts/local-helper.js';

/** The system's "open this folder" command (no shell: the path is one argument). */
function opener(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return 'explorer';
  return 'xdg-open';
}

/**
 * Opens the folder of a result (or the folder itself) in the file manager. `enabled` false (a
 * server without a desktop, or tests) only answers the folder, which the page shows instead.
 * The path was checked to be inside the base path by the caller.
 */
export async function revealInFolder(path: string, enabled: boolean, platform: NodeJS.Platform = process.platform): Promise<RevealResult> {
  const folder = statSync(path).isDirectory() ? path : dirname(path);
  if (!enabled) return { folder, opened: false };
  const opened = await new Promise<boolean>((resolve) => {
    const child = spawn(opener(platform), [folder], { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    // xdg-open hands over and exits; waiting for that tells "no file manager" from "opened".
    child.once('exit', (code) => resolve(code === 0 || platform === 'win32'));
    setTimeout(() => resolve(true), 3_000).unref();
    child.unref();
  });
  return { folder, opened };
}
