import { useEffect, useState } from 'react';
import { useLocalHelperStatus } from '../../../lib/local-helper-client';
import { overBrowserLimit } from './browser-limit';

export type Where = 'browser' | 'computer';

/**
 * Where a panel runs its operations: in the browser, or on this computer through the paired
 * helper. Chosen automatically ("on this computer") when a picked input is over the browser's
 * limits and the helper is paired; the user may switch while both are possible.
 */
export function useWhere(pickedSizes: readonly number[]) {
  const helper = useLocalHelperStatus();
  const paired = helper.state === 'paired';
  const tooLarge = overBrowserLimit(pickedSizes);
  const [chosen, setChosen] = useState<Where>('browser');
  const key = pickedSizes.join(',');
  useEffect(() => {
    if (tooLarge && paired) setChosen('computer');
  }, [key, tooLarge, paired]);
  const where: Where = paired ? chosen : 'browser';
  return { where, setWhere: setChosen, paired, tooLarge, basePath: helper.config?.basePath ?? null };
}
