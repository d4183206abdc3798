import { useEffect, useMemo, useState } from 'react';
import { forgetPdfPages, pageThumbnails } from './pdf-worker';

export interface PagePreview {
  url?: string;
  /** The page as shown (after its /Rotate): width over height. */
  aspect?: number;
}

/** One page of the PDF drawn by pdf.js in the tools' worker, `width` pixels wide, redrawn when the page changes. */
export function usePagePreview(file: File | null, page: number, width: number): PagePreview {
  // One id per file: pageThumbnails opens it in the worker on first use and keeps it for the next page.
  const id = useMemo(() => (file ? `sign-${crypto.randomUUID()}` : ''), [file]);
  const [preview, setPreview] = useState<PagePreview>({});
  useEffect(() => () => (id ? forgetPdfPages(id) : undefined), [id]);
  useEffect(() => {
    setPreview({});
    if (!file) return;
    let live = true;
    let made: string | undefined;
    void (async () => {
      try {
        const [jpeg] = await pageThumbnails(id, file, [page], width);
        if (!live || !jpeg) return;
        made = URL.createObjectURL(new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
        const bitmap = await createImageBitmap(new Blob([jpeg as Uint8Array<ArrayBuffer>]));
        const aspect = bitmap.width / bitmap.height;
        bitmap.close();
        if (live) setPreview({ url: made, aspect });
      } catch {
        // The thumbnails show the file's error; the preview stays empty.
      }
    })();
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file, page, width, id]);
  return preview;
}
