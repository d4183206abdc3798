import { atomWithStorage } from 'jotai/utils';
import { storageKey } from '../../lib/storage';

/** Spec §4: the side drawer is open by default and the user's choice is remembered. */
export const adminDrawerOpenAtom = atomWithStorage(storageKey('adminDrawerOpen'), true);
