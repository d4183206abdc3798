import type { Page } from 'playwright-core';
import { DEFAULT_STEP_CAP, DEFAULT_TIME_CAP_MS, type Step } from '@contracts/automation.js';
import type { Db } from '../db/index.js';
import type { Resolver } from '../ai/fetch/guarded-lookup.js';
import type { LlmClient } from '../ai/llm-client.js';
import { findFlow } from '../repositories/automation-flows.repository.js';
import { claimAbandonedRun, claimQueuedRun, findRun, unfinishedRuns, updateRun } from '../repositories/automation-runs.repository.js';
import { allowHosts, findCredentialByName } from '../repositories/automation-settings.repository.js';
import type { BrowserPool } from './browser-pool.js';
import type { CredentialCipher } from './credential-cipher.js';
import { runFlow, type StepOutcome } from './flow-runner.js';
import { createLocatorRepairer, DEFAULT_REPAIR_LIMITS, type RepairLimits } from './repair/locator-repair.js';
import type { RunErrorReason } from './run-errors.js';
import type { RunFiles } from './run-files.js';
import { targetPolicy } from './target-policy.js';

export interface RunExecutorDeps {
  db: Db;
  pool: BrowserPool;
  cipher: CredentialCipher;
  files: RunFiles;
  now: () => number;
  privateTargets: boolean;
  /** Gives a run's quota back when it failed from our side (refused by policy, interrupted, crashed). */
  refund: (useId: string) => Promise<void>;
  onError: (err: unknown, runId: string) => void;
  resolve?: Resolver;
  /** How long a run paused on a CAPTCHA waits for a person. */
  pauseMs?: number;
  /** The LLM endpoint that repairs steps whose locators all fail; unset or unconfigured, they fail. */
  llm?: LlmClient;
  repairLimits?: RepairLimits;
  /** Longest wait for one step's element (flow-runner's default when absent). */
  locateMs?: number;
}

/**
 * How long a claimed run is this instance's without a word from it; renewed every third of it
 * while the run waits, runs or is paused. Past it, any instance's recovery fails the run as
 * interrupted (its process is gone).
 */
export const RUN_LEASE_MS = 60_000;

/** Reasons that are ours rather than the flow's: the run's quota goes back. */
const REFUNDED: ReadonlySet<RunErrorReason> = new Set(['refused', 'interrupted', 'internal']);

/**
 * Replays queued runs (each in a fresh browser context from the pool), records every step with
 * its screenshot, and keeps paused runs' pages so a person can solve a CAPTCHA through the live view.
 */
export function createRunExecutor(d: RunExecutorDeps) {
  const active = new Set<Promise<void>>();
  const paused = new Map<string, { page: Page; resume: (ok: boolean) => void }>();

  async function execute(runId: string): Promise<void> {
    const run = await findRun(d.db, runId);
    if (!run || run.status !== 'queued') return;
    // Several instances may hold the same queued run (each recovers at start): one claim wins.
    if (!(await claimQueuedRun(d.db, runId, d.now() + RUN_LEASE_MS))) return;
    const lease = setInterval(() => void updateRun(d.db, runId, { lease_until: d.now() + RUN_LEASE_MS }).catch((err: unknown) => d.onError(err, runId)), RUN_LEASE_MS / 3);
    lease.unref();
    try {
      await replay(runId, run);
    } finally {
      clearInterval(lease);
    }
  }

  async function replay(runId: string, run: NonNullable<Awaited<ReturnType<typeof findRun>>>): Promise<void> {
    const flow = await findFlow(d.db, run.flow_id);
    if (!flow) {
      await finish(runId, run.use_id, 'failed', 'internal');
      return;
    }
    const policy = targetPolicy({ hosts: await allowHosts(d.db, run.owner_id), privateTargets: d.privateTargets, ...(d.resolve ? { resolve: d.resolve } : {}) });
    const steps: (StepOutcome & { shot: boolean })[] = [];
    // Credential values this run filled in: kept out of anything sent to the model.
    const filled = new Set<string>();
    const secret = async (name: string) => {
      const row = await findCredentialByName(d.db, run.owner_id, name);
      const value = row ? d.cipher.open(row.sealed) : null;
      if (value) filled.add(value);
      return value;
    };
    const repair = d.llm?.configured ? createLocatorRepairer(d.llm, d.repairLimits ?? DEFAULT_REPAIR_LIMITS, () => [...filled]) : undefined;
    const result = await d.pool.run(policy, async (context, guard) => {
      const page = await context.newPage();
      await updateRun(d.db, runId, { started_at: d.now() });
      const outcome = await runFlow({
        page,
        steps: JSON.parse(flow.steps) as Step[],
        variables: JSON.parse(run.variables) as Record<string, string>,
        secret,
        stepCap: flow.step_cap || DEFAULT_STEP_CAP,
        timeCapMs: flow.time_cap_ms || DEFAULT_TIME_CAP_MS,
        guard,
        policy,
        ...(repair ? { repair } : {}),
        ...(d.locateMs !== undefined ? { locateMs: d.locateMs } : {}),
        onStep: async (outcome, shot) => {
          if (shot) await d.files.save(runId, String(outcome.index), shot);
          steps.push({ ...outcome, shot: shot !== null });
          await updateRun(d.db, runId, { steps: JSON.stringify(steps) });
        },
        onPause: async () => {
          await updateRun(d.db, runId, { status: 'paused' });
          const resumed = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), d.pauseMs ?? 10 * 60_000);
            paused.set(runId, {
              page,
              resume: (ok) => {
                clearTimeout(timer);
                resolve(ok);
              },
            });
          });
          paused.delete(runId);
          await updateRun(d.db, runId, { status: 'running' });
          return resumed;
        },
      });
      // The run ends when the flow stops; closing the context and writing files are ours.
      return { ...outcome, endedAt: d.now() };
    });
    if (result.failureShot) await d.files.save(runId, 'failure', result.failureShot);
    await finish(runId, run.use_id, result.status, result.error ?? null, { output: JSON.stringify(result.output), failure_url: result.failureUrl ?? null, finished_at: result.endedAt });
  }

  async function finish(runId: string, useId: string | null, status: 'succeeded' | 'failed' | 'refused', error: RunErrorReason | null, extra: { output?: string; failure_url?: string | null; finished_at?: number } = {}) {
    await updateRun(d.db, runId, { status, error, finished_at: d.now(), lease_until: null, ...extra });
    if (useId && error && REFUNDED.has(error)) await d.refund(useId);
  }

  function enqueue(runId: string): void {
    const job = execute(runId)
      .catch(async (err: unknown) => {
        d.onError(err, runId);
        const run = await findRun(d.db, runId).catch(() => undefined);
        if (run) await finish(runId, run.use_id, 'failed', 'internal').catch(() => undefined);
      })
      .finally(() => active.delete(job));
    active.add(job);
  }

  return {
    enqueue,
    /** The page of a run paused for a person, or null. */
    pausedPage: (runId: string): Page | null => paused.get(runId)?.page ?? null,
    /** Resumes a paused run; false when it is not paused here. */
    resume(runId: string): boolean {
      const p = paused.get(runId);
      p?.resume(true);
      return p !== undefined;
    },
    /**
     * At start (and with the sweeps): queued runs go again, claimed by whichever instance takes
     * them first; runs whose lease ran out (their process stopped) fail as interrupted and are
     * refunded, once, whichever instances recover at the same time. A live instance's runs hold a
     * fresh lease and are left alone.
     */
    async recover(): Promise<void> {
      const now = d.now();
      for (const run of await unfinishedRuns(d.db, now)) {
        if (run.status === 'queued') enqueue(run.id);
        else if (await claimAbandonedRun(d.db, run.id, now)) {
          if (run.use_id) await d.refund(run.use_id);
        }
      }
    },
    async idle(): Promise<void> {
      while (active.size > 0) await Promise.allSettled([...active]);
    },
  };
}
export type RunExecutor = ReturnType<typeof createRunExecutor>;
