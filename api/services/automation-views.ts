import type { Flow, LocatorCandidate, Run, RunOutput, Schedule, Step, StepRepair } from '@contracts/automation.js';
import type { AutomationFlowRow } from '../repositories/automation-flows.repository.js';
import type { AutomationRunRow } from '../repositories/automation-runs.repository.js';
import type { AutomationScheduleRow } from '../repositories/automation-schedules.repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

export const toFlow = (row: AutomationFlowRow): Flow => ({
  flowId: row.id,
  name: row.name,
  steps: JSON.parse(row.steps) as Step[],
  stepCap: row.step_cap,
  timeCapMs: row.time_cap_ms,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** A run step as the executor stores it (JSON in `automation_runs.steps`). */
export interface StoredStep {
  index: number;
  type: string;
  ok: boolean;
  locator?: LocatorCandidate;
  /** `targetKey` fingerprints the candidates the repair replaces; it stays on the server. */
  repair?: StepRepair & { targetKey: string };
  error?: string;
  ms: number;
  shot: boolean;
}

const runBase = (runId: string) => `/api/v1/automation/runs/${runId}`;

export function toRunSummary(row: AutomationRunRow): Omit<Run, 'steps' | 'output'> {
  return {
    runId: row.id,
    flowId: row.flow_id,
    status: row.status,
    trigger: row.trigger,
    ...(row.error ? { error: row.error } : {}),
    ...(row.failure_url !== null && row.status !== 'succeeded' ? { failure: { pageUrl: row.failure_url, ...(row.shots_purged_at === null ? { screenshotUrl: `${runBase(row.id)}/failure/screenshot` } : {}) } } : {}),
    createdAt: iso(row.created_at),
    ...(row.started_at !== null ? { startedAt: iso(row.started_at) } : {}),
    ...(row.finished_at !== null ? { finishedAt: iso(row.finished_at) } : {}),
  };
}

export function toRun(row: AutomationRunRow): Run {
  const failureShot = `${runBase(row.id)}/failure/screenshot`;
  const steps = (JSON.parse(row.steps) as StoredStep[]).map(({ shot, repair, ...s }) => ({
    ...s,
    ...(repair ? { repair: { candidate: repair.candidate, path: repair.path, ...(repair.accepted ? { accepted: true } : {}) } } : {}),
    // Purged three hours after the run ended (api/automation/shot-sweep.ts): no link to a file that is gone.
    ...(row.shots_purged_at !== null ? {} : shot ? { screenshotUrl: `${runBase(row.id)}/steps/${s.index}/screenshot` } : !s.ok && row.failure_url !== null ? { screenshotUrl: failureShot } : {}),
  }));
  return { ...toRunSummary(row), steps, ...(row.output ? { output: JSON.parse(row.output) as RunOutput } : {}) };
}

export const toSchedule = (row: AutomationScheduleRow): Schedule => ({
  scheduleId: row.id,
  flowId: row.flow_id,
  cron: row.cron,
  timezone: row.timezone,
  nextRunAt: row.next_run_at === null ? null : iso(row.next_run_at),
  lastRunAt: row.last_run_at === null ? null : iso(row.last_run_at),
});

/** Every `goto` address of a flow, nested blocks included. */
export function gotoUrls(steps: readonly Step[]): string[] {
  return steps.flatMap((s) => (s.type === 'goto' ? [s.url] : s.type === 'loop' ? gotoUrls(s.steps) : s.type === 'if' ? [...gotoUrls(s.steps), ...gotoUrls(s.else ?? [])] : []));
}
