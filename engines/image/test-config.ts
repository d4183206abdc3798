import { DEFAULT_IMAGE_CONFIG } from './defaults.js';
import type { ImageConfig } from './types.js';

type Overrides = { [K in keyof ImageConfig]?: ImageConfig[K] extends object ? Partial<ImageConfig[K]> : ImageConfig[K] };

/** A config for tests: the spec defaults (every operation off) with fields replaced one level deep. */
export function testConfig(overrides: Overrides): ImageConfig {
  const out = structuredClone(DEFAULT_IMAGE_CONFIG) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(overrides)) {
    const current = out[key];
    out[key] = current !== null && typeof current === 'object' ? { ...current, ...(value as object) } : value;
  }
  return out as unknown as ImageConfig;
}
