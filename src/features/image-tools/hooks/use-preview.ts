import { useEffect, useRef, useState } from 'react';
import { previewImage } from '../../../lib/image-workers';
import type { ImageConfig, ProcessResult } from '@engines/image/types';
import type { ImageItem } from '../atoms';
import { toImageSource } from '../image-source';

/** Wait this long after the last settings change before rendering (typing a width fires per key). */
const DEBOUNCE_MS = 120;

export interface PreviewState {
  url: string;
  width: number;
  height: number;
  mime: string;
  /** Encoded size, known exactly only when the preview is rendered at full size (else null). */
  bytes: number | null;
  /** The size limit's outcome, when it ran (full-size previews only). */
  fit?: ProcessResult['fit'];
  exifKept?: boolean;
}

/**
 * The selected image rendered live with the current settings, in the preview worker (the page's
 * preview panel owns that worker and closes it when it goes).
 */
export function usePreview(item: ImageItem | null, config: ImageConfig, maxSide: number) {
  const [preview, setPreview] = useState<PreviewState | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    const ticket = ++request.current;
    if (!item) {
      setPreview(null);
      return;
    }
    setBusy(true);
    const timer = setTimeout(() => {
      previewImage(item.id, item.name, config, maxSide, () => toImageSource(item.file, item.mime))
        .then((result) => {
          if (ticket !== request.current) return;
          // A JPEG XL preview comes as a WebP stand-in (browsers do not show JPEG XL) with the real size.
          const url = URL.createObjectURL(new Blob([result.bytes], { type: result.displayMime ?? result.mime }));
          const bytes = result.exact ? (result.size ?? result.bytes.byteLength) : null;
          setPreview({ url, width: result.width, height: result.height, mime: result.mime, bytes, fit: result.fit, exifKept: result.exifKept });
          setFailed(false);
        })
        .catch(() => ticket === request.current && setFailed(true))
        .finally(() => ticket === request.current && setBusy(false));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [item, config, maxSide]);

  // Free the previous preview's blob once a new one shows.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );
  return { preview, failed, busy };
}
