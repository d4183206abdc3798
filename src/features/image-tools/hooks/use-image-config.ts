import { useAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useCallback } from 'react';
import type { EnabledOps, ImageConfig } from '@engines/image/types';
import { imageConfigAtom } from '../atoms';

type Section = 'border' | 'rename' | 'crop' | 'watermark';

/** The persisted config and small setters the settings forms share. */
export function useImageConfig() {
  const [config, setConfig] = useAtom(imageConfigAtom);
  const patch = useCallback(
    <K extends Section>(section: K, value: Partial<ImageConfig[K]>) => setConfig((c) => ({ ...c, [section]: { ...c[section], ...value } })),
    [setConfig],
  );
  const set = useCallback(<K extends keyof ImageConfig>(key: K, value: ImageConfig[K]) => setConfig((c) => ({ ...c, [key]: value })), [setConfig]);
  const toggle = useCallback((op: keyof EnabledOps, on: boolean) => setConfig((c) => ({ ...c, enabled: { ...c.enabled, [op]: on } })), [setConfig]);
  const reset = useCallback(() => setConfig(RESET), [setConfig]);
  return { config, patch, set, toggle, reset };
}
