import { randomUUID } from 'node:crypto';
import { DEFAULT_STEP_CAP, DEFAULT_TIME_CAP_MS, type Flow, type FlowWrite, type Run, type RunSummary } from '@contracts/automation.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import type { Resolver } from '../ai/fetch/guarded-lookup.js';
import type { RunExecutor } from '../automation/run-executor.js';
import { targetPolicy, type TargetPolicy } from '../automation/target-policy.js';
import { deleteFlow, findFlow, insertFlow, listFlows, updateFlow, type AutomationFlowRow } from '../repositories/automation-flows.repository.js';
import { findRun, insertRun, insertScheduledRun, listRuns, updateRun } from '../repositories/automation-runs.repository.js';
import type { AutomationScheduleRow } from '../repositories/automation-schedules.repository.js';
import { allowHosts } from '../repositories/automation-settings.repository.js';
import type { SessionUser } from './session.service.js';
import type { ToolUsageService } from './tool-usage.service.js';
import { gotoUrls, toFlow, toRun, toRunSummary } from './automation-views.js';

export const flowNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such flow');
export const runNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such run');
export const refusedTarget = (url: string, reason: string) =>
  new AppError(ErrorCode.FORBIDDEN, `Refused target (${reason})`, { url, reason, reasonKey: `automation.refused.${reason}` });

export interface AutomationServiceDeps {
  db: Db;
  toolUsage: ToolUsageService;
  executor: RunExecutor;
  now: () => number;
  privateTargets: boolean;
  resolve?: Resolver;
}

/** Flows and their runs: ownership, the address policy at save and at run time, quota per run. */
export function createAutomationService({ db, toolUsage, executor, now, privateTargets, resolve }: AutomationServiceDeps) {
  async function policyOf(ownerId: string): Promise<TargetPolicy> {
    return targetPolicy({ hosts: await allowHosts(db, ownerId), privateTargets, ...(resolve ? { resolve } : {}) });
  }

  /** 40301 for the first goto address the owner's policy refuses; addresses with `{{variables}}` wait for run time. */
  async function checkTargets(ownerId: string, urls: readonly string[]): Promise<void> {
    const policy = await policyOf(ownerId);
    for (const url of urls) {
      if (url.includes('{{')) continue;
      const reason = await policy.check(url, true);
      if (reason) throw refusedTarget(url, reason);
    }
  }

  async function ownFlow(user: SessionUser, flowId: string): Promise<AutomationFlowRow> {
    const row = await findFlow(db, flowId);
    if (!row || row.owner_id !== user.id) throw flowNotFound();
    return row;
  }

  const fillVars = (url: string, vars: Record<string, string>) => url.replace(/\{\{\s*([a-zA-Z0-9_ -]{1,60}?)\s*\}\}/g, (m, name: string) => vars[name] ?? m);

  return {
    policyOf,

    async create(user: SessionUser, body: FlowWrite): Promise<{ flowId: string }> {
      await checkTargets(user.id, gotoUrls(body.steps));
      const id = randomUUID();
      const t = now();
      await insertFlow(db, { id, owner_id: user.id, name: body.name, steps: JSON.stringify(body.steps), step_cap: body.stepCap ?? DEFAULT_STEP_CAP, time_cap_ms: body.timeCapMs ?? DEFAULT_TIME_CAP_MS, created_at: t, updated_at: t });
      return { flowId: id };
    },

    async list(user: SessionUser): Promise<Flow[]> {
      return (await listFlows(db, user.id)).map(toFlow);
    },

    async get(user: SessionUser, flowId: string): Promise<Flow> {
      return toFlow(await ownFlow(user, flowId));
    },

    async update(user: SessionUser, flowId: string, body: FlowWrite): Promise<Flow> {
      await ownFlow(user, flowId);
      await checkTargets(user.id, gotoUrls(body.steps));
      await updateFlow(db, flowId, { name: body.name, steps: JSON.stringify(body.steps), step_cap: body.stepCap ?? DEFAULT_STEP_CAP, time_cap_ms: body.timeCapMs ?? DEFAULT_TIME_CAP_MS, updated_at: now() });
      return toFlow(await ownFlow(user, flowId));
    },

    async remove(user: SessionUser, flowId: string): Promise<void> {
      await ownFlow(user, flowId);
      await deleteFlow(db, flowId);
    },

    /** Checks the addresses, spends one `automation` use and queues the run. */
    async run(user: SessionUser, flowId: string, variables: Record<string, string> = {}): Promise<{ runId: string }> {
      const flow = await ownFlow(user, flowId);
      const steps = toFlow(flow).steps;
      await checkTargets(user.id, gotoUrls(steps).map((u) => fillVars(u, variables)));
      const charge = await toolUsage.charge(user.id, 'automation', flowId);
      const id = randomUUID();
      await insertRun(db, { id, flow_id: flowId, owner_id: user.id, status: 'queued', trigger: 'manual', schedule_id: null, scheduled_for: null, use_id: charge.useId, variables: JSON.stringify(variables), steps: '[]', output: null, error: null, failure_url: null, created_at: now(), started_at: null, finished_at: null });
      executor.enqueue(id);
      return { runId: id };
    },

    /** One cron slot of a schedule: recorded once whatever happens; refused (with a reason) when the policy or quota says no. */
    async startSlot(schedule: AutomationScheduleRow, slot: number): Promise<void> {
      const flow = await findFlow(db, schedule.flow_id);
      if (!flow) return;
      const id = randomUUID();
      const base = { id, flow_id: flow.id, owner_id: schedule.owner_id, trigger: 'schedule' as const, schedule_id: schedule.id, scheduled_for: slot, use_id: null, variables: '{}', steps: '[]', output: null, failure_url: null, created_at: now(), started_at: null };
      if (!(await insertScheduledRun(db, { ...base, status: 'queued', error: null, finished_at: null }))) return;
      try {
        await checkTargets(schedule.owner_id, gotoUrls(toFlow(flow).steps));
        const charge = await toolUsage.charge(schedule.owner_id, 'automation', flow.id);
        await updateRun(db, id, { use_id: charge.useId });
      } catch (err) {
        const reason = err instanceof AppError && err.code === ErrorCode.FORBIDDEN ? 'refused' : 'noQuota';
        await updateRun(db, id, { status: 'refused', error: reason, finished_at: now() });
        return;
      }
      executor.enqueue(id);
    },

    async history(user: SessionUser, flowId: string): Promise<RunSummary[]> {
      await ownFlow(user, flowId);
      return (await listRuns(db, flowId)).map(toRunSummary);
    },

    async getRun(user: SessionUser, runId: string): Promise<Run> {
      const row = await findRun(db, runId);
      if (!row || row.owner_id !== user.id) throw runNotFound();
      return toRun(row);
    },

    async resume(user: SessionUser, runId: string): Promise<Run> {
      const run = await this.getRun(user, runId);
      if (run.status !== 'paused' || !executor.resume(runId)) throw new AppError(ErrorCode.VALIDATION_FAILED, 'The run is not paused', { status: 'automation.errors.notPaused' });
      return run;
    },
  };
}
export type AutomationService = ReturnType<typeof createAutomationService>;
