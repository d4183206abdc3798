import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The unprivileged user automation's Chromium runs as when the server runs as root (scripts/lib.mjs creates it). */
export const SANDBOX_USER = 'docuflow';

export interface ChromiumLaunch {
  /** What Playwright starts: Chromium itself, or the wrapper that drops to the sandbox user first. */
  executablePath: string;
  /** Chromium's own sandbox (renderers in their own namespaces under seccomp); false means `--no-sandbox`. */
  sandbox: boolean;
  /** Why the sandbox is off, for the log; null when it is on. */
  degraded: string | null;
  /** Removes the wrapper, if one was written. */
  dispose(): void;
}

function idOf(user: string, flag: '-u' | '-g'): number | null {
  try {
    return Number(execFileSync('id', [flag, user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    return null;
  }
}

function hasSetpriv(): boolean {
  try {
    execFileSync('setpriv', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * How to start Chromium with its sandbox on. Chromium refuses its sandbox as root, so a root
 * server starts it through a wrapper that hands the profile directory Playwright made to the
 * sandbox user and `setpriv`s to that user (no capabilities, no supplementary groups): the
 * browser then sandboxes its renderers itself. Without that user (or setpriv) a root server
 * falls back to `--no-sandbox`, and says so.
 */
export function chromiumLaunch(chromium: string, user = SANDBOX_USER): ChromiumLaunch {
  const none = { dispose: () => undefined };
  if (process.getuid?.() !== 0) return { executablePath: chromium, sandbox: true, degraded: null, ...none };
  const uid = idOf(user, '-u');
  const gid = idOf(user, '-g');
  if (uid === null || gid === null || uid === 0) return { executablePath: chromium, sandbox: false, degraded: `the server runs as root and there is no user "${user}" (npm start creates it)`, ...none };
  if (!hasSetpriv()) return { executablePath: chromium, sandbox: false, degraded: 'the server runs as root and setpriv (util-linux) is missing', ...none };
  const dir = mkdtempSync(path.join(tmpdir(), 'docuflow-chromium-'));
  const wrapper = path.join(dir, 'chromium');
  writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      '# Written by api/automation/chromium-launch.ts: Chromium as the sandbox user, its sandbox on.',
      'for a in "$@"; do',
      '  case "$a" in --user-data-dir=*) d="${a#--user-data-dir=}"; chown -R ' + `${uid}:${gid}` + ' "$d"; export HOME="$d" XDG_CONFIG_HOME="$d" XDG_CACHE_HOME="$d";; esac',
      'done',
      `exec setpriv --reuid=${uid} --regid=${gid} --clear-groups --inh-caps=-all -- ${JSON.stringify(chromium)} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(wrapper, 0o700);
  return { executablePath: wrapper, sandbox: true, degraded: null, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
