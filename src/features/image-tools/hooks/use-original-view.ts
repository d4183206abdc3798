import { useEffect, useState } from 'react';
import { DEFAULT_IMAGE_CONFIG } from '@engines/image/defaults';
import type { ImageConfig } from '@engines/image/types';
import { previewImage } from '../../../lib/image-workers';
import type { ImageItem } from '../atoms';
import { toImageSource } from '../image-source';

/** Types every browser shows as they are: the original's own bytes are the "before". */
const SHOWN_AS_IS = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'image/avif', 'image/svg+xml']);

/** No operation on, written as lossless PNG: the picture as decoded, for types a browser cannot show (HEIC, TIFF, JPEG XL). */
const AS_DECODED: ImageConfig = { ...DEFAULT_IMAGE_CONFIG, enabled: { ...DEFAULT_IMAGE_CONFIG.enabled, format: true }, format: 'png' };

export interface OriginalView {
  url: string;
  /** The upright size the picture is decoded at (what the tools work on). */
  width: number;
  height: number;
}

/** The selected picture before any setting, at full size, as something an `<img>` can show. */
export function useOriginalView(item: ImageItem, maxSide: number): { view: OriginalView | null; failed: boolean } {
  const [view, setView] = useState<OriginalView | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    const shown = (next: OriginalView) => {
      if (live) setView(next);
      else URL.revokeObjectURL(next.url);
    };
    if (SHOWN_AS_IS.has(item.mime)) {
      url = URL.createObjectURL(item.file);
      shown({ url, width: item.width ?? 0, height: item.height ?? 0 });
    } else {
      previewImage(item.id, item.name, AS_DECODED, maxSide, () => toImageSource(item.file, item.mime))
        .then((result) => {
          url = URL.createObjectURL(new Blob([result.bytes], { type: result.mime }));
          shown({ url, width: result.width, height: result.height });
        })
        .catch(() => live && setFailed(true));
    }
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [item, maxSide]);
  return { view, failed };
}
