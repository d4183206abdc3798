import type { Box, Size } from './crop-box.js';

/** One tile: the part of the output it owns (`core`) and the larger part the model reads (`read`). */
export interface Tile {
  core: Box;
  read: Box;
}

/**
 * Cuts a picture into tiles of at most `side` pixels, each read with `padding` pixels of its
 * neighbours around it (less at the picture's edges), so a model sees context across every seam
 * and only the core of each upscaled tile is kept: no visible joins, bounded memory.
 */
export function planTiles(image: Size, side: number, padding: number): Tile[] {
  const tiles: Tile[] = [];
  const step = Math.max(1, Math.floor(side));
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const core = { x, y, width: Math.min(step, image.width - x), height: Math.min(step, image.height - y) };
      const rx = Math.max(0, x - padding);
      const ry = Math.max(0, y - padding);
      const read = {
        x: rx,
        y: ry,
        width: Math.min(image.width, core.x + core.width + padding) - rx,
        height: Math.min(image.height, core.y + core.height + padding) - ry,
      };
      tiles.push({ core, read });
    }
  }
  return tiles;
}

/**
 * Cuts a picture into `count` bands of rows of about the same height, full width, each read with
 * `padding` rows of its neighbours above and below: one band per worker, so a model runs on every
 * core at once. Never a band thinner than `minRows` (a small picture gets fewer bands, at least one).
 */
export function planBands(image: Size, count: number, padding: number, minRows: number): Tile[] {
  const bands = Math.max(1, Math.min(Math.floor(count), Math.floor(image.height / Math.max(1, minRows))));
  const tiles: Tile[] = [];
  for (let i = 0; i < bands; i++) {
    const top = Math.round((i * image.height) / bands);
    const bottom = Math.round(((i + 1) * image.height) / bands);
    const ry = Math.max(0, top - padding);
    tiles.push({
      core: { x: 0, y: top, width: image.width, height: bottom - top },
      read: { x: 0, y: ry, width: image.width, height: Math.min(image.height, bottom + padding) - ry },
    });
  }
  return tiles;
}

/** The largest output we build, in pixels: a 4-byte canvas this size is about 256 MB. */
export const MAX_UPSCALED_PIXELS = 64_000_000;

/** True when upscaling `image` by `scale` stays within MAX_UPSCALED_PIXELS. */
export function upscaleFits(image: Size, scale: number): boolean {
  return image.width * image.height * scale * scale <= MAX_UPSCALED_PIXELS;
}
