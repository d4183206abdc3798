import type { AiImageSettings } from '@engines/image/ai-types';
import type { Box } from '@engines/image/crop-box';
import type { ImageSource } from '@engines/image/types';
import { cropPortrait, enhanceImage } from '../../../lib/ai-image-workers';
import { spendToolUse, type ToolUse } from '../../../lib/tool-use';
import type { ImageItem } from '../atoms';
import { toImageSource } from '../image-source';

/** One AI-processed picture, ready for the image pool, and the credit it used. */
export interface AiStepResult {
  source: ImageSource;
  use: ToolUse;
}

/** The AI workers take one picture at a time (a model's memory is the limit, not the cores). */
let queue: Promise<unknown> = Promise.resolve();

function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function subject(settings: AiImageSettings, name: string): string {
  const what = settings.op === 'clarity' ? `clarity ${settings.clarity}` : `portrait ${settings.preset}`;
  return `${what}: ${name}`;
}

/**
 * Spends one AI credit for `item`, then runs its AI operation in the AI worker. The credit is given
 * back when the operation fails or is cancelled; after success the caller owns `use` and must
 * refund it if the rest of the pipeline fails. A quota refusal rejects with the ApiError.
 */
export function runAiStep(item: ImageItem, settings: AiImageSettings, face: Box | null, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<AiStepResult> {
  return serial(async () => {
    if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
    const use = await spendToolUse('ai-image', subject(settings, item.name));
    try {
      if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
      const source = await toImageSource(item.file, item.mime);
      const bitmap =
        settings.op === 'clarity'
          ? await enhanceImage(source, settings.clarity, { signal, onProgress })
          : (await cropPortrait(source, settings.preset, face, signal)).bitmap;
      onProgress(1);
      return { source: { kind: 'bitmap', bitmap, mime: item.mime }, use };
    } catch (error) {
      await use.refund();
      throw error;
    }
  });
}
