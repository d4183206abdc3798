import { copyExtension } from '@engines/video/encode';
import { concatList, copyBlocker, mergeCopyPlan, mergeEncodePlan, type CopyBlocker, type MergeTarget } from '@engines/video/merge';
import type { VideoInfo } from '@engines/video/types';
import type { Operation } from '../common/use-video-job';

export interface Clip {
  id: string;
  file: File;
  info: VideoInfo;
}

/**
 * The merge as one worker job: clips mounted as `/in/<i>.<ext>`, joined by copy through the
 * concat demuxer when every stream matches (the list file goes to `/out`), re-encoded otherwise to
 * `target` (the first clip's size and frame rate when not given).
 */
export function mergeOperation(clips: readonly Clip[], random: boolean, target?: MergeTarget): Operation & { copy: boolean; blocker: CopyBlocker } {
  const inputs = clips.map((c, i) => ({ name: `${i}.${copyExtension(c.file.name)}`, file: c.file }));
  const blocker = copyBlocker(clips.map((c) => ({ info: c.info, ext: copyExtension(c.file.name) })));
  const copy = blocker === null;
  const total = clips.reduce((s, c) => s + c.info.duration, 0);
  const ext = copy ? copyExtension(clips[0]!.file.name) : 'mp4';
  const output = `merged.${ext}`;
  const plan = copy ? mergeCopyPlan('/out/list.txt', total, output) : mergeEncodePlan(inputs.map((input, i) => ({ path: `/in/${input.name}`, info: clips[i]!.info })), output, target);
  return {
    copy,
    blocker,
    subject: `merge ${random ? 'random ' : ''}${clips.length} clips: ${clips.map((c) => c.file.name).join(', ')}`,
    jobs: [{ inputs, texts: copy ? [{ name: 'list.txt', text: concatList(inputs.map((i) => `/in/${i.name}`)) }] : [], plan }],
    sizes: { inputBytes: clips.map((c) => c.file.size), inputSeconds: total, outputSeconds: total },
    mime: clips[0]!.file.type || 'video/mp4',
  };
}
