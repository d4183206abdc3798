import { atom } from 'jotai';

/** Whether the Ctrl+K search dialog is open, and the text it opens with. */
export const searchOpenAtom = atom(false);
export const searchInitialQueryAtom = atom('');
