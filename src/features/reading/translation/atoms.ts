import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { storageKey } from '../../../lib/storage';

export type TranslationLayout = 'sideBySide' | 'interleaved';

// No localStorage when pages are prerendered at build time: the default then.
const storage = createJSONStorage<TranslationLayout>(() => (typeof localStorage === 'undefined' ? undefined : localStorage) as Storage);

/** How the pane shows source and translation, remembered on this device. */
export const translationLayoutAtom = atomWithStorage<TranslationLayout>(storageKey('readerTranslationLayout'), 'sideBySide', storage, { getOnInit: true });
