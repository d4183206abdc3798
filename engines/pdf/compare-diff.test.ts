import { describe, expect, it } from 'vitest';
import { changedPages, compareDocuments } from './compare-diff';
import { pageTokens, type PageTextInput } from './compare-tokens';

/** A page as pdf.js gives it: one run per line, 12 pt high, 6 pt per character. */
const page = (...lines: string[]): PageTextInput => ({
  width: 595,
  height: 842,
  items: lines.map((text, i) => ({ text, x: 72, y: 72 + i * 20, width: text.length * 6, height: 12 })),
});

const summary = (older: PageTextInput[], newer: PageTextInput[]) =>
  compareDocuments(older, newer).changes.map(({ removed, added, oldPage, newPage }) => ({ removed, added, oldPage, newPage }));

const ENGLISH = [
  page('Service agreement between the parties.', 'The fee is due within thirty days of the invoice.'),
  page('Either party may end this agreement with notice.', 'Notices are sent by post to the registered address.'),
  page('This agreement is governed by the laws of England.'),
];

describe('compareDocuments', () => {
  it('finds exactly the changed English words, with their page and boxes', () => {
    const newer = [
      ENGLISH[0]!,
      page('Either party may end this contract with written notice.', 'Notices are sent by post to the registered address.'),
      ENGLISH[2]!,
    ];
    const result = summary(ENGLISH, newer);
    console.log('English changes:', JSON.stringify(result));
    expect(result).toEqual([
      { removed: 'agreement', added: 'contract', oldPage: 2, newPage: 2 },
      { removed: '', added: 'written', oldPage: 2, newPage: 2 },
    ]);
    const [replaced, inserted] = compareDocuments(ENGLISH, newer).changes;
    // "contract" is characters 26-33 of its 55-character line: its box sits there.
    expect(replaced!.newBoxes).toHaveLength(1);
    expect(replaced!.newBoxes[0]!.x).toBeCloseTo(72 + 26 * 6, 0);
    expect(replaced!.newBoxes[0]!.width).toBeCloseTo(8 * 6, 0);
    // An insertion has nothing on the older side but a caret where it goes (before "notice").
    expect(inserted!.oldBoxes).toEqual([]);
    expect(inserted!.oldAnchor).toMatchObject({ page: 2, x: 72 + 41 * 6 - 1 });
  });

  it('finds exactly the changed Chinese words, though Chinese has no spaces', () => {
    const older = [page('本合同由甲方和乙方签订。'), page('服务费用为每月五百元，', '甲方应在三十日内付款。')];
    const newer = [page('本合同由甲方和乙方签订。'), page('服务收费为每月八百元，', '甲方应在三十日内付款。')];
    const result = summary(older, newer);
    console.log('Chinese changes:', JSON.stringify(result));
    expect(result.map((c) => [c.removed, c.added])).toEqual([
      ['费用', '收费'],
      ['五百元', '八百元'],
    ]);
    expect(result.every((c) => c.oldPage === 2 && c.newPage === 2)).toBe(true);
  });

  it('does not mark the pages after an inserted page as changed', () => {
    const inserted = page('Schedule A lists the services and their prices.');
    const newer = [ENGLISH[0]!, inserted, ENGLISH[1]!, ENGLISH[2]!];
    const { changes } = compareDocuments(ENGLISH, newer);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ removed: '', added: 'Schedule A lists the services and their prices.', newPage: 2 });
    expect(changedPages(changes)).toEqual([2]);
  });

  it('sees a removed page as one deletion, with a caret on the newer version', () => {
    const { changes } = compareDocuments(ENGLISH, [ENGLISH[0]!, ENGLISH[2]!]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ added: '', oldPage: 2, newPage: 2, newAnchor: { page: 2 } });
    expect(changes[0]!.removed).toContain('Either party may end');
  });

  it('finds no differences in equal texts however the runs are cut, and says when there is no text at all', () => {
    const cut: PageTextInput = {
      width: 595,
      height: 842,
      // "agreement" split in two kerned pieces, as pdf.js often gives it.
      items: [
        { text: 'Service agree', x: 72, y: 72, width: 78, height: 12 },
        { text: 'ment between the parties.', x: 150, y: 72, width: 150, height: 12 },
        { text: 'The fee is due within thirty days of the invoice.', x: 72, y: 92, width: 300, height: 12 },
      ],
    };
    expect(compareDocuments(ENGLISH, [cut, ENGLISH[1]!, ENGLISH[2]!])).toEqual({ changes: [], noText: false });
    expect(compareDocuments([page()], [page()])).toEqual({ changes: [], noText: true });
  });
});

describe('pageTokens', () => {
  it('keeps punctuation as its own token and compares full-width forms as plain ones', () => {
    const tokens = pageTokens(1, page('Fee: ＡＢＣ 100.'));
    expect(tokens.map((t) => t.text)).toEqual(['Fee', ':', 'ＡＢＣ', '100', '.']);
    expect(tokens[2]!.key).toBe('ABC');
  });
});
