import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { probeImage } from '../../../lib/image-workers';
import { acceptedMime } from '../accepted-types';
import { imageItemsAtom, refusedAtom, type ImageItem } from '../atoms';
import { toImageSource } from '../image-source';

/** Made on first use: a Collator loads ICU's collation data, which the page's start does not need. */
let collator: Intl.Collator | undefined;
const byName = () => (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }));

/**
 * Adds files from the picker, a folder or a drop: non-images are refused by name, the rest join
 * the grid at once and are probed through the worker pool (size, upright dimensions, thumbnail).
 * A file the browser cannot decode (TIFF in most browsers) leaves the grid and is named too.
 */
export function useAddImages(): (files: File[]) => Promise<void> {
  const store = useStore();
  const setItems = useSetAtom(imageItemsAtom);
  const setRefused = useSetAtom(refusedAtom);
  return useCallback(
    async (files: File[]) => {
      const notImage: string[] = [];
      const added: ImageItem[] = [];
      // Hidden system files (.DS_Store and friends) come with folders; nobody meant to add them.
      for (const file of [...files].filter((f) => !f.name.startsWith('.')).sort((a, b) => byName().compare(a.name, b.name))) {
        const mime = acceptedMime(file);
        if (mime) added.push({ id: crypto.randomUUID(), file, name: file.name, mime });
        else notImage.push(file.name);
      }
      setRefused({ notImage, undecodable: [] });
      setItems((items) => [...items, ...added]);
      await Promise.all(
        added.map(async (item) => {
          try {
            const probe = await probeImage(() => toImageSource(item.file, item.mime));
            const thumbUrl = URL.createObjectURL(new Blob([probe.thumb], { type: 'image/webp' }));
            if (!store.get(imageItemsAtom).some((i) => i.id === item.id)) return URL.revokeObjectURL(thumbUrl);
            setItems((items) => items.map((i) => (i.id === item.id ? { ...i, width: probe.width, height: probe.height, thumbUrl } : i)));
          } catch {
            setItems((items) => items.filter((i) => i.id !== item.id));
            setRefused((refused) => ({ ...refused, undecodable: [...refused.undecodable, item.name] }));
          }
        }),
      );
    },
    [setItems, setRefused, store],
  );
}

/** Removes one item, or all of them, freeing their thumbnails. */
export function useRemoveImages(): { remove: (id: string) => void; removeAll: () => void } {
  const setItems = useSetAtom(imageItemsAtom);
  const setRefused = useSetAtom(refusedAtom);
  const remove = useCallback(
    (id: string) =>
      setItems((items) => {
        const gone = items.find((i) => i.id === id);
        if (gone?.thumbUrl) URL.revokeObjectURL(gone.thumbUrl);
        return items.filter((i) => i.id !== id);
      }),
    [setItems],
  );
  const removeAll = useCallback(() => {
    setItems((items) => {
      for (const item of items) if (item.thumbUrl) URL.revokeObjectURL(item.thumbUrl);
      return [];
    });
    setRefused({ notImage: [], undecodable: [] });
  }, [setItems, setRefused]);
  return { remove, removeAll };
}
