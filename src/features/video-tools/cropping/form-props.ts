import { copyExtension } from '@engines/video/encode';
import type { PickedVideo } from '../common/use-video-file';
import type { Operation } from '../common/use-video-job';

/** What every operation form of the cropping panel gets. */
export interface OperationFormProps {
  video: PickedVideo;
  /** The preview's current time, for "set from preview". */
  currentTime: () => number;
  /** Draws the span on the timeline (trim). */
  onSpan?: (span: { start: number; end: number } | null) => void;
  run: (op: Operation) => void;
  busy: boolean;
}

/** The name the input is mounted under in the worker, keeping its container's extension. */
export function inputName(video: PickedVideo): string {
  return `0.${copyExtension(video.file.name)}`;
}

/** The user's file name without its extension, for naming results. */
export function baseName(video: PickedVideo): string {
  return video.file.name.replace(/\.[^.]+$/, '').replace(/[^\w\u4e00-\u9fff-]+/g, '_').slice(0, 60) || 'video';
}
