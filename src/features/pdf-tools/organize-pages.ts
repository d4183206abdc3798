import type { OrganizeOptions } from '@contracts/pdf-tools';

/** One page of the organise grid: its page in the source file (1-based) and the turn the user gave it. */
export interface GridPage {
  page: number;
  rotate: 0 | 90 | 180 | 270;
}

export const initialPages = (count: number): GridPage[] => Array.from({ length: count }, (_, i) => ({ page: i + 1, rotate: 0 }));

/** Turns a page by a quarter: `1` clockwise (right), `-1` anticlockwise (left). */
export function turn(page: GridPage, quarters: 1 | -1): GridPage {
  return { ...page, rotate: ((((page.rotate + quarters * 90) % 360) + 360) % 360) as GridPage['rotate'] };
}

/** The new document as the grid shows it, or, with `only`, just those source pages in grid order (extract). */
export function toOrganizeOptions(pages: readonly GridPage[], only?: ReadonlySet<number>): OrganizeOptions {
  return { pages: pages.filter((p) => !only || only.has(p.page)).map((p) => ({ page: p.page, rotate: p.rotate })) };
}
