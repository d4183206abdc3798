import { planOutput } from '../../../workers/image/ops/output-format';
import { plannedBase, uniqueNames } from '../../../workers/image/ops/rename';
import type { ImageConfig } from '../../../workers/image/types';

/** The output name of every item, in list order: renamed, with the right extension, unique. */
export function plannedNames(items: ReadonlyArray<{ name: string; mime: string }>, config: ImageConfig): string[] {
  return uniqueNames(items.map((item, position) => ({ base: plannedBase(item.name, position, config), ext: planOutput(item.name, item.mime, config).ext })));
}
