import { chromium, type Browser, type Page } from 'playwright-core';

/** Lighthouse's mobile CPU: a fourth of this machine's. */
const CPU_SLOWDOWN = 4;
/** The target of issue 26: the first tap shows its result within this, at 4x CPU. */
export const FIRST_TAP_TARGET_MS = 300;

/** What a first tap on a landing page does, and what counts as its result (docs/performance.md). */
type Control = 'menu' | 'tool card' | 'add files';
type Input = 'tap' | 'click';

/** The controls a visitor taps first, on each landing page that has them. */
export const FIRST_TAP_CASES: ReadonlyArray<{ path: string; control: Control }> = [
  { path: '/', control: 'menu' },
  { path: '/', control: 'tool card' },
  { path: '/pricing', control: 'menu' },
  { path: '/products/imageTools', control: 'menu' },
  { path: '/products/imageTools', control: 'add files' },
];

export interface FirstTapFigure {
  path: string;
  control: Control;
  input: Input;
  /** Median ms from the press to the result, as the first use of the page (the app has not started). */
  firstMs: number;
  /** The same once the app has started: the baseline. */
  startedMs: number;
}

/**
 * Each case's first tap (a touch on a 390x844 phone) and first click (a mouse on a window as
 * narrow), with the CPU slowed as Lighthouse's mobile preset does, against the same tap once the
 * app has started, `runs` times each (median). Timed in the page, from the press's event time to
 * the frame that shows the result: a menu dialog laid out on screen; for a tool card, the next
 * page's first paint (a link followed by the browser), or a loading bar on this one (the app's, or
 * the page's own before the app has started: src/app/early-taps.ts) if that comes first; for
 * "Add images", the click on the file input that opens the chooser.
 */
export async function firstTapFigures(baseUrl: string, runs = 3): Promise<FirstTapFigure[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const figures: FirstTapFigure[] = [];
    for (const { path, control } of FIRST_TAP_CASES) {
      for (const input of ['tap', 'click'] as const) {
        const first: number[] = [];
        const started: number[] = [];
        for (let i = 0; i < runs; i++) {
          first.push(await timeOnce(browser, baseUrl + path, control, input, false));
          started.push(await timeOnce(browser, baseUrl + path, control, input, true));
        }
        figures.push({ path, control, input, firstMs: median(first), startedMs: median(started) });
      }
    }
    return figures;
  } finally {
    await browser.close();
  }
}

/** One line per case: the first tap, the baseline, their ratio, and whether the target is met. */
export function formatFirstTaps(figures: FirstTapFigure[]): string {
  return figures
    .map((f) => {
      const label = `${f.path} ${f.control} (${f.input})`.padEnd(38);
      const verdict = f.firstMs <= FIRST_TAP_TARGET_MS ? 'met' : 'MISSED';
      const ms = (x: number) => (Number.isFinite(x) ? `${String(Math.round(x)).padStart(5)} ms` : ' lost   ');
      const ratio = Number.isFinite(f.firstMs) ? (f.firstMs / f.startedMs).toFixed(2) : '-';
      return `${label} first ${ms(f.firstMs)}  started ${ms(f.startedMs)}  ratio ${ratio}  (≤ ${FIRST_TAP_TARGET_MS} ms: ${verdict})`;
    })
    .join('\n');
}

/** Records, in every document of the tab, the first press (kept in sessionStorage across a navigation) and the first file input clicked. */
function recordPresses(): void {
  const w = window as unknown as { __pickerAt?: number };
  window.addEventListener(
    'pointerdown',
    (event) => {
      if (!sessionStorage.getItem('bench:press')) sessionStorage.setItem('bench:press', String(performance.timeOrigin + event.timeStamp));
    },
    true,
  );
  window.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'file') w.__pickerAt ??= performance.timeOrigin + performance.now();
    },
    true,
  );
}

/** Watches, frame by frame, for the result of a press on `control` in this document. */
function watchForResult(control: Control): void {
  const w = window as unknown as { __resultAt?: number; __pickerAt?: number; __sameDocument?: boolean };
  w.__sameDocument = true;
  const path = location.pathname;
  const check = () => {
    const shown =
      control === 'menu'
        ? [...document.querySelectorAll('[role=dialog]')].some((d) => d.getBoundingClientRect().width > 0)
        : control === 'tool card'
          ? location.pathname !== path || document.querySelector('[role=progressbar]') !== null
          : w.__pickerAt !== undefined;
    if (!shown) return requestAnimationFrame(check);
    w.__resultAt = control === 'add files' ? w.__pickerAt : performance.timeOrigin + performance.now();
    // Kept across the navigation a link makes right after.
    sessionStorage.setItem('bench:result', String(w.__resultAt));
  };
  requestAnimationFrame(check);
}

async function timeOnce(browser: Browser, url: string, control: Control, input: Input, startFirst: boolean): Promise<number> {
  const touch = input === 'tap';
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: touch, hasTouch: touch, serviceWorkers: 'block' });
  try {
    // tsx keeps function names with a helper the page does not have.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    await context.addInitScript(recordPresses);
    const page = await context.newPage();
    page.on('filechooser', () => undefined);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    if (startFirst) {
      await page.keyboard.press('Shift');
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForTimeout(500);
    } else {
      await page.waitForLoadState('load');
      if ((await page.evaluate(() => document.documentElement.dataset.appWaiting)) !== 'visitor') throw new Error(`${url} did not wait for its visitor`);
    }
    await page.evaluate(watchForResult, control);
    const target = controlOf(page, control);
    if (touch) await target.tap();
    else await target.click();
    return await resultMs(page);
  } finally {
    await context.close();
  }
}

function controlOf(page: Page, control: Control) {
  if (control === 'menu') return page.getByTestId('mobile-menu-button');
  if (control === 'tool card') return page.locator('article[data-offering=image-tools]').getByRole('link');
  return page.getByRole('button', { name: 'Add images' });
}

/** A tap with no result by then was lost (a first tap on the code before issue 26 could be). */
const LOST_AFTER_MS = 20_000;

/** Polls until the result is in: in the same document (kept in sessionStorage), or else the first paint of the one navigated to. Infinity: lost. */
async function resultMs(page: Page): Promise<number> {
  const deadline = Date.now() + LOST_AFTER_MS;
  while (Date.now() < deadline) {
    const seen = await page
      .evaluate(() => {
        const w = window as unknown as { __resultAt?: number; __sameDocument?: boolean };
        const paint = performance.getEntriesByType('paint').find((p) => p.name === 'first-paint');
        const kept = Number(sessionStorage.getItem('bench:result'));
        const at = kept || (w.__sameDocument ? w.__resultAt : paint && performance.timeOrigin + paint.startTime);
        const press = Number(sessionStorage.getItem('bench:press'));
        return at && press ? at - press : null;
      })
      .catch(() => null);
    if (seen !== null) return seen;
    await new Promise((done) => setTimeout(done, 25));
  }
  return Infinity;
}
