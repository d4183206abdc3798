/**
 * The signature kept on this device only (localStorage), never sent anywhere: the page offers
 * it again next time, and "Forget" removes it.
 */
const KEY = 'docuflow:pdf-sign:signature';

export interface SavedSignature {
  /** A PNG data URL. */
  image: string;
  /** The typed name, when it was typed: its initials are offered. */
  name?: string;
}

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function loadSignature(): SavedSignature | undefined {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(KEY) ?? 'null');
    if (!value || typeof value !== 'object') return undefined;
    const { image, name } = value as Record<string, unknown>;
    if (typeof image !== 'string' || !image.startsWith('data:image/png;base64,')) return undefined;
    return { image, ...(typeof name === 'string' ? { name } : {}) };
  } catch {
    return undefined;
  }
}

/** False when the browser refuses (private mode, storage full): the signature still works for this visit. */
export function saveSignature(signature: SavedSignature): boolean {
  try {
    storage()?.setItem(KEY, JSON.stringify(signature));
    return true;
  } catch {
    return false;
  }
}

export function forgetSignature(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing stored to forget.
  }
}
