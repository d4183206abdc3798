import type { Locator, Page } from 'playwright-core';
import type { LocatorCandidate, Target } from '@contracts/automation.js';

type AriaRole = Parameters<Page['getByRole']>[0];

/** The Playwright locator a candidate stands for; only visible elements count. */
export function candidateLocator(page: Page, c: LocatorCandidate): Locator {
  const base = (() => {
    switch (c.by) {
      case 'role':
        // The role string comes from the recorder or the editor; an unknown role simply matches nothing.
        return page.getByRole(c.value as AriaRole, c.name ? { name: c.name, exact: true } : {});
      case 'label':
        return page.getByLabel(c.value, { exact: true });
      case 'testId':
        return page.getByTestId(c.value);
      case 'text':
        return page.getByText(c.value, { exact: true });
      case 'css':
        return page.locator(c.value);
    }
  })();
  return base.filter({ visible: true });
}

export class LocateError extends Error {
  constructor(readonly tried: number) {
    super(`none of the ${tried} locator candidates matched`);
    this.name = 'LocateError';
  }
}

export interface Located {
  locator: Locator;
  candidate: LocatorCandidate;
  count: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Tries the candidates in order until one matches, polling while the page settles: a candidate
 * that matches one element wins at once; when the best only matches several, its first is taken
 * after a full pass finds nothing unique. A malformed candidate (bad CSS) is skipped.
 */
export async function locate(page: Page, target: Target, timeoutMs: number, all = false): Promise<Located> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    let several: Located | null = null;
    for (const candidate of target.candidates) {
      const locator = candidateLocator(page, candidate);
      const count = await locator.count().catch(() => 0);
      if (count === 1 || (all && count > 0)) return { locator, candidate, count };
      if (count > 1) several ??= { locator: locator.first(), candidate, count };
    }
    if (several) return several;
    if (Date.now() >= until) throw new LocateError(target.candidates.length);
    await sleep(Math.min(150, Math.max(0, until - Date.now())));
  }
}
