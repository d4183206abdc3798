import { useEffect, useState } from 'react';
import type { VideoInfo } from '@engines/video/types';
import { probeVideo } from '../../../lib/video-worker';
import { errorKey, toFailure, type JobFailure } from './job-error';

/** A picked video, read by ffprobe in the worker (headers only), with an object URL for the preview. */
export interface PickedVideo {
  file: File;
  url: string;
  info: VideoInfo;
}

export type PickState = { status: 'empty' } | { status: 'reading'; name: string } | { status: 'ready'; video: PickedVideo } | { status: 'failed'; failure: JobFailure };

export function useVideoFile(file: File | null): PickState {
  const [state, setState] = useState<PickState>({ status: 'empty' });
  useEffect(() => {
    if (!file) {
      setState({ status: 'empty' });
      return;
    }
    const abort = new AbortController();
    const url = URL.createObjectURL(file);
    setState({ status: 'reading', name: file.name });
    // Not cancelled through the signal: that would terminate the worker for a short header read.
    probeVideo(file).then(
      (info) => {
        if (abort.signal.aborted) return;
        if (!info.video) setState({ status: 'failed', failure: { kind: 'message', key: errorKey('no-video') } });
        else setState({ status: 'ready', video: { file, url, info } });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'failed', failure: toFailure(error) });
      },
    );
    return () => {
      abort.abort();
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return state;
}
