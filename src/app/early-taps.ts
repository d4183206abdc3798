import { leavesPage } from './hydration-trigger';

/**
 * The first tap on a prerendered page, answered before the app has started (it takes the app
 * about two seconds of a phone's main thread to start: docs/performance.md). Plain JavaScript in
 * the page's small entry, for the controls a visitor taps first:
 *
 * - `data-early-menu` (the header's menu button): opens the menu the build rendered into
 *   `<template id="early-menu">` (src/prerender/early-menu.tsx); its links are plain anchors;
 * - `data-early-opens="<id>"` (the image tools' "Add images"): clicks the element with that id,
 *   the prerendered file input, so the file chooser opens within the tap. Files picked before
 *   the app has started are kept;
 * - a link to another page: the browser follows it (it is a plain anchor), and a thin bar at the
 *   top, as the app shows while a page loads, says so at once (the next page can take a moment).
 *
 * Once the app has started, `handOver()` passes the state on: the app's own menu is opened (and
 * the early one removed once the app's is on screen), kept files are given to the input again.
 * Clicks answered here stop at the window, so the replay of early clicks (early-clicks.ts) never
 * sees them: nothing is done twice.
 */
export function answerEarlyTaps(): { handOver: () => void } {
  let menu: EarlyMenu | null = null;
  const picked = new Map<HTMLInputElement, File[]>();
  const options = { capture: true } as const;

  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    if (leavesPage(event)) return showLeaving();
    const menuButton = event.target.closest<HTMLElement>('[data-early-menu]');
    const opener = event.target.closest<HTMLElement>('[data-early-opens]');
    if (menuButton) {
      menu ??= openEarlyMenu(menuButton, () => (menu = null));
      if (menu) event.stopPropagation();
    } else if (opener) {
      const input = document.getElementById(opener.dataset.earlyOpens ?? '');
      if (!(input instanceof HTMLElement)) return;
      event.stopPropagation();
      input.click();
    } else if (event.target instanceof HTMLInputElement && event.target.type === 'file') {
      // The click above, on the input: it opens the chooser, and is not a click to replay.
      event.stopPropagation();
    }
  };
  const onChange = (event: Event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files?.length) return;
    event.stopPropagation();
    picked.set(input, [...input.files]);
  };
  window.addEventListener('click', onClick, options);
  window.addEventListener('change', onChange, options);

  return {
    handOver() {
      window.removeEventListener('click', onClick, options);
      window.removeEventListener('change', onChange, options);
      for (const [input, files] of picked) {
        if (!input.isConnected) continue;
        const data = new DataTransfer();
        for (const file of files) data.items.add(file);
        input.files = data.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      menu?.handOver();
    },
  };
}

interface EarlyMenu {
  handOver(): void;
}

/** How long the app's menu takes to slide in over the early one, which is removed after it. */
const APP_MENU_ENTRANCE_MS = 300;
/** The app's menu not on screen by then (its code failed to load): the early one goes anyway. */
const APP_MENU_WAIT_MS = 10_000;

/**
 * Shows the menu from `<template id="early-menu">` over the page, with the classes of the page's
 * theme provider around it (its design tokens are CSS variables set by those). Null when the page
 * has no such template: the click is then left to the replay.
 */
function openEarlyMenu(button: HTMLElement, onClosed: () => void): EarlyMenu | null {
  const template = document.getElementById('early-menu');
  const layer = themedLayer();
  if (!(template instanceof HTMLTemplateElement) || !layer) return null;
  layer.append(template.content.cloneNode(true));
  document.body.append(layer);
  const dialog = layer.querySelector<HTMLElement>('[role=dialog]');
  dialog?.focus();
  button.setAttribute('aria-expanded', 'true');

  let open = true;
  /** Set once the app's menu has been asked for: the early one only waits for it. */
  let handingOver = false;
  const remove = () => {
    open = false;
    layer.remove();
    window.removeEventListener('keydown', onKey, true);
    onClosed();
  };
  const close = () => {
    if (!open) return;
    remove();
    button.removeAttribute('aria-expanded');
    if (!handingOver) button.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  window.addEventListener('keydown', onKey, true);
  layer.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-menu-close]')) close();
  });

  return {
    handOver() {
      if (!open) return;
      handingOver = true;
      button.removeAttribute('aria-expanded');
      // The hydrated button opens the app's menu; the early one stays over the page until it is there.
      button.click();
      const since = performance.now();
      const timer = window.setInterval(() => {
        const appMenu = [...document.querySelectorAll('[role=dialog]')].find((d) => !layer.contains(d));
        if (!appMenu && performance.now() - since < APP_MENU_WAIT_MS) return;
        window.clearInterval(timer);
        // Closed by the visitor while the app's menu was on its way: that one closes too.
        if (!open) appMenu?.querySelector<HTMLElement>('[data-menu-close]')?.click();
        else window.setTimeout(remove, APP_MENU_ENTRANCE_MS);
      }, 50);
    },
  };
}

/** A layer for the page's body with the classes of the page's theme provider (the design tokens are CSS variables set by them). */
function themedLayer(): HTMLElement | null {
  const provider = document.querySelector<HTMLElement>('#root > div');
  if (!provider) return null;
  const layer = document.createElement('div');
  layer.className = provider.className;
  layer.dir = provider.dir;
  layer.style.cssText = provider.style.cssText;
  return layer;
}

/** How long the bar stays if the page is not left after all (the hold of the start ends then too: hydration-trigger.ts). */
const LEAVING_BAR_MS = 3000;

/** The thin bar the app shows while a page loads (navigation-progress.tsx), for a link the browser follows. */
function showLeaving(): void {
  const layer = themedLayer();
  if (!layer || document.getElementById('early-leaving')) return;
  const bar = document.createElement('div');
  bar.id = 'early-leaving';
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-hidden', 'true');
  bar.style.cssText = 'position:fixed;top:0;left:0;right:0;height:3px;z-index:1000;background:var(--colorBrandBackground)';
  layer.append(bar);
  document.body.append(layer);
  window.setTimeout(() => layer.remove(), LEAVING_BAR_MS);
  // Back from the next page out of the back/forward cache: the page is not loading any more.
  window.addEventListener('pageshow', () => layer.remove(), { once: true });
}
