import { useEffect, useState } from 'react';
import { pageThumbnails } from './pdf-worker';

/** Wide enough to stay sharp in a half-page column on a high-density screen. */
const IMAGE_WIDTH = 900;

/** One page drawn by pdf.js in the worker, as an object URL freed when the page or file changes. */
export function usePageImage(id: string, file: File, page: number): string | undefined {
  const [url, setUrl] = useState<{ key: string; url: string }>();
  const key = `${id}:${page}`;
  useEffect(() => {
    let live = true;
    let made: string | undefined;
    pageThumbnails(id, file, [page], IMAGE_WIDTH).then(
      ([jpeg]) => {
        if (!live || !jpeg) return;
        made = URL.createObjectURL(new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
        setUrl({ key, url: made });
      },
      // No picture (the worker was stopped by a cancel): the page keeps its blank frame and its marks.
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, file, page, key]);
  return url?.key === key ? url.url : undefined;
}
