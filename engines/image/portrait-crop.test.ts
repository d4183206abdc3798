import { describe, expect, it } from 'vitest';
import { contains, PORTRAIT_PRESETS, portraitCrop, portraitOutputSize, presetUnits, ratioCropAround, type PortraitPreset } from './portrait-crop';

/** A small deterministic generator, so a failure names a reproducible case. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

function exactRatio(box: { width: number; height: number }, preset: PortraitPreset): boolean {
  const [uw, uh] = presetUnits(preset);
  return box.width * uh === box.height * uw;
}

describe('portraitCrop', () => {
  it('keeps the preset ratio exactly, head-room above the face and the face centred across', () => {
    const image = { width: 2000, height: 3000 };
    const face = { x: 900, y: 800, width: 200, height: 240 };
    for (const preset of PORTRAIT_PRESETS) {
      const box = portraitCrop(image, face, preset);
      expect(exactRatio(box, preset), preset).toBe(true);
      expect(contains(box, face), preset).toBe(true);
      // Room above the face for the hair, less below it than above for a 1:1 head-and-shoulders.
      expect(face.y - box.y, preset).toBeGreaterThan(face.height * 0.45);
      expect(Math.abs(box.x + box.width / 2 - (face.x + face.width / 2)), preset).toBeLessThanOrEqual(1);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(image.height);
    }
  });

  it('makes the face a larger share of a passport photo than of a 2:3 portrait', () => {
    const image = { width: 4000, height: 4000 };
    const face = { x: 1900, y: 1500, width: 200, height: 250 };
    const passport = portraitCrop(image, face, 'passport');
    const tall = portraitCrop(image, face, '2:3');
    expect(face.height / passport.height).toBeGreaterThan(face.height / tall.height);
    expect(face.height / passport.height).toBeGreaterThan(0.45);
    expect(portraitOutputSize(passport, 'passport')).toEqual({ width: 413, height: 531 });
    expect(portraitOutputSize(tall, '2:3')).toEqual({ width: tall.width, height: tall.height });
  });

  it('shrinks to the picture and slides, keeping the whole face inside, near every edge', () => {
    const next = random(7);
    let cases = 0;
    for (let i = 0; i < 2000; i++) {
      const image = { width: 200 + Math.floor(next() * 3000), height: 200 + Math.floor(next() * 3000) };
      const side = Math.max(8, Math.floor(next() * Math.min(image.width, image.height) * 0.6));
      const face = { x: next() * (image.width - side), y: next() * (image.height - side * 1.2), width: side, height: side * 1.2 };
      if (face.y < 0) continue;
      for (const preset of PORTRAIT_PRESETS) {
        const box = portraitCrop(image, face, preset);
        const [uw, uh] = presetUnits(preset);
        const fits = face.width <= Math.floor(Math.min(image.width / uw, image.height / uh)) * uw && face.height <= Math.floor(Math.min(image.width / uw, image.height / uh)) * uh;
        expect(exactRatio(box, preset)).toBe(true);
        expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= image.width && box.y + box.height <= image.height).toBe(true);
        if (fits) expect(contains(box, face), JSON.stringify({ image, face, preset, box })).toBe(true);
        cases += 1;
      }
    }
    expect(cases).toBeGreaterThan(7000);
  });

  it('clamps a face box that runs past the picture', () => {
    const box = portraitCrop({ width: 600, height: 800 }, { x: -40, y: -30, width: 300, height: 320 }, '3:4');
    expect(box.x).toBe(0);
    expect(box.y).toBe(0);
    expect(contains(box, { x: 0, y: 0, width: 260, height: 290 })).toBe(true);
  });
});

describe('ratioCropAround', () => {
  it('takes the largest crop of the ratio, centred on the region where the picture allows', () => {
    const box = ratioCropAround({ width: 1600, height: 900 }, { x: 1200, y: 100, width: 200, height: 200 }, '3:4');
    expect(box).toEqual({ x: 925, y: 0, width: 675, height: 900 });
    const left = ratioCropAround({ width: 1600, height: 900 }, { x: 0, y: 0, width: 10, height: 10 }, '1:1');
    expect(left).toEqual({ x: 0, y: 0, width: 900, height: 900 });
  });
});
