import { readJson, writeStorage } from '../../../lib/storage';
import { getUserInfo } from '../../../lib/session';

/** The panels that send jobs to the helper; each follows at most one job at a time. */
export type HelperPanel = 'cropping' | 'merge';

/** A job the page started on the helper, kept so a reload follows it to its end (and refunds it if it fails). */
export interface RememberedHelperJob {
  jobId: string;
  /** The `video-tools` use spent for it, given back if the job fails or is cancelled. */
  useId: string;
  /** Who started it: another account signed in on this device does not take it over. */
  owner: string;
}

const key = (panel: HelperPanel) => `videoTools.helperJob.${panel}`;
const currentOwner = () => getUserInfo()?.userId ?? '';

export function rememberHelperJob(panel: HelperPanel, job: { jobId: string; useId: string }): void {
  writeStorage(key(panel), JSON.stringify({ ...job, owner: currentOwner() } satisfies RememberedHelperJob));
}

/** The panel's unfinished job, when the signed-in user started it. */
export function recallHelperJob(panel: HelperPanel): RememberedHelperJob | null {
  const job = readJson<Partial<RememberedHelperJob>>(key(panel));
  if (!job || typeof job.jobId !== 'string' || typeof job.useId !== 'string' || job.owner !== currentOwner()) return null;
  return { jobId: job.jobId, useId: job.useId, owner: job.owner };
}

export function forgetHelperJob(panel: HelperPanel): void {
  writeStorage(key(panel), null);
}
