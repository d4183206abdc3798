/** A box on a page as shares (0..1) of the shown page's width and height, from its top left. */
export interface SignBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Placement {
  id: string;
  page: number;
  box: SignBox;
  /** The page's shape as shown (width over height), to keep the image's proportions when it changes. */
  pageAspect: number;
}

/** The smallest a signature may be made, as a share of the page's width. */
export const MIN_WIDTH = 0.04;
const DEFAULT_WIDTH = 0.3;
const MAX_DEFAULT_HEIGHT = 0.15;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The height share that keeps the image's proportions for a width share: page and image aspects
 * are width over height (the page in points as shown, the image in pixels).
 */
export const heightFor = (width: number, pageAspect: number, imageAspect: number) => (width * pageAspect) / imageAspect;

/** A new signature box, in its image's proportions, towards the lower right where signatures usually go. */
export function defaultBox(pageAspect: number, imageAspect: number): SignBox {
  let width = DEFAULT_WIDTH;
  let height = heightFor(width, pageAspect, imageAspect);
  if (height > MAX_DEFAULT_HEIGHT) {
    height = MAX_DEFAULT_HEIGHT;
    width = (height * imageAspect) / pageAspect;
  }
  return { x: clamp(0.9 - width, 0, 1 - width), y: clamp(0.8 - height, 0, 1 - height), width, height };
}

/** Moved by a share of the page, kept whole on the page. */
export function moveBox(box: SignBox, dx: number, dy: number): SignBox {
  return { ...box, x: clamp(box.x + dx, 0, 1 - box.width), y: clamp(box.y + dy, 0, 1 - box.height) };
}

/** Resized from its top left to a new width share, in the image's proportions, kept on the page. */
export function resizeBox(box: SignBox, width: number, pageAspect: number, imageAspect: number): SignBox {
  const maxWidth = Math.min(1 - box.x, ((1 - box.y) * imageAspect) / pageAspect);
  const w = clamp(width, Math.min(MIN_WIDTH, maxWidth), maxWidth);
  return { ...box, width: w, height: heightFor(w, pageAspect, imageAspect) };
}

export type Corner = 'bottomRight' | 'bottomLeft' | 'topRight' | 'topLeft';
export const CORNERS: readonly Corner[] = ['bottomRight', 'bottomLeft', 'topRight', 'topLeft'];
const MARGIN = 0.04;
const INITIALS_HEIGHT = 0.035;

/** The initials' box in a corner of every page, a small line high. */
export function cornerBox(corner: Corner, pageAspect: number, imageAspect: number): SignBox {
  const height = INITIALS_HEIGHT;
  const width = Math.min(0.3, (height * imageAspect) / pageAspect);
  const x = corner.endsWith('Right') ? 1 - MARGIN - width : MARGIN;
  const y = corner.startsWith('bottom') ? 1 - MARGIN - height : MARGIN;
  return { x, y, width, height: heightFor(width, pageAspect, imageAspect) };
}

/** "Jane Q. Doe" → "JQD"; a Chinese name is its own initials (up to four characters). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (/\p{Script=Han}/u.test(name)) return name.replace(/\s+/g, '').slice(0, 4);
  return words.map((w) => w[0]?.toUpperCase() ?? '').join('').slice(0, 4);
}
