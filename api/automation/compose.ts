import type { Logger } from 'pino';
import type { Db } from '../db/index.js';
import type { Resolver } from '../ai/fetch/guarded-lookup.js';
import type { LlmClient } from '../ai/llm-client.js';
import { findCredentialByName } from '../repositories/automation-settings.repository.js';
import { createAutomationService } from '../services/automation.service.js';
import { createAutomationRepairService } from '../services/automation-repair.service.js';
import { createAutomationSettingsService } from '../services/automation-settings.service.js';
import type { ToolUsageService } from '../services/tool-usage.service.js';
import { createBrowserPool, type BrowserPool } from './browser-pool.js';
import { credentialCipher } from './credential-cipher.js';
import { createRecorder } from './recorder.js';
import type { RepairLimits } from './repair/locator-repair.js';
import { createRunExecutor } from './run-executor.js';
import { runFiles } from './run-files.js';
import { createScheduler } from './scheduler.js';
import { sweepRunScreenshots } from './shot-sweep.js';

/** What tests and deployments may set; everything has a default. */
export interface AutomationOptions {
  /** A browser pool to share (tests share one across apps); default 2 browsers, 2 runs at once. */
  pool?: BrowserPool;
  /** Whether allow-list entries may open loopback and private addresses; default everywhere but production. */
  privateTargets?: boolean;
  /** DNS answers (tests). */
  resolve?: Resolver;
  /** How long a run paused on a CAPTCHA waits for a person. */
  pauseMs?: number;
  /** What one run may spend on LLM repairs (default DEFAULT_REPAIR_LIMITS). */
  repair?: RepairLimits;
  /** Longest wait for one step's element (default 5 s); suites whose pages are static wait less for elements that never come. */
  locateMs?: number;
}

interface ComposeDeps {
  db: Db;
  dataDir: string;
  production: boolean;
  secret: string;
  toolUsage: ToolUsageService;
  now: () => number;
  logger: Logger;
  /** The LLM endpoint for locator repair; absent or unconfigured, steps whose locators fail just fail. */
  llm?: LlmClient;
  options?: AutomationOptions | undefined;
}

/** Wires web process automation: browser pool, run executor, recorder, scheduler and the two services. */
export function createAutomation({ db, dataDir, production, secret, toolUsage, now, logger, llm, options = {} }: ComposeDeps) {
  const ownPool = options.pool ? null : createBrowserPool({ browsers: 2, concurrency: 2, onDegraded: (why) => logger.warn({ why }, 'automation browser runs without its sandbox') });
  const pool = options.pool ?? ownPool!;
  const cipher = credentialCipher(secret);
  const files = runFiles(dataDir);
  const privateTargets = options.privateTargets ?? !production;
  const executor = createRunExecutor({
    db,
    pool,
    cipher,
    files,
    now,
    privateTargets,
    refund: (useId) => toolUsage.refund(useId),
    onError: (err, runId) => logger.error({ err, runId }, 'automation run crashed'),
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.pauseMs !== undefined ? { pauseMs: options.pauseMs } : {}),
    ...(llm ? { llm } : {}),
    ...(options.repair ? { repairLimits: options.repair } : {}),
    ...(options.locateMs !== undefined ? { locateMs: options.locateMs } : {}),
  });
  const flows = createAutomationService({ db, toolUsage, executor, now, privateTargets, ...(options.resolve ? { resolve: options.resolve } : {}) });
  const settings = createAutomationSettingsService(db, cipher, now);
  const recorder = createRecorder(pool, async (ownerId, name) => {
    const row = await findCredentialByName(db, ownerId, name);
    return row ? cipher.open(row.sealed) : null;
  });
  const scheduler = createScheduler({ db, now, startSlot: (schedule, slot) => flows.startSlot(schedule, slot), onError: (err) => logger.error({ err }, 'automation schedule failed') });
  return {
    flows,
    /** Accepting an LLM repair into its flow. */
    repairs: createAutomationRepairService({ db, now }),
    settings,
    recorder,
    executor,
    scheduler,
    files,
    /** The periodic part (with the sweeps): screenshots past three hours go, runs a dead instance left are recovered. */
    async upkeep(at: number): Promise<void> {
      await sweepRunScreenshots(db, files, at);
      await executor.recover();
    },
    /** Stops the recorder and, unless it was given one, the browser pool. */
    async close() {
      await recorder.close();
      await executor.idle();
      await ownPool?.close();
    },
  };
}
export type Automation = ReturnType<typeof createAutomation>;
