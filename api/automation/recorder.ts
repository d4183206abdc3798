import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import type { RecorderAction, RecorderState, Step } from '@contracts/automation.js';
import type { BrowserPool } from './browser-pool.js';
import { VIEWPORT } from './browser-pool.js';
import { targetAt } from './candidates.js';
import { interpolate } from './interpolate.js';
import { candidateLocator } from './locate.js';
import type { TargetPolicy } from './target-policy.js';

interface Session {
  id: string;
  ownerId: string;
  context: BrowserContext;
  page: Page;
  policy: TargetPolicy;
  steps: Step[];
  lastUsed: number;
  release: () => Promise<void>;
}

export class RecorderError extends Error {
  constructor(readonly reason: 'notFound' | 'refused' | 'noElement' | 'busy' | 'navigation') {
    super(reason);
    this.name = 'RecorderError';
  }
}

/** Sessions idle longer than this are closed. */
const IDLE_MS = 5 * 60_000;
const MAX_SESSIONS = 4;
const ACTION_MS = 8000;

/**
 * The recorder: a page in a server browser that the user drives through screenshots. Each click
 * or typed text at a point is done on the page and written down as a step whose target carries
 * every locator candidate that finds that element now.
 */
export function createRecorder(pool: BrowserPool, secret: (ownerId: string, name: string) => Promise<string | null>) {
  const sessions = new Map<string, Session>();
  const sweep = setInterval(() => {
    for (const s of sessions.values()) if (Date.now() - s.lastUsed > IDLE_MS) void stop(s.id);
  }, 30_000);
  sweep.unref();

  function own(id: string, ownerId: string): Session {
    const s = sessions.get(id);
    if (!s || s.ownerId !== ownerId) throw new RecorderError('notFound');
    s.lastUsed = Date.now();
    return s;
  }

  async function goto(s: Session, url: string) {
    if (await s.policy.check(url, true)) throw new RecorderError('refused');
    try {
      await s.page.goto(url, { waitUntil: 'load', timeout: 20_000 });
    } catch {
      throw new RecorderError('navigation');
    }
  }

  const state = (s: Session): RecorderState => ({ sessionId: s.id, url: s.page.url(), steps: s.steps, ...VIEWPORT });

  async function stop(id: string): Promise<Step[]> {
    const s = sessions.get(id);
    if (!s) return [];
    sessions.delete(id);
    await s.release();
    return s.steps;
  }

  return {
    async start(ownerId: string, url: string, policy: TargetPolicy): Promise<RecorderState> {
      if (await policy.check(url, true)) throw new RecorderError('refused');
      for (const s of [...sessions.values()]) if (s.ownerId === ownerId) await stop(s.id);
      if (sessions.size >= MAX_SESSIONS) throw new RecorderError('busy');
      const { context, release } = await pool.open(policy);
      try {
        const page = await context.newPage();
        const s: Session = { id: randomUUID(), ownerId, context, page, policy, steps: [], lastUsed: Date.now(), release };
        await goto(s, url);
        s.steps.push({ type: 'goto', url });
        sessions.set(s.id, s);
        return state(s);
      } catch (err) {
        await release();
        throw err;
      }
    },
    state: (id: string, ownerId: string) => state(own(id, ownerId)),
    screenshot: (id: string, ownerId: string) => own(id, ownerId).page.screenshot({ type: 'jpeg', quality: 60, timeout: 8000 }),

    /** Does what the user did and returns the state with the new step. */
    async act(id: string, ownerId: string, a: RecorderAction): Promise<RecorderState> {
      const s = own(id, ownerId);
      if (a.kind === 'goto') {
        await goto(s, a.url ?? '');
        s.steps.push({ type: 'goto', url: a.url ?? '' });
        return state(s);
      }
      const point = a.x !== undefined && a.y !== undefined ? { x: a.x, y: a.y } : null;
      const found = await targetAt(s.page, point);
      if (!found) throw new RecorderError('noElement');
      const { target } = found;
      const locator = candidateLocator(s.page, target.candidates[0]!).first();
      const text = a.text ?? '';
      switch (a.kind) {
        case 'click':
          if (point) await s.page.mouse.click(point.x, point.y);
          else await locator.click({ timeout: ACTION_MS });
          await s.page.waitForLoadState('load', { timeout: ACTION_MS }).catch(() => undefined);
          s.steps.push({ type: 'click', target });
          break;
        case 'type':
          await locator.fill(await interpolate(text, {}, (name) => secret(ownerId, name)), { timeout: ACTION_MS });
          s.steps.push({ type: 'type', target, text });
          break;
        case 'select':
          await locator.selectOption(text, { timeout: ACTION_MS });
          s.steps.push({ type: 'select', target, value: text });
          break;
        case 'extract':
          s.steps.push({ type: 'extract', target, name: a.name?.trim() || `value${s.steps.length}` });
          break;
        case 'assert':
          s.steps.push({ type: 'assert', target, ...(found.description.text ? { text: found.description.text } : {}) });
          break;
      }
      return state(s);
    },
    stop,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.keys()].map((id) => stop(id)));
    },
  };
}
export type Recorder = ReturnType<typeof createRecorder>;
