import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { AI_IMAGE_OPS, CLARITY_MODES, DEFAULT_AI_IMAGE_SETTINGS, PORTRAIT_PRESETS, type AiImageSettings } from '@engines/image/ai-types';
import type { Box } from '@engines/image/crop-box';
import { storageKey } from '../../lib/storage';

// No localStorage when the page is prerendered at build time: the defaults then.
const jsonStorage = createJSONStorage<AiImageSettings>(() => (typeof localStorage === 'undefined' ? undefined : localStorage) as Storage);

function pick<T>(list: readonly T[], value: unknown, fallback: T): T {
  return list.includes(value as T) ? (value as T) : fallback;
}

/** A stored value made safe: unknown or stale choices fall back to the defaults. */
export function normalizeAiSettings(stored: unknown): AiImageSettings {
  const s = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const d = DEFAULT_AI_IMAGE_SETTINGS;
  return { op: pick(AI_IMAGE_OPS, s.op, d.op), clarity: pick(CLARITY_MODES, s.clarity, d.clarity), preset: pick(PORTRAIT_PRESETS, s.preset, d.preset) };
}

/** The AI step's settings, persisted locally beside the image configuration. */
export const aiSettingsAtom = atomWithStorage<AiImageSettings>(
  storageKey('imageTools.ai'),
  DEFAULT_AI_IMAGE_SETTINGS,
  { ...jsonStorage, getItem: (key, initial) => normalizeAiSettings(jsonStorage.getItem(key, initial)) },
  { getOnInit: true },
);

/** Face boxes the user adjusted on the preview, by image id, in that image's upright pixels. */
export const faceOverridesAtom = atom<Record<string, Box>>({});

/** A quota refusal (1001, 1004) or other error code met while spending AI credits; null when none. */
export const aiNoticeAtom = atom<number | null>(null);

/** The picture the AI step is working on, for the progress line. */
export const aiProgressAtom = atom<{ name: string; fraction: number } | null>(null);
