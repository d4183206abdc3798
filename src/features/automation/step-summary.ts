import type { LocatorCandidate, Step } from '@contracts/automation';

const candidateText = (c: LocatorCandidate) => (c.by === 'role' ? `${c.value} “${c.name ?? ''}”` : `${c.by}: ${c.value}`);

/** One line that tells steps apart in the editor and the run history. */
export function stepSummary(step: Step): string {
  switch (step.type) {
    case 'goto':
      return step.url;
    case 'loop':
      return `${step.csv.split('\n')[0] ?? ''} (${step.steps.length})`;
    case 'if':
      return `${step.condition.kind === 'exists' ? candidateText(step.condition.target.candidates[0]!) : `${step.condition.variable} = ${step.condition.value}`} (${step.steps.length})`;
    case 'wait':
      return step.target ? candidateText(step.target.candidates[0]!) : `${step.ms ?? 500} ms`;
    default: {
      const target = candidateText(step.target.candidates[0]!);
      if (step.type === 'type') return `${target} ← ${step.text}`;
      if (step.type === 'select') return `${target} ← ${step.value}`;
      if (step.type === 'extract') return `${target} → ${step.name}`;
      return target;
    }
  }
}
