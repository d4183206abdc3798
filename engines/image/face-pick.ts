import type { FaceBox } from './ai-types.js';

/**
 * Which detected face a portrait is of. A plain function for the face worker
 * (workers/image/face.worker.ts), unit-tested here.
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
