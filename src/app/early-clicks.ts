/**
 * Clicks on a prerendered page before the app has hydrated it would do nothing (links still
 * work: they are plain anchors). These are kept and replayed on the same elements once the app
 * is ready; hydration keeps the prerendered elements, so they are still the ones on screen.
 */
export function keepEarlyClicks(): () => void {
  const targets: Element[] = [];
  const keep = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || event.target.closest('a[href]')) return;
    targets.push(event.target);
  };
  document.addEventListener('click', keep, true);
  return () => {
    document.removeEventListener('click', keep, true);
    for (const target of targets) if (target.isConnected && target instanceof HTMLElement) target.click();
  };
}
