import type { Box, Size } from './crop-box.js';
import { PORTRAIT_PRESETS, type PortraitPreset } from './ai-types.js';

export { PORTRAIT_PRESETS, type PortraitPreset };

/**
 * How a face sits in each preset, in shares of the crop's height: `face` is the detected face
 * box's height, `headroom` the space from the crop's top edge to the face box's top. A face
 * detector's box runs from about the brows to the chin, so the crown is about 0.45 face heights
 * above it: each headroom leaves that plus a margin. Passport follows ICAO 9303 (head 32-36 mm of
 * 45 mm, crown 3-5 mm below the edge).
 */
interface PresetRule {
  /** Width : height as whole units, so the crop's ratio is exact in whole pixels. */
  units: [number, number];
  face: number;
  headroom: number;
}

const RULES: Record<PortraitPreset, PresetRule> = {
  '1:1': { units: [1, 1], face: 0.4, headroom: 0.28 },
  '3:4': { units: [3, 4], face: 0.34, headroom: 0.24 },
  '2:3': { units: [2, 3], face: 0.28, headroom: 0.2 },
  passport: { units: [7, 9], face: 0.5, headroom: 0.3 },
};

/** Passport photos are written at 35 x 45 mm and 300 dpi. */
export const PASSPORT_SIZE: Size = { width: 413, height: 531 };

export function presetUnits(preset: PortraitPreset): [number, number] {
  return RULES[preset].units;
}

/** The output size for a crop box: the box itself, or the fixed passport size. */
export function portraitOutputSize(box: Box, preset: PortraitPreset): Size {
  return preset === 'passport' ? PASSPORT_SIZE : { width: box.width, height: box.height };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The face box limited to the picture (a detector may reach past the edge). */
export function clampBox(box: Box, image: Size): Box {
  const x = clamp(box.x, 0, image.width);
  const y = clamp(box.y, 0, image.height);
  return { x, y, width: clamp(box.x + box.width, x, image.width) - x, height: clamp(box.y + box.height, y, image.height) - y };
}

/** Places a span of `length` on [0, limit] at `wanted`, moved as little as needed to hold [lo, hi]. */
function place(wanted: number, length: number, limit: number, lo: number, hi: number): number {
  let start = wanted;
  if (hi > start + length) start = hi - length;
  if (lo < start) start = lo;
  return clamp(start, 0, limit - length);
}

/**
 * The crop box for a portrait: sized so the face takes the preset's share of the height, with the
 * preset's head-room above it, centred on the face across; shrunk to fit the picture and then
 * moved (never past an edge) so the whole face stays inside whenever the picture allows it.
 * Width and height are exact multiples of the preset's ratio units.
 */
export function portraitCrop(image: Size, face: Box, preset: PortraitPreset): Box {
  const rule = RULES[preset];
  const [uw, uh] = rule.units;
  // Whole pixels, rounded outwards, so rounding can never cut a sliver off the face.
  const c = clampBox(face, image);
  const left = Math.floor(c.x);
  const top = Math.floor(c.y);
  const right = Math.ceil(c.x + c.width);
  const bottom = Math.ceil(c.y + c.height);
  const maxUnits = Math.max(1, Math.floor(Math.min(image.width / uw, image.height / uh)));
  // A face too big for the rule's share still gets a crop that holds it, if the picture can.
  const minUnits = Math.min(maxUnits, Math.ceil(Math.max((bottom - top) / uh, (right - left) / uw)));
  const wanted = Math.round((bottom - top) / rule.face / uh);
  const unit = clamp(wanted, Math.max(1, minUnits), maxUnits);
  const width = unit * uw;
  const height = unit * uh;
  const x = place(Math.round((left + right) / 2 - width / 2), width, image.width, left, right);
  const y = place(Math.round(top - rule.headroom * height), height, image.height, top, bottom);
  return { x, y, width, height };
}

/** A crop of the preset's ratio around a region of interest found without a face (smartcrop's pick). */
export function ratioCropAround(image: Size, region: Box, preset: PortraitPreset): Box {
  const units = RULES[preset].units;
  const unit = Math.max(1, Math.floor(Math.min(image.width / units[0], image.height / units[1])));
  const width = unit * units[0];
  const height = unit * units[1];
  const cx = region.x + region.width / 2;
  const cy = region.y + region.height / 2;
  return { x: Math.round(clamp(cx - width / 2, 0, image.width - width)), y: Math.round(clamp(cy - height / 2, 0, image.height - height)), width, height };
}

/** True when `inner` lies wholly inside `outer` (within `slack` pixels, for rounding). */
export function contains(outer: Box, inner: Box, slack = 0): boolean {
  return (
    inner.x >= outer.x - slack &&
    inner.y >= outer.y - slack &&
    inner.x + inner.width <= outer.x + outer.width + slack &&
    inner.y + inner.height <= outer.y + outer.height + slack
  );
}
