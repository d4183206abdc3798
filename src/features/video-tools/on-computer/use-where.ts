import { useEffect, useState } from 'react';
import { useLocalHelperStatus } from '../../../lib/local-helper-client';
import { overBrowserLimit } from './browser-limit';
import { recallHelperJob, type HelperPanel } from './helper-job-memory';

export type Where = 'browser' | 'computer';

/**
 * Where a panel runs its operations: in the browser, or on this computer through the paired
 * helper. Chosen automatically ("on this computer") when a picked input is over the browser's
 * limits and the helper is paired, or when the panel's job on the helper is still running from
 * before a reload; the user may switch while both are possible.
 */
export function useWhere(panel: HelperPanel, pickedSizes: readonly number[]) {
  const helper = useLocalHelperStatus();
  const paired = helper.state === 'paired';
  const tooLarge = overBrowserLimit(pickedSizes);
  // A job on the helper still running from before a reload: back on this computer, to follow it.
  const [chosen, setChosen] = useState<Where>(() => (recallHelperJob(panel) ? 'computer' : 'browser'));
  const key = pickedSizes.join(',');
  useEffect(() => {
    if (tooLarge && paired) setChosen('computer');
  }, [key, tooLarge, paired]);
  const where: Where = paired ? chosen : 'browser';
  return { where, setWhere: setChosen, paired, tooLarge, basePath: helper.config?.basePath ?? null };
}
