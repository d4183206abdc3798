import { keepEarlyClicks, keepEarlyDrops } from './app/early-clicks';
import { answerEarlyTaps } from './app/early-taps';
import { canWaitForVisitor, firstUse, holdWhileLeaving, rememberStartInThisTab } from './app/hydration-trigger';

/**
 * The entry: small on purpose. A prerendered page (scripts/build/prerender-pages.ts) is already
 * on screen, so the app's code runs after the page has loaded and painted, never in front of it;
 * any other page starts at once. The chunks are fetched early either way (modulepreload hints).
 */
const root = document.getElementById('root');
const prerendered = root?.dataset.prerendered !== undefined;
/** A visitor the prerendered page is already right for: the app starts at their first touch, key or move (hydration-trigger.ts). */
const waitForVisitor = prerendered && root !== null && canWaitForVisitor(root);

function afterLoadAndPaint(): Promise<void> {
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((done) => window.addEventListener('load', () => done(), { once: true }));
  return loaded.then(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/** A click on a link away from a prerendered page holds the start (hydration-trigger.ts). */
const whileLeaving = prerendered ? holdWhileLeaving() : () => Promise.resolve();

/** Lets the browser handle input and paint between the steps of a long start. */
const yieldToBrowser = () => new Promise<void>((done) => setTimeout(done, 0)).then(whileLeaving);

/**
 * The app's modules in steps, each evaluated in a task of its own (a module graph is evaluated in
 * one go once it has arrived): React DOM, then the providers (Fluent's core), then the rest.
 * Only evaluation is spread out; the chunks are fetched as early as before.
 */
async function loadBoot() {
  await import('react-dom/client');
  await yieldToBrowser();
  await import('./app/app-tree');
  await yieldToBrowser();
  const boot = await import('./app/boot');
  await yieldToBrowser();
  return boot;
}

// Registered first: a tap it answers at once (the menu, the file chooser) is not kept for the replay.
const earlyTaps = prerendered ? answerEarlyTaps() : null;
const replayClicks = prerendered ? keepEarlyClicks() : null;
const replayDrops = prerendered ? keepEarlyDrops() : null;
void (waitForVisitor ? firstUse().then(afterLoadAndPaint) : prerendered ? afterLoadAndPaint() : Promise.resolve())
  .then(whileLeaving)
  .then(() => (prerendered ? loadBoot() : import('./app/boot')))
  .then((m) => m.start(prerendered ? yieldToBrowser : undefined))
  .then(() => {
    rememberStartInThisTab();
    replayClicks?.();
    replayDrops?.();
    earlyTaps?.handOver();
  });
