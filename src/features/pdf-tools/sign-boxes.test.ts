import { describe, expect, it } from 'vitest';
import { cornerBox, defaultBox, initialsOf, moveBox, resizeBox } from './sign-boxes';

const A4 = 595.28 / 841.89;

describe('signature boxes', () => {
  it('starts in the image proportions, inside the page', () => {
    const box = defaultBox(A4, 3);
    // Width 0.3 of the page, so 178.6 pt, and 59.5 pt high for a 3:1 image.
    expect(box.width).toBeCloseTo(0.3);
    expect((box.height * 841.89) / (box.width * 595.28)).toBeCloseTo(1 / 3);
    expect(box.x + box.width).toBeLessThanOrEqual(1);
    expect(box.y + box.height).toBeLessThanOrEqual(1);
  });

  it('caps a tall image at 15 % of the page height', () => {
    expect(defaultBox(A4, 0.5).height).toBeCloseTo(0.15);
  });

  it('moves and resizes without leaving the page', () => {
    const box = { x: 0.5, y: 0.5, width: 0.3, height: 0.1 };
    expect(moveBox(box, 0.5, -0.9)).toEqual({ ...box, x: 0.7, y: 0 });
    const big = resizeBox(box, 2, A4, 3);
    expect(big.x + big.width).toBeLessThanOrEqual(1);
    expect(big.width).toBeCloseTo(0.5);
    expect(resizeBox(box, 0, A4, 3).width).toBeCloseTo(0.04);
  });

  it('puts initials in the chosen corner', () => {
    const box = cornerBox('bottomLeft', A4, 2);
    expect(box.x).toBeCloseTo(0.04);
    expect(box.y + box.height).toBeCloseTo(0.96);
  });

  it('takes initials from a name', () => {
    expect(initialsOf('jane q. doe')).toBe('JQD');
    expect(initialsOf('张 伟')).toBe('张伟');
    expect(initialsOf('  ')).toBe('');
  });
});
