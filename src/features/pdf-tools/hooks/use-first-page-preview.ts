import { useEffect, useState } from 'react';
import { forgetPdfPages, openPdfPages, pageThumbnails } from '../pdf-worker';

/**
 * The first page of a PDF drawn by pdf.js in the tools' worker, `width` pixels wide, as an object
 * URL (freed when the file changes); undefined while drawing or when it cannot be read. Only
 * page 1: a preview of a long result must not draw the whole document.
 */
export function useFirstPagePreview(file: Blob | null, width: number): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!file) return;
    const id = `preview-${crypto.randomUUID()}`;
    let live = true;
    let made: string | undefined;
    void (async () => {
      try {
        await openPdfPages(id, file);
        const [jpeg] = await pageThumbnails(id, file, [1], width);
        if (!live || !jpeg) return;
        made = URL.createObjectURL(new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
        setUrl(made);
      } catch {
        // No preview for a file pdf.js cannot read; the sizes still show.
      } finally {
        forgetPdfPages(id);
      }
    })();
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file, width]);
  return url;
}
