/**
 * A small in-process cache for reads that every visitor makes and that change only when an admin
 * publishes (the bundle list, the conversion catalogue): answering them from memory takes the
 * database off the hot path. `invalidate()` is for the writer in this process; the TTL bounds how
 * long another instance behind the same database can show the old value.
 */
export interface ReadCache<K, V> {
  get(key: K): Promise<V>;
  invalidate(): void;
}

/** How long an instance may show a catalogue (bundles, conversions) that another instance changed. */
export const CATALOGUE_TTL_MS = 5000;

export function createReadCache<K, V>(ttlMs: number, load: (key: K) => Promise<V>, now: () => number = Date.now): ReadCache<K, V> {
  const entries = new Map<K, { value: Promise<V>; expires: number }>();
  let generation = 0;
  return {
    get(key) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const started = generation;
      const value = load(key);
      entries.set(key, { value, expires: now() + ttlMs });
      // A failed load is not remembered, and neither is one that an invalidation overtook.
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(() => {
        if (started !== generation) forget();
      }, forget);
      return value;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
