import type { Bundle } from './api';

/** The pricing page's two lists: one-off packs (the trial among them) and memberships that renew. */
export type PricingKind = 'pack' | 'membership';

/** The list to show: `?kind=` when valid, else the kind of the highlighted bundle, else packs. */
export function pricingKind(param: string | null, highlighted: Bundle | undefined): PricingKind {
  if (param === 'pack' || param === 'membership') return param;
  return highlighted?.kind === 'membership' ? 'membership' : 'pack';
}

/** The bundles of one kind, in staff's order; a bundle without `kind` is a pack. */
export function bundlesOfKind(bundles: readonly Bundle[], kind: PricingKind): Bundle[] {
  return bundles.filter((b) => (b.kind ?? 'pack') === kind);
}
