import type { Locator, Page } from 'playwright-core';
import type { LocatorCandidate, RunOutput, Step, StepType, Target } from '@contracts/automation.js';
import { parseCsv } from './csv.js';
import { interpolate, UnknownVariableError } from './interpolate.js';
import { LocateError, locate, type Located } from './locate.js';
import type { GuardRecord } from './network-guard.js';
import { outputCollector, type OutputCollector } from './output-collector.js';
import type { LocatorRepairer, Repair } from './repair/locator-repair.js';
import { stepPath } from './repair/step-path.js';
import { StepFailure, type RunErrorReason } from './run-errors.js';
import type { TargetPolicy } from './target-policy.js';

export interface StepOutcome {
  index: number;
  type: StepType;
  ok: boolean;
  locator?: LocatorCandidate;
  /** Set when the locator came from the model because every recorded candidate failed. */
  repair?: Repair;
  error?: RunErrorReason;
  ms: number;
}

export interface FlowRunOptions {
  page: Page;
  steps: readonly Step[];
  variables: Record<string, string>;
  secret: (name: string) => Promise<string | null>;
  stepCap: number;
  timeCapMs: number;
  guard: GuardRecord;
  policy: TargetPolicy;
  /** Called after every step with its screenshot (leaf steps only). */
  onStep: (outcome: StepOutcome, screenshot: Buffer | null) => Promise<void>;
  /** A CAPTCHA showed: resolves true once a person resumed the run, false when nobody did in time. */
  onPause?: () => Promise<boolean>;
  /** Asks the LLM endpoint for a step whose candidates all failed; without it such a step fails. */
  repair?: LocatorRepairer;
  /** Longest wait for one element (default LOCATE_MS); the run's deadline cuts it shorter still. */
  locateMs?: number;
}

export interface FlowRunResult {
  status: 'succeeded' | 'failed' | 'refused';
  error?: RunErrorReason;
  failureUrl?: string;
  failureShot?: Buffer;
  output: RunOutput;
}

const CAPTCHA_SELECTOR = 'iframe[src*="recaptcha"], iframe[src*="hcaptcha"], iframe[src*="turnstile"], .g-recaptcha, .h-captcha, .cf-turnstile, [data-captcha]';
/** Longest wait for one element; the run's own deadline cuts it shorter. */
const LOCATE_MS = 5000;
const ACTION_MS = 10_000;
const MAX_PAUSES = 3;

/** A screenshot within `ms` (none when there is no time left for one). */
// 200 ms of margin: a screenshot's timeout is not exact on a busy machine.
const shoot = (page: Page, ms: number) => (ms < 300 ? Promise.resolve(null) : page.screenshot({ type: 'jpeg', quality: 55, timeout: Math.min(3000, ms - 200) }).catch(() => null));

/**
 * Replays a flow's steps on one page: runs every step in order (loops and branches included),
 * stops at the first failure, and never passes the step cap (counted before each step) or the
 * time cap (every wait is cut to what is left, and a watchdog closes the page at the deadline).
 */
export async function runFlow(o: FlowRunOptions): Promise<FlowRunResult> {
  const { page } = o;
  const locateMs = o.locateMs ?? LOCATE_MS;
  const variables = { ...o.variables };
  const out = outputCollector(variables);
  let executed = 0;
  // Steps stop at `deadline`; the rest of the cap is kept for the failing page's screenshot.
  const reserve = Math.min(1500, Math.floor(o.timeCapMs / 4));
  let deadline = Date.now() + o.timeCapMs - reserve;
  const hardEnd = () => deadline + reserve;
  let pauses = 0;
  let timedOut = false;
  let watchdog: NodeJS.Timeout | null = null;
  const armWatchdog = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      timedOut = true;
      void page.close().catch(() => undefined);
    }, Math.max(0, hardEnd() - Date.now()));
  };
  armWatchdog();
  const left = () => {
    const ms = deadline - Date.now();
    if (ms <= 0) throw new StepFailure('timeCap');
    return ms;
  };
  /** The leaf step running now: its type, its place in the flow and the repair that found its element. */
  let current: { type: StepType; path: string; repair?: Repair } | null = null;
  const locateIn = async (target: Target, all = false, cap = locateMs): Promise<Located> => {
    const learnt = all ? undefined : o.repair?.learnt(target);
    try {
      const found = await locate(page, learnt ? { candidates: [learnt.candidate, ...target.candidates] } : target, Math.min(cap, left()), all);
      if (learnt && current && found.candidate === learnt.candidate) current.repair = learnt;
      return found;
    } catch (err) {
      if (!(err instanceof LocateError)) throw err;
      if (Date.now() >= deadline) throw new StepFailure('timeCap');
      const repaired = all ? null : await repairAndLocate(target);
      if (repaired) return repaired;
      throw new StepFailure(Date.now() >= deadline ? 'timeCap' : 'locatorFailed');
    }
  };
  async function repairAndLocate(target: Target): Promise<Located | null> {
    if (!o.repair || !current) return null;
    const fix = await o.repair.suggest({ page, stepType: current.type, target, path: current.path, timeoutMs: left() });
    if (!fix) return null;
    // The chosen element was in the snapshot a moment ago: a short look is enough.
    const found = await locate(page, { candidates: [fix.candidate] }, Math.min(1500, left())).catch(() => null);
    if (!found) return null;
    o.repair.confirm(fix);
    current.repair = fix;
    return found;
  }
  const fill = (text: string, scope: Record<string, string>) => interpolate(text, scope, o.secret);

  async function checkCaptcha(): Promise<void> {
    if (!o.onPause) return;
    while ((await page.locator(CAPTCHA_SELECTOR).count().catch(() => 0)) > 0) {
      pauses += 1;
      if (pauses > MAX_PAUSES) throw new StepFailure('captcha');
      const started = Date.now();
      if (watchdog) clearTimeout(watchdog);
      const resumed = await o.onPause();
      // Time waiting for a person does not count against the run's time cap.
      deadline += Date.now() - started;
      armWatchdog();
      if (!resumed) throw new StepFailure('captcha');
    }
  }

  async function leaf(step: Exclude<Step, { type: 'loop' | 'if' }>, scope: Record<string, string>): Promise<LocatorCandidate | undefined> {
    switch (step.type) {
      case 'goto': {
        const url = await fill(step.url, scope);
        if (await o.policy.check(url, true)) throw new StepFailure('refused');
        try {
          await page.goto(url, { waitUntil: 'load', timeout: Math.min(30_000, left()) });
        } catch {
          throw new StepFailure(o.guard.refusedNavigation ? 'refused' : Date.now() >= deadline ? 'timeCap' : 'navigation');
        }
        await checkCaptcha();
        return undefined;
      }
      case 'click': {
        const found = await locateIn(step.target);
        await found.locator.click({ timeout: Math.min(ACTION_MS, left()) });
        await page.waitForLoadState('load', { timeout: Math.min(ACTION_MS, left()) }).catch(() => undefined);
        if (o.guard.refusedNavigation) throw new StepFailure('refused');
        await checkCaptcha();
        return found.candidate;
      }
      case 'type': {
        const found = await locateIn(step.target);
        await found.locator.fill(await fill(step.text, scope), { timeout: Math.min(ACTION_MS, left()) });
        return found.candidate;
      }
      case 'select': {
        const found = await locateIn(step.target);
        await found.locator.selectOption(await fill(step.value, scope), { timeout: Math.min(ACTION_MS, left()) });
        return found.candidate;
      }
      case 'upload': {
        const found = await locateIn(step.target);
        await found.locator.setInputFiles({ name: step.fileName, mimeType: 'application/octet-stream', buffer: Buffer.from(step.contentBase64, 'base64') }, { timeout: Math.min(ACTION_MS, left()) });
        return found.candidate;
      }
      case 'wait': {
        if (step.target) return (await locateIn(step.target, false, 30_000)).candidate;
        const ms = step.ms ?? 500;
        const room = left();
        await page.waitForTimeout(Math.min(ms, room));
        if (ms > room) throw new StepFailure('timeCap');
        return undefined;
      }
      case 'assert': {
        const found = await locateIn(step.target);
        if (step.text !== undefined) {
          const want = await fill(step.text, scope);
          const ok = await expectText(found.locator, want, Math.min(locateMs, left()));
          if (!ok) throw new StepFailure('assertFailed');
        }
        return found.candidate;
      }
      case 'extract': {
        const found = await locateIn(step.target, step.all === true);
        if (step.all) out.list(step.name, (await found.locator.allInnerTexts()).map((s) => s.trim()));
        else out.value(step.name, (await found.locator.innerText({ timeout: Math.min(ACTION_MS, left()) })).trim());
        return found.candidate;
      }
    }
  }

  async function runSteps(steps: readonly Step[], scope: Record<string, string>, collector: OutputCollector, block = ''): Promise<void> {
    for (const [at, step] of steps.entries()) {
      const path = stepPath(block, at);
      if (executed >= o.stepCap) throw new StepFailure('stepCap');
      left();
      const index = executed;
      executed += 1;
      const started = Date.now();
      if (step.type === 'loop') {
        const rows = parseCsv(await fill(step.csv, scope));
        await o.onStep({ index, type: step.type, ok: true, ms: Date.now() - started }, null);
        for (const row of rows) {
          await runSteps(step.steps, { ...scope, ...row }, collector, `${path}/steps`);
          collector.flush();
        }
        continue;
      }
      if (step.type === 'if') {
        const c = step.condition;
        const yes = c.kind === 'equals' ? (scope[c.variable] ?? variables[c.variable]) === (await fill(c.value, scope)) : await locate(page, c.target, Math.min(1500, left())).then(() => true, () => false);
        await o.onStep({ index, type: step.type, ok: true, ms: Date.now() - started }, null);
        await runSteps(yes ? step.steps : (step.else ?? []), scope, collector, `${path}/${yes ? 'steps' : 'else'}`);
        continue;
      }
      const now: { type: StepType; path: string; repair?: Repair } = { type: step.type, path };
      current = now;
      try {
        const locator = await leaf(step, { ...variables, ...scope });
        await o.onStep({ index, type: step.type, ok: true, ms: Date.now() - started, ...(locator ? { locator } : {}), ...(now.repair ? { repair: now.repair } : {}) }, await shoot(page, deadline - Date.now()));
      } catch (err) {
        const reason = failureReason(err, timedOut || Date.now() >= deadline);
        // The failing page is shot once, below, within the time kept for it.
        await o.onStep({ index, type: step.type, ok: false, error: reason, ms: Date.now() - started, ...(now.repair ? { repair: now.repair } : {}) }, null);
        throw new StepFailure(reason);
      }
    }
  }

  try {
    await runSteps(o.steps, {}, out);
    out.flush();
    return { status: 'succeeded', output: out.result() };
  } catch (err) {
    const reason = failureReason(err, timedOut);
    const failureShot = (await shoot(page, hardEnd() - Date.now())) ?? undefined;
    return { status: reason === 'refused' ? 'refused' : 'failed', error: reason, failureUrl: page.isClosed() ? '' : page.url(), ...(failureShot ? { failureShot } : {}), output: out.result() };
  } finally {
    if (watchdog) clearTimeout(watchdog);
  }
}

async function expectText(locator: Locator, want: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    const text = await locator.innerText({ timeout: 1000 }).catch(() => '');
    if (text.includes(want)) return true;
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 150));
  }
}

function failureReason(err: unknown, timedOut: boolean): RunErrorReason {
  if (timedOut) return 'timeCap';
  if (err instanceof StepFailure) return err.reason;
  if (err instanceof UnknownVariableError) return 'unknownVariable';
  return 'actionFailed';
}
