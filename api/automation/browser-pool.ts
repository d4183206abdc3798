import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export interface BrowserPoolOptions {
  /** Browser processes at most (each serves several contexts). */
  browsers: number;
  /** Runs replaying at once; more wait in line. */
  concurrency: number;
  executablePath?: string;
  /** How long an unused browser stays up. */
  idleMs?: number;
}

/** What every automation page looks like: a desktop size the recorder streams 1:1. */
export const VIEWPORT = { width: 1024, height: 700 } as const;

/**
 * Headless Chromium (the system's, `--no-sandbox` because the server runs as an unprivileged
 * user in a container) shared by every run: each run gets a fresh context (own cookies, storage,
 * cache), service workers are blocked so every request passes the network guard.
 */
export function createBrowserPool({ browsers: maxBrowsers, concurrency, executablePath = '/usr/bin/chromium', idleMs = 60_000 }: BrowserPoolOptions) {
  const live: { browser: Promise<Browser>; contexts: number }[] = [];
  let running = 0;
  const waiting: (() => void)[] = [];
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const launch = () =>
    chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run'] });

  function pick() {
    let slot = live.reduce<(typeof live)[number] | null>((best, s) => (!best || s.contexts < best.contexts ? s : best), null);
    if (!slot || (slot.contexts > 0 && live.length < maxBrowsers)) {
      const entry = { browser: launch(), contexts: 0 };
      const drop = () => {
        const i = live.indexOf(entry);
        if (i >= 0) live.splice(i, 1);
      };
      entry.browser.then((b) => b.on('disconnected', drop), drop);
      live.push(entry);
      slot = entry;
    }
    return slot;
  }

  function armIdle() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (live.every((s) => s.contexts === 0)) void closeAll();
    }, idleMs);
    idleTimer.unref();
  }

  async function closeAll() {
    const all = live.splice(0);
    await Promise.all(all.map((s) => s.browser.then((b) => b.close()).catch(() => undefined)));
  }

  /** A fresh context on the least busy browser; `release` closes it. */
  async function open(): Promise<{ context: BrowserContext; release: () => Promise<void> }> {
    if (closed) throw new Error('browser pool closed');
    if (idleTimer) clearTimeout(idleTimer);
    const slot = pick();
    slot.contexts += 1;
    try {
      const browser = await slot.browser;
      const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block', acceptDownloads: false, javaScriptEnabled: true, locale: 'en-US' });
      let released = false;
      return {
        context,
        release: async () => {
          if (released) return;
          released = true;
          slot.contexts -= 1;
          await context.close().catch(() => undefined);
          armIdle();
        },
      };
    } catch (err) {
      slot.contexts -= 1;
      throw err;
    }
  }

  return {
    open,
    /** Runs `fn` in a fresh context once one of `concurrency` places is free. */
    async run<T>(fn: (context: BrowserContext) => Promise<T>): Promise<T> {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        const { context, release } = await open();
        try {
          return await fn(context);
        } finally {
          await release();
        }
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      await closeAll();
    },
  };
}
export type BrowserPool = ReturnType<typeof createBrowserPool>;
