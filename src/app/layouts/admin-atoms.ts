import { atomWithStorage } from 'jotai/utils';

/** Spec §4: the side drawer is open by default and the user's choice is remembered. */
export const adminDrawerOpenAtom = atomWithStorage('adminDrawerOpen', true);
