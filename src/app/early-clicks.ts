/**
 * Clicks on a prerendered page before the app has hydrated it would do nothing (links still
 * work: they are plain anchors). These are kept and replayed on the same elements once the app
 * is ready; hydration keeps the prerendered elements, so they are still the ones on screen.
 * A click already answered before the app (early-taps.ts marks it with preventDefault) is not
 * replayed: early-taps.ts hands its state over instead.
 */
export function keepEarlyClicks(): () => void {
  const targets: HTMLElement[] = [];
  const keep = (event: MouseEvent) => {
    if (event.defaultPrevented || !(event.target instanceof Element) || event.target.closest('a[href]')) return;
    // A tap on an icon lands on the SVG's <path>, which has no click() to replay: the HTML
    // element around it (the button) gets it.
    const target = event.target.closest<HTMLElement>(':not(svg, svg *)');
    if (target) targets.push(target);
  };
  document.addEventListener('click', keep, true);
  return () => {
    document.removeEventListener('click', keep, true);
    for (const target of targets) if (target.isConnected) target.click();
  };
}

/**
 * A file dropped on a prerendered page before the app has started would be opened by the browser,
 * taking the visitor away from the page: it is held instead and dropped again, on the same
 * element, once the app is ready (the image tools' drop zone is in the prerendered page).
 */
export function keepEarlyDrops(): () => void {
  const drops: Array<{ target: Element; files: File[] }> = [];
  const allow = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };
  const keep = (event: DragEvent) => {
    if (!(event.target instanceof Element) || !event.dataTransfer?.files.length) return;
    event.preventDefault();
    drops.push({ target: event.target, files: Array.from(event.dataTransfer.files) });
  };
  document.addEventListener('dragover', allow, true);
  document.addEventListener('drop', keep, true);
  return () => {
    document.removeEventListener('dragover', allow, true);
    document.removeEventListener('drop', keep, true);
    for (const { target, files } of drops) {
      if (!target.isConnected) continue;
      const data = new DataTransfer();
      for (const file of files) data.items.add(file);
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  };
}
