/**
 * "At most N KB": the highest quality whose real encoded size fits, found by binary search over
 * whole quality steps (each step an actual encode, never an estimate). When even the lowest
 * acceptable quality is too big, the picture is scaled down in steps and searched again.
 */

/** Below this, lossy artefacts are plain to see in photographs; scaling down looks better. */
export const MIN_SEARCH_QUALITY = 40;
/** Each scale step keeps this much of the width and height (about two thirds of the pixels). */
export const SCALE_STEP = 0.8;
/** Never below this many pixels on the longest side: the search gives up there. */
export const MIN_SIDE = 64;

/** Encodes at a quality (1..100, or undefined for a lossless format) and a scale (1 = full size). */
export type EncodeAt = (quality: number | undefined, scale: number) => Promise<ArrayBuffer>;

export interface FitResult {
  bytes: ArrayBuffer;
  /** The quality used (1..100), undefined for lossless formats. */
  quality?: number;
  /** 1 when the full size fitted. */
  scale: number;
  /** False when nothing down to MIN_SIDE fitted (the smallest attempt is returned). */
  fits: boolean;
  /** How many encodes the search took. */
  encodes: number;
}

export interface FitOptions {
  limitBytes: number;
  /** The user's quality (1..100), the search's ceiling; undefined for lossless formats. */
  quality: number | undefined;
  /** The longest side at full size, to know when to stop scaling. */
  longestSide: number;
  encode: EncodeAt;
}

export async function fitToSize({ limitBytes, quality, longestSide, encode }: FitOptions): Promise<FitResult> {
  let encodes = 0;
  const attempt = async (q: number | undefined, scale: number) => {
    encodes += 1;
    return encode(q, scale);
  };
  let scale = 1;
  let smallest: ArrayBuffer | null = null;
  for (;;) {
    const top = await attempt(quality, scale);
    if (top.byteLength <= limitBytes) return { bytes: top, quality, scale, fits: true, encodes };
    smallest = top;
    if (quality !== undefined && quality > MIN_SEARCH_QUALITY) {
      // The floor first: when even it is too big, scale down at once rather than search.
      const floor = await attempt(MIN_SEARCH_QUALITY, scale);
      smallest = floor;
      if (floor.byteLength <= limitBytes) {
        // Invariant: `lo` fits (its bytes in `best`), `hi + 1` is too big.
        let best = { q: MIN_SEARCH_QUALITY, bytes: floor };
        let lo = MIN_SEARCH_QUALITY + 1;
        let hi = quality - 1;
        while (lo <= hi) {
          const mid = Math.floor((lo + hi) / 2);
          const bytes = await attempt(mid, scale);
          if (bytes.byteLength <= limitBytes) {
            best = { q: mid, bytes };
            lo = mid + 1;
          } else {
            hi = mid - 1;
          }
        }
        return { bytes: best.bytes, quality: best.q, scale, fits: true, encodes };
      }
    }
    const next = scale * SCALE_STEP;
    if (longestSide * next < MIN_SIDE) {
      return { bytes: smallest, quality: quality === undefined ? undefined : Math.min(quality, MIN_SEARCH_QUALITY), scale, fits: false, encodes };
    }
    scale = next;
  }
}
