import type { Page } from 'playwright-core';
import type { LocatorCandidate, Target } from '@contracts/automation.js';
import { describeElementAt, type ElementDescription } from './element-description.js';
import { candidateLocator } from './locate.js';

/**
 * The describer as page source. tsx (the server's loader) compiles with keepNames, which wraps
 * inner functions in a `__name` helper the page does not have: the source brings a no-op one.
 */
const IN_PAGE = (point: { x: number; y: number } | null) => `(() => { const __name = (f) => f; return (${describeElementAt.toString()})(${JSON.stringify(point)}); })()`;

/** The candidates a description allows, most stable first: role and name, label, test id, text, CSS. */
export function candidatesOf(d: ElementDescription): LocatorCandidate[] {
  const list: LocatorCandidate[] = [];
  if (d.role && d.name) list.push({ by: 'role', value: d.role, name: d.name });
  if (d.label) list.push({ by: 'label', value: d.label });
  if (d.testId) list.push({ by: 'testId', value: d.testId });
  if (d.text) list.push({ by: 'text', value: d.text });
  if (d.css) list.push({ by: 'css', value: d.css });
  return list;
}

/**
 * The element at a point of the live page as a target: only candidates that find exactly one
 * element right now are kept (CSS stays as the last resort even when it is not unique).
 */
export async function targetAt(page: Page, point: { x: number; y: number } | null): Promise<{ target: Target; description: ElementDescription } | null> {
  const description = await page.evaluate<ElementDescription | null>(IN_PAGE(point));
  if (!description) return null;
  const unique: LocatorCandidate[] = [];
  for (const c of candidatesOf(description)) {
    const count = await candidateLocator(page, c).count().catch(() => 0);
    if (count === 1) unique.push(c);
  }
  if (unique.length === 0 && description.css) unique.push({ by: 'css', value: description.css });
  return unique.length > 0 ? { target: { candidates: unique }, description } : null;
}
