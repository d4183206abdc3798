import { useMemo, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { pageData } from '../page-data';
import { createSwrConfig } from '../swr-config';

const config = createSwrConfig();

/**
 * SWR with the spec's defaults. Not at the app root: swr would then weigh on the home page's
 * first paint, so the lazily loaded areas that fetch (pages under the main layout, the admin
 * area, the profile modal) each sit inside one.
 */
export function DataProvider({ children }: { children: ReactNode }) {
  // What the server rendered the page with (src/lib/page-data.ts): the first render shows it too.
  const value = useMemo(() => ({ ...config, fallback: pageData() }), []);
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
