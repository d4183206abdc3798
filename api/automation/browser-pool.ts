import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { chromiumLaunch } from './chromium-launch.js';
import { startEgressProxy, type EgressProxy } from './egress-proxy.js';
import { guardContext, type GuardRecord } from './network-guard.js';
import type { TargetPolicy } from './target-policy.js';

export interface BrowserPoolOptions {
  /** Browser processes at most (each serves several contexts). */
  browsers: number;
  /** Runs replaying at once; more wait in line. */
  concurrency: number;
  executablePath?: string;
  /** How long an unused browser stays up. */
  idleMs?: number;
  /** Told once when Chromium cannot have its sandbox here, and why. */
  onDegraded?: (why: string) => void;
}

/** A context opened for one run or recording: every connection it makes is judged by `policy`. */
export interface GuardedContext {
  context: BrowserContext;
  guard: GuardRecord;
  release: () => Promise<void>;
}

/**
 * Chromium's own switches on top of Playwright's: WebRTC may not send UDP around the proxy (it
 * would reach any address unchecked), and no DNS prefetching (names are the proxy's to resolve).
 */
const ARGS = ['--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--force-webrtc-ip-handling-policy=disable_non_proxied_udp', '--dns-prefetch-disable'];

/** What every automation page looks like: a desktop size the recorder streams 1:1. */
export const VIEWPORT = { width: 1024, height: 700 } as const;

/**
 * Headless Chromium (the system's, with its sandbox, as the `docuflow` user when the server runs
 * as root: see chromium-launch.ts) shared by every run: each run gets a fresh context (own
 * cookies, storage, cache) whose only way out is its own egress proxy, which resolves and checks
 * every connection with the run's policy; service workers are blocked so every request passes
 * the network guard too. The browser's default context goes through a proxy that refuses all.
 */
export function createBrowserPool({ browsers: maxBrowsers, concurrency, executablePath = '/usr/bin/chromium', idleMs = 60_000, onDegraded }: BrowserPoolOptions) {
  const live: { browser: Promise<Browser>; contexts: number }[] = [];
  let running = 0;
  const waiting: (() => void)[] = [];
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;

  let how: ReturnType<typeof chromiumLaunch> | null = null;
  let refuseAll: ReturnType<typeof startEgressProxy> | null = null;
  const launch = async () => {
    if (!how) {
      how = chromiumLaunch(executablePath);
      if (how.degraded) onDegraded?.(how.degraded);
    }
    refuseAll ??= startEgressProxy(async () => ({ refusal: 'notAllowed' }));
    const proxy = { server: (await refuseAll).server, bypass: '<-loopback>' };
    return chromium.launch({ executablePath: how.executablePath, chromiumSandbox: how.sandbox, headless: true, proxy, args: ARGS });
  };

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

  /** A fresh context on the least busy browser, guarded by `policy`; `release` closes it. */
  async function open(policy: TargetPolicy): Promise<GuardedContext> {
    if (closed) throw new Error('browser pool closed');
    if (idleTimer) clearTimeout(idleTimer);
    const slot = pick();
    slot.contexts += 1;
    let egress: EgressProxy | null = null;
    try {
      const own = await startEgressProxy((host, port) => policy.connectTo(host, port));
      egress = own;
      const browser = await slot.browser;
      // `<-loopback>` sends loopback through the proxy too (Chromium would go direct otherwise).
      const proxy = { server: own.server, bypass: '<-loopback>' };
      const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block', acceptDownloads: false, javaScriptEnabled: true, locale: 'en-US', proxy });
      const guard = await guardContext(context, policy, own);
      let released = false;
      return {
        context,
        guard,
        release: async () => {
          if (released) return;
          released = true;
          slot.contexts -= 1;
          await context.close().catch(() => undefined);
          await own.close();
          armIdle();
        },
      };
    } catch (err) {
      slot.contexts -= 1;
      await egress?.close();
      throw err;
    }
  }

  return {
    open,
    /** Runs `fn` in a fresh context guarded by `policy` once one of `concurrency` places is free. */
    async run<T>(policy: TargetPolicy, fn: (context: BrowserContext, guard: GuardRecord) => Promise<T>): Promise<T> {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        const { context, guard, release } = await open(policy);
        try {
          return await fn(context, guard);
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
      await refuseAll?.then((p) => p.close());
      how?.dispose();
    },
  };
}
export type BrowserPool = ReturnType<typeof createBrowserPool>;
