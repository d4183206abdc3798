import { atom } from 'jotai';

/** Profile menu entries, each opening the profile modal at a section (spec §2). */
export const PROFILE_SECTIONS = ['account', 'products', 'orders', 'usage', 'feedback'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** The open profile modal section; null when the modal is closed. */
export const profileSectionAtom = atom<ProfileSection | null>(null);
