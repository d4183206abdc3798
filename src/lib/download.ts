/** Starts a browser download of a URL (same-origin attachment, or an object URL) under a name. */
export function downloadUrl(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Starts a download of one blob under a name. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, name);
  // Give the browser time to start reading the blob before it is freed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
