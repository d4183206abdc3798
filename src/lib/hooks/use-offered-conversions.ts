import { useEffect, useMemo } from 'react';
import useSWR from 'swr';
import { apiGet } from '../api-client';

/** The feature list (GET /document/convert/feature): the converter reads the same SWR key, so both share one answer. */
export const CONVERT_FEATURES_KEY = '/document/convert/feature';

/** The part of a feature this hook reads: the keys of the cards on offer (API.md, added field `cards`). */
interface OfferedFeature {
  cards?: { key: string }[];
}

// Quiet: the menus work without the list (they then show every conversion), so a failure is no news to the visitor.
const fetchFeatures = (key: string) => apiGet<OfferedFeature[]>(key, { quiet: true, exempt: true });

/**
 * Whether a conversion card is on offer, for the static lists (PDF tools menu, mobile menu, Ctrl+K
 * search): before the feature list has loaded (or if it cannot) every card counts as offered;
 * once it has, cards staff switched off are left out. The list is fetched again each time a list
 * using it mounts or opens, so a switch shows the next time the menu or the search opens.
 */
export function useOfferedConversion(
  /** For a list that stays mounted while hidden (the search dialog): fetch again each time it turns true. */
  open = true,
): (key: string) => boolean {
  // A fetcher of its own: the header and its overlays sit outside the pages' SWRConfig (DataProvider).
  // The effect below asks once per mount or opening; SWR's own mount fetch would be a second request.
  const { data, mutate } = useSWR<OfferedFeature[]>(CONVERT_FEATURES_KEY, fetchFeatures, { revalidateOnMount: false });
  useEffect(() => {
    if (open) void mutate();
  }, [open, mutate]);
  return useMemo(() => {
    if (!data || data.some((f) => !f.cards)) return () => true;
    const offered = new Set(data.flatMap((f) => (f.cards ?? []).map((c) => c.key)));
    return (key: string) => offered.has(key);
  }, [data]);
}
