import type { Feature } from '@contracts/convert-catalogue';
import type { Limit } from '@contracts/quota';

/** SWR keys (API paths, fetched by the app's default fetcher). */
export const FEATURES_KEY = '/document/convert/feature';
export const LIMIT_KEY = '/config/limit';
/** What the live packages that include one conversion type allow (gating by package). */
export const limitKey = (convertType: string) => `${LIMIT_KEY}?convertType=${encodeURIComponent(convertType)}`;
/** Every limit key, for refreshing them all after a conversion spent or refunded a unit. */
export const isLimitKey = (key: unknown) => typeof key === 'string' && (key === LIMIT_KEY || key.startsWith(`${LIMIT_KEY}?`));

export type { Feature, Limit };
