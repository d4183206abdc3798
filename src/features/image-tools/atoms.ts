import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { DEFAULT_IMAGE_CONFIG } from '@engines/image/defaults';
import type { ImageConfig, ProcessResult } from '@engines/image/types';
import { storageKey } from '../../lib/storage';
import { CONFIG_STORAGE_KEY, normalizeConfig } from './config-storage';

// No localStorage when the page is prerendered at build time (src/prerender): the defaults then.
const jsonStorage = createJSONStorage<ImageConfig>(() => (typeof localStorage === 'undefined' ? undefined : localStorage) as Storage);

/** The image configuration, persisted locally; a stored value is normalised on read. */
export const imageConfigAtom = atomWithStorage<ImageConfig>(
  storageKey(CONFIG_STORAGE_KEY),
  DEFAULT_IMAGE_CONFIG,
  { ...jsonStorage, getItem: (key, initial) => normalizeConfig(jsonStorage.getItem(key, initial)) },
  { getOnInit: true },
);

/** One added picture. `width`/`height`/`thumbUrl` arrive once a worker has probed it. */
export interface ImageItem {
  id: string;
  file: File;
  /** Shown and used for naming; a folder's files keep their own name, not the path. */
  name: string;
  mime: string;
  width?: number;
  height?: number;
  thumbUrl?: string;
}

export const imageItemsAtom = atom<ImageItem[]>([]);

/** The image the live preview shows; falls back to the first one. */
export const selectedIdAtom = atom<string | null>(null);

export const selectedItemAtom = atom((get) => {
  const items = get(imageItemsAtom);
  const id = get(selectedIdAtom);
  return items.find((item) => item.id === id) ?? items[0] ?? null;
});

/** Files turned away, by reason, so one message can name them all. */
export interface RefusedFiles {
  notImage: string[];
  undecodable: string[];
}

export const refusedAtom = atom<RefusedFiles>({ notImage: [], undecodable: [] });

/** The running or last batch: progress with count, and how it ended. */
export interface BatchState {
  status: 'idle' | 'running' | 'done' | 'cancelled';
  done: number;
  total: number;
  failed: string[];
  /** What the size limit did to each image it ran on (quality used, scaling). */
  fits?: Array<NonNullable<ProcessResult['fit']>>;
}

export const batchAtom = atom<BatchState>({ status: 'idle', done: 0, total: 0, failed: [] });
