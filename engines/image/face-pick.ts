import type { Box } from './crop-box.js';
import type { FaceBox } from './ai-types.js';

/**
 * Which detected face a portrait is of, and where to look again to measure it better. Plain
 * functions for the face worker (workers/image/face.worker.ts), unit-tested here.
 */

/** Faces this much less confident than the best one are not taken for the subject, however large. */
const SCORE_MARGIN = 0.15;

/**
 * Faces ordered subject first: among the faces about as confident as the best one, the largest
 * (a group photo's main subject), then the rest by size. Largest alone let a weak false detection
 * in a background or a shadow (score 0.4-0.6, often larger than the real face) win over a clear face.
 */
export function subjectFirst(faces: readonly FaceBox[]): FaceBox[] {
  const best = Math.max(...faces.map((f) => f.score));
  const confident = (f: FaceBox) => f.score >= best - SCORE_MARGIN;
  const area = (f: FaceBox) => f.width * f.height;
  return [...faces].sort((a, b) => Number(confident(b)) - Number(confident(a)) || area(b) - area(a));
}

/** Below this share of the picture's longer side, the detector saw the face at a few dozen pixels. */
const SMALL_FACE_SHARE = 0.3;
/** The second look's square, in face sides around the face's centre. */
const LOOK_AGAIN_SIDES = 2.6;

/**
 * The square to detect again in when a face is small in its picture: the detector works on a
 * 256 px copy of the whole picture, so a face 30-60 px wide there gets a box that can be off by a
 * quarter of its size, enough to cut a chin out of a passport crop. Null when the first look was
 * close enough. The square may reach past the picture's edges (the detector sees padding there).
 */
export function lookAgainRegion(image: { width: number; height: number }, face: Box): Box | null {
  const side = Math.max(face.width, face.height);
  if (side >= SMALL_FACE_SHARE * Math.max(image.width, image.height)) return null;
  const region = Math.round(side * LOOK_AGAIN_SIDES);
  return {
    x: Math.round(face.x + face.width / 2 - region / 2),
    y: Math.round(face.y + face.height / 2 - region / 2),
    width: region,
    height: region,
  };
}

/** Overlap of two boxes as intersection over union (0 apart, 1 the same). */
export function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * The second look's answer for `face`, moved back into the picture's pixels: the detection there
 * that overlaps the first box most (at least a third), or the first box when none does.
 */
export function refinedFace(face: FaceBox, region: Box, found: readonly FaceBox[]): FaceBox {
  let best: FaceBox = face;
  let bestOverlap = 1 / 3;
  for (const f of found) {
    const moved = { ...f, x: f.x + region.x, y: f.y + region.y };
    const o = overlap(moved, face);
    if (o >= bestOverlap) {
      best = { ...moved, score: Math.max(face.score, f.score) };
      bestOverlap = o;
    }
  }
  return best;
}
