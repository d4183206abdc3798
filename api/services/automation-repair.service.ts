import type { Flow, Step } from '@contracts/automation.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { sameCandidate, stepAtPath, targetKey, withFirstCandidate } from '../automation/repair/step-path.js';
import { findFlow, updateFlowIfUnchanged } from '../repositories/automation-flows.repository.js';
import { findRun, updateRun } from '../repositories/automation-runs.repository.js';
import { flowNotFound, runNotFound } from './automation.service.js';
import { toFlow, type StoredStep } from './automation-views.js';
import type { SessionUser } from './session.service.js';

const FINISHED = new Set(['succeeded', 'failed', 'refused']);
const cannot = (why: string, reason: 'repairPending' | 'repairOutdated') => new AppError(ErrorCode.VALIDATION_FAILED, why, { reason, reasonKey: `automation.history.${reason}` });

/**
 * The owner's answer to an LLM repair: "accept" puts the repaired role + name candidate first in
 * the flow's step (the others stay behind it), once, and only while the step still has the
 * candidates the repair replaced. Nothing changes a flow without the owner asking.
 */
export function createAutomationRepairService({ db, now }: { db: Db; now: () => number }) {
  return {
    async accept(user: SessionUser, runId: string, index: number): Promise<Flow> {
      const run = await findRun(db, runId);
      if (!run || run.owner_id !== user.id) throw runNotFound();
      if (!FINISHED.has(run.status)) throw cannot('The run has not finished', 'repairPending');
      const runSteps = JSON.parse(run.steps) as StoredStep[];
      const repair = runSteps.find((s) => s.index === index)?.repair;
      if (!repair) throw new AppError(ErrorCode.NOT_FOUND, 'This step was not repaired');
      const flow = await findFlow(db, run.flow_id);
      if (!flow || flow.owner_id !== user.id) throw flowNotFound();
      if (repair.accepted) return toFlow(flow);
      const steps = JSON.parse(flow.steps) as Step[];
      const step = stepAtPath(steps, repair.path);
      const target = step && 'target' in step ? step.target : undefined;
      repair.accepted = true;
      // Another run's repair already put the same candidate first: nothing to change in the flow.
      if (target?.candidates[0] && sameCandidate(target.candidates[0], repair.candidate)) {
        await updateRun(db, runId, { steps: JSON.stringify(runSteps) });
        return toFlow(flow);
      }
      if (!step || !('target' in step) || !step.target || targetKey(step.target) !== repair.targetKey) throw cannot('The flow\'s step changed since this run', 'repairOutdated');
      step.target = withFirstCandidate(step.target, repair.candidate);
      const saved = await transaction(db, async (tx) => {
        if (!(await updateFlowIfUnchanged(tx, flow.id, flow.updated_at, { steps: JSON.stringify(steps), updated_at: Math.max(now(), flow.updated_at + 1) }))) return false;
        await updateRun(tx, runId, { steps: JSON.stringify(runSteps) });
        return true;
      });
      if (!saved) throw cannot('The flow changed meanwhile', 'repairOutdated');
      return toFlow((await findFlow(db, flow.id))!);
    },
  };
}
export type AutomationRepairService = ReturnType<typeof createAutomationRepairService>;
