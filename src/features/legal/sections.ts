import type { TFunction } from 'i18next';
import type { ArticleSection } from '../../lib/components/article-page';

/** Reads `{ <id>: { title, paragraphs[] } }` from the locale into ordered sections; ids become anchors. */
export function readSections(t: TFunction, key: string): ArticleSection[] {
  const raw = t(key, { returnObjects: true }) as unknown;
  if (!raw || typeof raw !== 'object') return [];
  return Object.entries(raw as Record<string, { title?: string; paragraphs?: string[] }>).map(([id, value]) => ({
    id: id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
    title: value.title ?? '',
    paragraphs: Array.isArray(value.paragraphs) ? value.paragraphs : [],
  }));
}
