import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** How soffice is cut off from the network: its own empty network namespace, or not at all. */
export type Isolation = 'netns' | 'netns-userns' | 'none';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** Path of soffice (SOFFICE_PATH first), or null when LibreOffice is not installed. */
export function findSoffice(): string | null {
  const candidates = [
    process.env.SOFFICE_PATH,
    '/usr/bin/soffice',
    '/usr/lib/libreoffice/program/soffice',
    '/opt/libreoffice/program/soffice',
    '/Applications/LibreOffice.app/Contents/MacOS/soffice',
  ];
  for (const candidate of candidates) if (candidate && isExecutable(candidate)) return candidate;
  return onPath('soffice') ?? onPath('libreoffice');
}

/** Whether a command exits 0 within 15 s. */
function succeeds(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', timeout: 15_000 });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

/**
 * An interpreter that can `import uno`: LibreOffice's bundled python (official builds), else
 * the system one. Debian's python3-uno only works with /usr/bin/python3, not a pyenv `python3`.
 */
export async function findUnoPython(soffice: string): Promise<string | null> {
  let programDir: string;
  try {
    programDir = path.dirname(realpathSync(soffice));
  } catch {
    programDir = path.dirname(soffice);
  }
  const candidates = [process.env.UNO_PYTHON, path.join(programDir, 'python'), '/usr/bin/python3', onPath('python3')];
  for (const candidate of candidates) {
    if (candidate && isExecutable(candidate) && (await succeeds(candidate, ['-c', 'import uno']))) return candidate;
  }
  return null;
}

/**
 * Whether `unshare --net` works here: as root it does unless a container forbids it; other
 * users may get it through a user namespace. Probed once by running `true` inside.
 */
export async function detectIsolation(): Promise<{ isolation: Isolation; prefix: string[] }> {
  const unshare = onPath('unshare') ?? (isExecutable('/usr/bin/unshare') ? '/usr/bin/unshare' : null);
  if (!unshare) return { isolation: 'none', prefix: [] };
  const attempts: Array<[Isolation, string[]]> = [
    ['netns', [unshare, '--net', '--']],
    ['netns-userns', [unshare, '--net', '--map-root-user', '--']],
  ];
  for (const [isolation, prefix] of attempts) {
    if (await succeeds(prefix[0] as string, [...prefix.slice(1), 'true'])) return { isolation, prefix };
  }
  return { isolation: 'none', prefix: [] };
}

/** Where LibreOffice puts the socket of `--accept=pipe,name=…` (osl uses /tmp, not $TMPDIR). */
export function pipeSocketPath(name: string, isolation: Isolation): string {
  const uid = isolation === 'netns-userns' ? 0 : (process.getuid?.() ?? 0);
  return `/tmp/OSL_PIPE_${uid}_${name}`;
}

/**
 * The single-instance socket soffice makes for a profile (MD5 of the UTF-16 profile URL, bytes
 * in unpadded hex), which a killed instance leaves in /tmp.
 */
export function singleInstanceSocketPath(profileDir: string, isolation: Isolation): string {
  const digest = createHash('md5').update(Buffer.from(pathToFileURL(profileDir).href, 'utf16le')).digest();
  return pipeSocketPath(`SingleOfficeIPC_${[...digest].map((byte) => byte.toString(16)).join('')}`, isolation);
}
