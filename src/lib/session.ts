import { atom } from 'jotai';
import type { UserInfo } from '@contracts/user';
import { STORAGE_KEYS } from './constants';
import { readJson, readStorage, storageKey, writeStorage } from './storage';
import { appStore } from './store';

const userInfoBaseAtom = atom<UserInfo | null>(readJson<UserInfo>(STORAGE_KEYS.userInfo));

/** The signed-in user, mirrored to localStorage under 'userInfo'; null when signed out. */
export const userInfoAtom = atom(
  (get) => get(userInfoBaseAtom),
  (_get, set, next: UserInfo | null) => {
    set(userInfoBaseAtom, next);
    writeStorage(STORAGE_KEYS.userInfo, next === null ? null : JSON.stringify(next));
  },
);

export function getUserInfo(): UserInfo | null {
  return appStore.get(userInfoAtom);
}

export function setUserInfo(user: UserInfo | null): void {
  appStore.set(userInfoAtom, user);
}

export function clearSession(): void {
  setUserInfo(null);
}

export function getLogId(): string | null {
  return readStorage(STORAGE_KEYS.logId);
}

export function setLogId(logId: string): void {
  writeStorage(STORAGE_KEYS.logId, logId);
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey(STORAGE_KEYS.userInfo)) appStore.set(userInfoBaseAtom, readJson<UserInfo>(STORAGE_KEYS.userInfo));
  });
}
