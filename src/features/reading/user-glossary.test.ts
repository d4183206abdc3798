import { describe, expect, it } from 'vitest';
import { glossaryFromCsv, glossaryToCsv, mergeGlossary } from './user-glossary';

describe('user glossary CSV', () => {
  it('round-trips quotes, commas and new lines', () => {
    const entries = [
      { term: '客服', meaning: 'support, "the desk"' },
      { term: 'bot', meaning: '机器人\n(ours)' },
    ];
    expect(glossaryFromCsv(glossaryToCsv(entries))).toEqual(entries);
  });

  it('skips the header and blank rows, keeps two columns', () => {
    expect(glossaryFromCsv('\ufeffterm,meaning\n\nA,1,extra\nB,\n')).toEqual([{ term: 'A', meaning: '1' }]);
  });

  it('merges by term, the imported meaning winning', () => {
    expect(mergeGlossary([{ term: 'A', meaning: '1' }], [{ term: 'A', meaning: '2' }, { term: 'B', meaning: '3' }])).toEqual([
      { term: 'A', meaning: '2' },
      { term: 'B', meaning: '3' },
    ]);
  });
});
