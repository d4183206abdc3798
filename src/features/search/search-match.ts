export interface SearchItem {
  id: string;
  path: string;
  group: string;
  label: string;
  /** Extra words matched but not shown. */
  keywords: string;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[-_/]+/g, ' ');
}

function score(item: SearchItem, query: string, terms: string[]): number {
  const label = normalise(item.label);
  const haystack = `${label} ${normalise(item.keywords)}`;
  if (!terms.every((term) => haystack.includes(term))) return 0;
  if (label.startsWith(query)) return 3;
  if (label.includes(query)) return 2;
  return 1;
}

/**
 * Items whose label or keywords contain every word of the query, best first: label prefix,
 * then label substring, then keyword matches; ties keep catalogue order. An empty query keeps all.
 */
export function matchSearch(items: readonly SearchItem[], rawQuery: string): SearchItem[] {
  const query = normalise(rawQuery.trim());
  if (!query) return [...items];
  const terms = query.split(/\s+/).filter(Boolean);
  return items
    .map((item, index) => ({ item, index, score: score(item, query, terms) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}

export const GROUP_ORDER: readonly string[] = ['convert', 'tools', 'pages'];

/** Stable re-order by group, so list order (arrow keys) equals the grouped display order. */
export function orderByGroup(items: readonly SearchItem[]): SearchItem[] {
  const rank = (group: string) => {
    const index = GROUP_ORDER.indexOf(group);
    return index === -1 ? GROUP_ORDER.length : index;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item.group) - rank(b.item.group) || a.index - b.index)
    .map((entry) => entry.item);
}
