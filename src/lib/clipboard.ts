import { t } from './i18n';
import { notify } from './notify';

/**
 * Puts text on the clipboard. False when the browser refuses: permission denied, no Clipboard
 * API (a page not served over HTTPS), or the page not focused.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  // Absent outside secure contexts, although the DOM typings say it is always there.
  const clipboard = (navigator as Partial<Navigator>).clipboard;
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies and says how it went: "copied", or spec §8's Copy Fail (copy_fail) when the clipboard refuses. */
export async function copyWithNotice(text: string): Promise<boolean> {
  const copied = await writeClipboard(text);
  notify(copied ? 'success' : 'error', t(copied ? 'common.copy.done' : 'common.copy.fail'));
  return copied;
}
