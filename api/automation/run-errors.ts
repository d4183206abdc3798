/** Why a step or a run failed: keys under `automation.errors` in the locale files. */
export type RunErrorReason =
  | 'locatorFailed'
  /** The model kept choosing the same element without the page moving on (LLM repair). */
  | 'repairLoop'
  /** The run needed more LLM repairs than a run may make. */
  | 'repairLimit'
  | 'assertFailed'
  | 'stepCap'
  | 'timeCap'
  | 'refused'
  | 'navigation'
  | 'captcha'
  | 'unknownVariable'
  | 'actionFailed'
  | 'interrupted'
  | 'internal';

export class StepFailure extends Error {
  constructor(
    readonly reason: RunErrorReason,
    message: string = reason,
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}
