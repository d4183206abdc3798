import { keepEarlyClicks } from './app/early-clicks';

/**
 * The entry: small on purpose. A prerendered page (scripts/build/prerender-pages.ts) is already
 * on screen, so the app's code runs after the page has loaded and painted, never in front of it;
 * any other page starts at once. The chunks are fetched early either way (modulepreload hints).
 */
const prerendered = document.getElementById('root')?.dataset.prerendered !== undefined;

function afterLoadAndPaint(): Promise<void> {
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((done) => window.addEventListener('load', () => done(), { once: true }));
  return loaded.then(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

const replayClicks = prerendered ? keepEarlyClicks() : null;
void (prerendered ? afterLoadAndPaint() : Promise.resolve())
  .then(() => import('./app/boot'))
  .then((m) => m.start())
  .then(() => replayClicks?.());
