import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Starts `command` as the leader of a new process group, so that the whole tree it forks
 * (unshare → python driver → soffice script → oosplash → soffice.bin) can be killed at once.
 */
export function spawnGroup(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcessWithoutNullStreams {
  return spawn(command, args, { detached: true, env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Parent pid of every live process, read from /proc (empty where /proc is missing). */
function parentMap(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return children;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // The process ended while we were reading.
    }
  }
  return children;
}

/** `pid` and all its descendants, found through /proc. */
export function descendants(pid: number): number[] {
  const children = parentMap();
  const found: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    found.push(current);
    stack.push(...(children.get(current) ?? []));
  }
  return found;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * SIGKILLs the process group led by `pid` and, in case something in the tree moved to a group
 * of its own, every descendant found before the kill.
 */
export function killTree(pid: number): void {
  const tree = descendants(pid);
  killQuietly(-pid);
  for (const member of tree) killQuietly(member);
}
