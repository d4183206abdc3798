import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Debian's Chromium; lighthouse never downloads a browser of its own. */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Headless, and nothing in the background that could steal CPU or network from the page measured. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface PageScores {
  url: string;
  /** 0-100 per category. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Audits of the performance category that lost points, worst first: what to fix next. */
  losses: string[];
}

/** Trace failures Lighthouse itself says to answer by running again. */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'PROTOCOL_TIMEOUT']);

/** Lighthouse's default (mobile: Moto G power, simulated slow 4G, 4× CPU) on one URL, in a fresh Chromium; a failed trace is run again (twice at most). */
export async function lighthouseOnce(url: string, attempt = 1): Promise<PageScores> {
  try {
    return await lighthouseRun(url);
  } catch (err) {
    if (attempt < 3 && err instanceof LighthouseTraceError && RETRYABLE.has(err.code)) return lighthouseOnce(url, attempt + 1);
    throw err;
  }
}

class LighthouseTraceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function lighthouseRun(url: string): Promise<PageScores> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseTraceError(lhr.runtimeError.code, `lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as PageScores['scores'];
    const losses = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && (a.details?.type === 'opportunity' || a.scoreDisplayMode === 'metricSavings' || a.scoreDisplayMode === 'numeric'))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      url,
      scores,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      losses,
    };
  } finally {
    chrome.kill();
  }
}

/** One line per page: the four category scores and the metrics behind the performance one. */
export function formatScores(label: string, s: PageScores): string {
  const c = s.scores;
  return (
    `${label.padEnd(22)} perf ${String(c.performance).padStart(3)}  a11y ${String(c.accessibility).padStart(3)}  bp ${String(c['best-practices']).padStart(3)}  seo ${String(c.seo).padStart(3)}` +
    `  | FCP ${(s.fcpMs / 1000).toFixed(2)} s  LCP ${(s.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(s.tbtMs)} ms  CLS ${s.cls.toFixed(3)}  SI ${(s.speedIndexMs / 1000).toFixed(2)} s`
  );
}

/**
 * Lighthouse's own advice for its run-to-run variance (page load and CPU noise of the host): run
 * several times and keep the median run. Returns the median run by performance score, with every
 * run's score for the record.
 */
export async function lighthouseMedian(url: string, runs: number): Promise<PageScores & { runs: number[] }> {
  const all: PageScores[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouseOnce(url));
  const sorted = [...all].sort((a, b) => a.scores.performance - b.scores.performance);
  return { ...sorted[Math.floor(sorted.length / 2)]!, runs: all.map((s) => s.scores.performance) };
}
