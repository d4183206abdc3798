import type { Bundle } from './api';

/**
 * The paid bundle with the lowest price per conversion: a claim the data backs, unlike
 * "most popular", which we have no numbers for. Only marked when there is a choice to make.
 */
export function bestValueId(bundles: readonly Bundle[]): string | undefined {
  const scored = bundles
    .filter((b) => !b.trial && b.price > 0)
    .map((b) => {
      const count = b.quotas.filter((q) => q.quotaType === 'TYPE_API').reduce((sum, q) => sum + q.quota, 0);
      return { id: b.id, perUnit: count > 0 ? b.price / count : Number.POSITIVE_INFINITY };
    })
    .filter((s) => Number.isFinite(s.perUnit));
  if (scored.length < 2) return undefined;
  return scored.reduce((best, s) => (s.perUnit < best.perUnit ? s : best)).id;
}
