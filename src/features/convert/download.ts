import { downloadBlob, downloadUrl } from '../../lib/download';
import type { ConvertTask } from './atoms';


/** A server result can be fetched until its validity period ends (three hours after upload). */
export function isExpired(task: ConvertTask, now = Date.now()): boolean {
  const until = task.result?.validUntil;
  return until !== undefined && Date.parse(until) <= now;
}

/** Saves one result: a device result from memory, a server result from its attachment URL. */
export function downloadTask(task: ConvertTask): void {
  const result = task.result;
  if (!result) return;
  if (result.blob) downloadBlob(result.blob, result.name);
  else if (result.url) downloadUrl(result.url, result.name);
}

/** `a.json`, `a.json` → `a.json`, `a (2).json`: a zip cannot hold two entries with one name. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
  });
}

// Office files and PDFs are compressed already; deflating them again costs time for nothing.
const TEXT_RESULT = /\.(json|md|markdown|txt|html?|xml|csv)$/i;

/**
 * Every finished result in one zip. JSZip is loaded on the first click only, and builds the
 * archive in chunks (`generateAsync`), so the page stays responsive.
 */
export async function downloadZip(tasks: readonly ConvertTask[], zipName: string): Promise<void> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  const ready = tasks.filter((t) => t.status === 'success' && t.result && !isExpired(t));
  const names = uniqueNames(ready.map((t) => t.result!.name));
  await Promise.all(
    ready.map(async (task, i) => {
      const { blob, url } = task.result!;
      const data: Blob = blob ?? (await fetch(url ?? '', { credentials: 'include' }).then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`HTTP ${r.status}`)))));
      zip.file(names[i]!, data, { compression: TEXT_RESULT.test(names[i]!) ? 'DEFLATE' : 'STORE' });
    }),
  );
  downloadBlob(await zip.generateAsync({ type: 'blob', mimeType: 'application/zip' }), zipName);
}
