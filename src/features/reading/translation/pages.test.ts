import { describe, expect, it } from 'vitest';
import { nextPage, toPages } from './pages';

const paras = (lengths: number[]) => lengths.map((n, i) => ({ id: `p${i}`, text: 'x'.repeat(n) }));

describe('toPages', () => {
  it('cuts at 20 paragraphs or 4,000 characters, a long paragraph alone', () => {
    const pages = toPages(paras([...Array<number>(25).fill(10), 3000, 1500, 5000, 10]));
    expect(pages.map((p) => p.paragraphs.length)).toEqual([20, 6, 1, 1, 1]);
    expect(pages.map((p) => p.number)).toEqual([0, 1, 2, 3, 4]);
    expect(pages.flatMap((p) => p.paragraphs.map((x) => x.id))).toEqual(paras(Array<number>(29).fill(0)).map((p) => p.id));
  });
});

describe('nextPage', () => {
  const pages = toPages(paras(Array<number>(60).fill(10)));
  it('takes the page of the first visible paragraph with work, then document order', () => {
    const all = () => true;
    expect(nextPage(pages, all, ['p45', 'p46'])?.number).toBe(2);
    expect(nextPage(pages, (p) => p.number !== 2, ['p45', 'p21'])?.number).toBe(1);
    expect(nextPage(pages, (p) => p.number > 0, [])?.number).toBe(1);
    expect(nextPage(pages, () => false, ['p1'])).toBeUndefined();
  });
});
