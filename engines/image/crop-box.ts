import { CROP_TYPES, type CropRatio, type ImageConfig, type Place } from './types.js';

export interface Size {
  width: number;
  height: number;
}

export interface Box extends Size {
  x: number;
  y: number;
}

/** Largest output side we accept, so a typo cannot ask a worker for a 100 000 px canvas. */
export const MAX_SIDE = 16_384;

const RATIO_VALUES: Record<Exclude<CropRatio, 'free'>, number> = {
  '1:1': 1,
  '4:3': 4 / 3,
  '3:4': 3 / 4,
  '16:9': 16 / 9,
  '9:16': 9 / 16,
};

function clampSide(value: number): number {
  return Math.min(MAX_SIDE, Math.max(1, Math.round(Number.isFinite(value) ? value : 1)));
}

/**
 * The size a crop produces. With a preset ratio the width rules and the height follows it (the
 * form keeps them in step, this makes a stale stored height harmless); 'free' takes both.
 */
export function cropOutputSize(crop: Pick<ImageConfig['crop'], 'width' | 'height' | 'ratio'>): Size {
  const width = clampSide(crop.width);
  if (crop.ratio === 'free') return { width, height: clampSide(crop.height) };
  return { width, height: clampSide(width / RATIO_VALUES[crop.ratio]) };
}

/** The height that goes with a width under a ratio (null for 'free'): the form's link between the two. */
export function heightForWidth(width: number, ratio: CropRatio): number | null {
  return ratio === 'free' ? null : clampSide(width / RATIO_VALUES[ratio]);
}

export function widthForHeight(height: number, ratio: CropRatio): number | null {
  return ratio === 'free' ? null : clampSide(height * RATIO_VALUES[ratio]);
}

/** Crop `type` number → anchor; unknown numbers fall back to centred (type 1). */
export function cropPlace(type: number): Place {
  return CROP_TYPES[type] ?? 'center';
}

/** 0 = start (left/top), 0.5 = middle, 1 = end (right/bottom) for each axis of an anchor. */
export function anchorFractions(place: Place): { fx: number; fy: number } {
  const fx = place.startsWith('left') ? 0 : place.startsWith('right') ? 1 : 0.5;
  const fy = place.endsWith('Top') || place === 'top' ? 0 : place.endsWith('Bottom') || place === 'bottom' ? 1 : 0.5;
  return { fx, fy };
}

/**
 * The region of the source to keep: the largest box with the output's aspect ratio that fits in
 * the source, pushed towards the anchor. The caller scales it to the output size.
 */
export function cropBox(source: Size, output: Size, place: Place): Box {
  const aspect = output.width / output.height;
  let width = source.width;
  let height = Math.round(width / aspect);
  if (height > source.height) {
    height = source.height;
    width = Math.min(source.width, Math.round(height * aspect));
  }
  width = Math.max(1, width);
  height = Math.max(1, height);
  const { fx, fy } = anchorFractions(place);
  return {
    x: Math.round((source.width - width) * fx),
    y: Math.round((source.height - height) * fy),
    width,
    height,
  };
}
