import { createHash } from 'node:crypto';
import type { LocatorCandidate, Step, Target } from '@contracts/automation.js';

/** A short fingerprint of a target's candidates: a repair applies to the step only while they are unchanged. */
export const targetKey = (target: Target): string => createHash('sha256').update(JSON.stringify(target.candidates)).digest('hex').slice(0, 24);

/** `2`, `2/steps/0`, `2/else/1`: where a step sits in a flow's (nested) steps; `block` is `''` at the top or `2/steps`, `2/else`. */
export const stepPath = (block: string, index: number) => (block ? `${block}/${index}` : String(index));

/** The step at `path`, or null when the flow has no such step. */
export function stepAtPath(steps: readonly Step[], path: string): Step | null {
  const parts = path.split('/');
  let list: readonly Step[] | undefined = steps;
  let step: Step | null = null;
  for (let i = 0; i < parts.length; i += 2) {
    const index = Number(parts[i]);
    if (!list || !Number.isInteger(index) || index < 0 || index >= list.length) return null;
    step = list[index]!;
    const branch = parts[i + 1];
    if (branch === undefined) break;
    if (step.type !== 'loop' && step.type !== 'if') return null;
    list = branch === 'steps' ? step.steps : branch === 'else' && step.type === 'if' ? step.else : undefined;
  }
  return step;
}

export const sameCandidate = (a: LocatorCandidate, b: LocatorCandidate) => a.by === b.by && a.value === b.value && (a.name ?? '') === (b.name ?? '');

/** The target with `candidate` first (once), within the contract's eight candidates. */
export function withFirstCandidate(target: Target, candidate: LocatorCandidate): Target {
  return { candidates: [candidate, ...target.candidates.filter((c) => !sameCandidate(c, candidate))].slice(0, 8) };
}
