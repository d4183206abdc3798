import { useCallback, useEffect, useRef, useState } from 'react';
import { moveItem } from '../file-accept';
import { forgetPdfPages, openPdfPages, pageThumbnails, PdfToolError } from '../pdf-worker';

/** One chosen file: its page count and first-page thumbnail once the worker has read it, or why it could not. */
export interface ListedFile {
  id: string;
  file: File;
  pages?: number;
  /** An object URL: the first page (PDF) or the picture itself. */
  thumb?: string;
  /** An i18n reason (`encrypted`, `unreadable`…) when the file cannot be used. */
  error?: string;
}

const THUMB_WIDTH = 120;
let nextId = 0;
const newId = () => `f${Date.now().toString(36)}-${(nextId += 1)}`;

/**
 * The ordered files of a tool that takes many (merge, images to PDF). PDFs are read in the
 * worker for their page count and first page; pictures show themselves.
 */
export function useFileList(kind: 'pdf' | 'image') {
  const [items, setItems] = useState<ListedFile[]>([]);
  const urls = useRef(new Map<string, string>());
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const [id, url] of owned) {
        URL.revokeObjectURL(url);
        if (kind === 'pdf') forgetPdfPages(id);
      }
      owned.clear();
    };
  }, [kind]);

  const patch = useCallback((id: string, change: Partial<ListedFile>) => setItems((list) => list.map((it) => (it.id === id ? { ...it, ...change } : it))), []);

  const readPdf = useCallback(
    async (id: string, file: File) => {
      try {
        const pages = await openPdfPages(id, file);
        patch(id, { pages });
        const [jpeg] = await pageThumbnails(id, file, [1], THUMB_WIDTH);
        if (!jpeg || !urls.current.has(id)) return;
        const url = URL.createObjectURL(new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
        URL.revokeObjectURL(urls.current.get(id) ?? '');
        urls.current.set(id, url);
        patch(id, { thumb: url });
      } catch (error) {
        // A thumbnail that fails (the worker was stopped by a cancel) leaves the row as it was.
        if (error instanceof PdfToolError) patch(id, { error: error.failure.reason });
      }
    },
    [patch],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({ id: newId(), file }));
      for (const item of added) urls.current.set(item.id, '');
      setItems((list) => [
        ...list,
        ...added.map((item) => {
          if (kind === 'pdf') return item;
          const thumb = URL.createObjectURL(item.file);
          urls.current.set(item.id, thumb);
          return { ...item, thumb };
        }),
      ]);
      if (kind === 'pdf') for (const item of added) void readPdf(item.id, item.file);
    },
    [kind, readPdf],
  );

  const remove = useCallback((id: string) => {
    const url = urls.current.get(id);
    if (url) URL.revokeObjectURL(url);
    urls.current.delete(id);
    if (kind === 'pdf') forgetPdfPages(id);
    setItems((list) => list.filter((it) => it.id !== id));
  }, [kind]);

  const move = useCallback((from: number, to: number) => setItems((list) => moveItem(list, from, to)), []);

  return { items, add, remove, move };
}
