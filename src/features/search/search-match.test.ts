import { describe, expect, it } from 'vitest';
import { matchSearch, orderByGroup, type SearchItem } from './search-match';

const items: SearchItem[] = [
  { id: 'word-to-pdf', path: '/products/convert/word-to-pdf', group: 'convert', label: 'Word to PDF', keywords: 'word-to-pdf docx' },
  { id: 'pdf-to-word', path: '/products/convert/pdf-to-word', group: 'convert', label: 'PDF to Word', keywords: 'pdf-to-word' },
  { id: 'pricing', path: '/pricing', group: 'pages', label: 'Pricing', keywords: 'plan bundle' },
  { id: 'zh', path: '/terms', group: 'pages', label: '服务条款与隐私', keywords: 'privacy' },
];

describe('matchSearch', () => {
  it('keeps everything for an empty query', () => {
    expect(matchSearch(items, '  ')).toHaveLength(items.length);
  });

  it('ranks a label prefix first', () => {
    expect(matchSearch(items, 'pdf').map((i) => i.id)).toEqual(['pdf-to-word', 'word-to-pdf']);
  });

  it('needs every word, in any order', () => {
    expect(matchSearch(items, 'docx pdf').map((i) => i.id)).toEqual(['word-to-pdf']);
  });

  it('reads card keys with dashes as words, exact label first', () => {
    expect(matchSearch(items, 'word-to-pdf').map((i) => i.id)).toEqual(['word-to-pdf', 'pdf-to-word']);
  });

  it('matches keywords and Chinese labels', () => {
    expect(matchSearch(items, 'bundle').map((i) => i.id)).toEqual(['pricing']);
    expect(matchSearch(items, '条款').map((i) => i.id)).toEqual(['zh']);
  });
});

describe('orderByGroup', () => {
  it('groups in display order and keeps rank inside a group', () => {
    const mixed = [items[2]!, items[1]!, items[0]!];
    expect(orderByGroup(mixed).map((i) => i.id)).toEqual(['pdf-to-word', 'word-to-pdf', 'pricing']);
  });
});
