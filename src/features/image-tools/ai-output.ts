import { changesPixels, planOutput } from '@engines/image/output-format';
import { plannedBase, uniqueNames } from '@engines/image/rename';
import type { ImageConfig, OutputFormat } from '@engines/image/types';

const SAME_FORMAT: Record<string, OutputFormat> = { 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/png': 'png' };

/**
 * The configuration one AI-processed picture is saved with. An AI step always changes pixels, so
 * when no other operation does, the picture is re-encoded in its own format (PNG for the types a
 * canvas cannot write) instead of the original bytes being saved untouched.
 */
export function aiItemConfig(config: ImageConfig, mime: string): ImageConfig {
  if (changesPixels(config)) return config;
  return { ...config, enabled: { ...config.enabled, format: true }, format: SAME_FORMAT[mime] ?? 'png' };
}

/** Output names when the AI step runs: as plannedNames, with each picture's re-encoded extension. */
export function aiPlannedNames(items: ReadonlyArray<{ name: string; mime: string }>, config: ImageConfig): string[] {
  return uniqueNames(items.map((item, position) => ({ base: plannedBase(item.name, position, config), ext: planOutput(item.name, item.mime, aiItemConfig(config, item.mime)).ext })));
}
