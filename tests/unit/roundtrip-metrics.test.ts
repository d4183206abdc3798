import { Document, FootnoteReferenceRun, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { f1, footnoteRecall, itemF1, itemKey, meanOf, paragraphBoundaryF1, scoreRoundTrip } from '../helpers/roundtrip-metrics';
import { readDocxStructure, type DocStructure } from '../helpers/roundtrip-structure';

const story = (paragraphs: string[], extra: Partial<DocStructure> = {}): DocStructure => ({ paragraphs, headings: [], listItems: [], tableCells: [], footnotes: [], ...extra });

describe('paragraphBoundaryF1', () => {
  it('is 1 for the same paragraphs', () => {
    expect(paragraphBoundaryF1(['one two three', 'four five'], ['one two three', 'four five'])).toBe(1);
  });

  it('loses recall when two paragraphs become one', () => {
    // Two boundaries expected, one found and it is right: P = 1, R = 1/2.
    expect(paragraphBoundaryF1(['one two three', 'four five six'], ['one two three four five six'])).toBeCloseTo(2 / 3, 10);
  });

  it('loses precision when each line becomes a paragraph', () => {
    // One boundary expected, three given: P = 1/3, R = 1.
    expect(paragraphBoundaryF1(['alpha beta gamma delta epsilon zeta'], ['alpha beta', 'gamma delta', 'epsilon zeta'])).toBeCloseTo(0.5, 10);
  });

  it('moves a boundary to the first word both sides share when the first word is lost', () => {
    expect(paragraphBoundaryF1(['one two', 'three four'], ['one two', 'four'])).toBe(1);
  });

  it('does not count a boundary that lands on a different word', () => {
    // Expected starts at "one" and "three"; given at "one" and "four": P = R = 1/2.
    expect(paragraphBoundaryF1(['one two', 'three four'], ['one two three', 'four'])).toBeCloseTo(0.5, 10);
  });

  it('is null with no text on either side and 0 when the result has no words in common', () => {
    expect(paragraphBoundaryF1([], [])).toBeNull();
    expect(paragraphBoundaryF1(['one two'], ['three four'])).toBe(0);
    expect(paragraphBoundaryF1(['one two'], [])).toBe(0);
  });

  it('treats each CJK character as a word', () => {
    expect(paragraphBoundaryF1(['水仙花', '中国'], ['水仙花中国'])).toBeCloseTo(2 / 3, 10);
  });
});

describe('itemF1 and itemKey', () => {
  it('drops a leading bullet or number and compares words only', () => {
    expect(itemKey('1.2 The Results!')).toBe('the results');
    expect(itemKey('• First item')).toBe('first item');
    expect(itemKey('(a) option')).toBe('option');
    expect(itemKey('2024 budget')).toBe('2024 budget');
  });

  it('scores multisets', () => {
    expect(itemF1(['Intro', 'Methods'], ['1. Intro', 'Results'])).toBeCloseTo(0.5, 10);
    expect(itemF1(['a x', 'a x'], ['a x'])).toBeCloseTo(2 / 3, 10);
    expect(itemF1(['Intro'], [])).toBe(0);
    expect(itemF1([], ['Intro'])).toBe(0);
    expect(itemF1([], [])).toBeNull();
  });

  it('f1 and meanOf handle the edges', () => {
    expect(f1(0, 0, 0)).toBeNull();
    expect(f1(2, 4, 2)).toBeCloseTo(2 / 3, 10);
    expect(meanOf([1, null, 0.5])).toEqual({ mean: 0.75, count: 2 });
    expect(meanOf([null])).toEqual({ mean: null, count: 0 });
  });
});

describe('footnoteRecall', () => {
  it('finds a note by its words even with its number in front', () => {
    const note = 'See the annual report of the committee for details';
    expect(footnoteRecall([note], [`1 ${note}`])).toBe(1);
    expect(footnoteRecall([note, 'Another note about something else entirely'], [note])).toBe(0.5);
    expect(footnoteRecall([note], ['A different note with other words in it'])).toBe(0);
    expect(footnoteRecall([], [note])).toBeNull();
  });
});

describe('scoreRoundTrip', () => {
  it('scores a perfect copy 1 everywhere it applies', () => {
    const doc = story(['Title', 'Body text here'], { headings: ['Title'], tableCells: ['x'] });
    expect(scoreRoundTrip(doc, doc)).toEqual({ similarity: 1, paragraphF1: 1, headingF1: 1, listItemF1: null, tableCellF1: 1, footnoteRecall: null });
  });

  it('scores a flattened copy low on structure but high on words', () => {
    const original = story(['Title', 'Body text here', 'Item one'], { headings: ['Title'], listItems: ['Item one'] });
    const flat = story(['Title Body text here Item one']);
    const scores = scoreRoundTrip(original, flat);
    expect(scores.similarity).toBe(1);
    expect(scores.paragraphF1).toBeCloseTo(0.5, 10);
    expect(scores.headingF1).toBe(0);
    expect(scores.listItemF1).toBe(0);
  });
});

describe('readDocxStructure', () => {
  it('reads headings, list items, table cells and footnotes from a Word file', async () => {
    const document = new Document({
      numbering: { config: [{ reference: 'bullets', levels: [{ level: 0, format: 'bullet', text: '•' }] }] },
      footnotes: { 1: { children: [new Paragraph('The note text.')] } },
      sections: [
        {
          children: [
            new Paragraph({ text: 'Chapter one', heading: HeadingLevel.HEADING_1 }),
            new Paragraph({ children: [new TextRun('Body with a note'), new FootnoteReferenceRun(1)] }),
            new Paragraph({ text: 'First item', numbering: { reference: 'bullets', level: 0 } }),
            new Paragraph({ children: [new TextRun({ text: 'hidden', vanish: true }), new TextRun('shown')] }),
            new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('A1')] }), new TableCell({ children: [new Paragraph('B1')] })] })] }),
          ],
        },
      ],
    });
    const structure = await readDocxStructure(new Uint8Array(await Packer.toArrayBuffer(document)));
    expect(structure).toEqual({
      paragraphs: ['Chapter one', 'Body with a note', 'First item', 'shown', 'A1', 'B1'],
      headings: ['Chapter one'],
      listItems: ['First item'],
      tableCells: ['A1', 'B1'],
      footnotes: ['The note text.'],
    });
  });
});
