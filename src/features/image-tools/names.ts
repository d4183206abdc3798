import { planOutput } from '@engines/image/output-format';
import { plannedBase, uniqueNames } from '@engines/image/rename';
import type { ImageConfig } from '@engines/image/types';

/** The output name of every item, in list order: renamed, with the right extension, unique. */
export function plannedNames(items: ReadonlyArray<{ name: string; mime: string }>, config: ImageConfig): string[] {
  return uniqueNames(items.map((item, position) => ({ base: plannedBase(item.name, position, config), ext: planOutput(item.name, item.mime, config).ext })));
}
