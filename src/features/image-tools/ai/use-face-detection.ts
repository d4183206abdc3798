import { useEffect, useState } from 'react';
import type { FaceBox } from '@engines/image/ai-types';
import { detectFaces } from '../../../lib/ai-image-workers';
import type { ImageItem } from '../atoms';
import { toImageSource } from '../image-source';

export type FaceDetection =
  | { status: 'detecting' }
  | { status: 'failed' }
  | { status: 'done'; width: number; height: number; faces: FaceBox[] };

/** Faces in the selected picture, for the preview (free: credits are spent only when saving). */
export function useFaceDetection(item: ImageItem): FaceDetection {
  const [state, setState] = useState<{ id: string; detection: FaceDetection } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    toImageSource(item.file, item.mime)
      .then((source) => detectFaces(source, abort.signal))
      .then(
        (found) => !abort.signal.aborted && setState({ id: item.id, detection: { status: 'done', ...found } }),
        () => !abort.signal.aborted && setState({ id: item.id, detection: { status: 'failed' } }),
      );
    return () => abort.abort();
  }, [item]);
  return state?.id === item.id ? state.detection : { status: 'detecting' };
}
