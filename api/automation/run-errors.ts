/** Why a step or a run failed: keys under `automation.errors` in the locale files. */
export type RunErrorReason =
  | 'locatorFailed'
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
