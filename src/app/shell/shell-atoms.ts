import { atom } from 'jotai';

/** Unread notifications shown on the mobile menu badge; spec §2: it starts at 2. */
export const unreadNotificationsAtom = atom(2);

export const mobileMenuOpenAtom = atom(false);
