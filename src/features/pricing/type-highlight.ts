import { bundleIncludes } from '@contracts/quota-values';
import type { Bundle } from './api';

/**
 * The bundle the pricing page highlights for a conversion type (`/pricing?convertType=`, where a
 * 1001 answer leads): the cheapest bundle on sale that includes the type, the first in staff's
 * order on a tie. The trial and free bundles cannot be bought, so they are never the answer.
 */
export function bundleForType(bundles: readonly Bundle[], convertType: string | null | undefined): string | undefined {
  if (!convertType) return undefined;
  const buyable = bundles.filter((b) => !b.trial && b.price > 0 && bundleIncludes(b, convertType));
  return buyable.reduce<Bundle | undefined>((best, b) => (!best || b.price < best.price ? b : best), undefined)?.id;
}
