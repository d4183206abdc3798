import { makeStyles, Text } from '@fluentui/react-components';
import type { ReadingParagraph } from '@engines/reading/document-paragraphs';
import { Fragment, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '46em', marginLeft: 'auto', marginRight: 'auto', lineHeight: 1.75, fontSize: tokens.fontSizeBase400 },
  paragraph: { margin: 0, cursor: 'text', overflowWrap: 'anywhere' },
  heading: { margin: 0, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500 },
  page: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '4px' },
  mark: { backgroundColor: tokens.colorPaletteYellowBackground2, color: 'inherit' },
});

export interface ParagraphViewProps {
  paragraphs: readonly ReadingParagraph[];
  query: string;
  /** Paragraph ids on screen, reported as they change (the translation pane translates them first). */
  onVisibleChange: (ids: string[]) => void;
  /** A word clicked without a selection: the text from that point (the gloss takes its first word). */
  onWordClick: (textFromPoint: string) => void;
}

function highlight(text: string, query: string, className: string) {
  if (!query) return text;
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(query); at >= 0; at = lower.indexOf(query, at + query.length)) {
    parts.push(text.slice(from, at), <mark key={at} className={className}>{text.slice(at, at + query.length)}</mark>);
    from = at + query.length;
  }
  parts.push(text.slice(from));
  return parts;
}

/** Text from the clicked character on, within its text node (caretRangeFromPoint where supported). */
function textFromPoint(event: MouseEvent): string | null {
  const doc = document as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null };
  const range = doc.caretRangeFromPoint?.(event.clientX, event.clientY);
  const node = range?.startContainer;
  if (!range || node?.nodeType !== Node.TEXT_NODE) return null;
  return (node.textContent ?? '').slice(range.startOffset, range.startOffset + 12);
}

/** The document as rebuilt paragraphs (across lines, columns and pages), with page markers. */
export function ParagraphView({ paragraphs, query, onVisibleChange, onWordClick }: ParagraphViewProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        const id = (e.target as HTMLElement).dataset.paragraphId ?? '';
        if (e.isIntersecting) visible.add(id);
        else visible.delete(id);
      }
      onVisibleChange(paragraphs.filter((p) => visible.has(p.id)).map((p) => p.id));
    });
    for (const p of el.querySelectorAll('[data-paragraph-id]')) observer.observe(p);
    return () => observer.disconnect();
  }, [paragraphs, onVisibleChange]);

  if (paragraphs.length === 0) return <Text>{t('reading.noParagraphs')}</Text>;

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- clicking a word is a mouse shortcut; keyboard users select text (Shift+arrows), which the reader glosses on key-up
    <div
      ref={root}
      className={styles.root}
      data-testid="paragraph-view"
      onClick={(e) => {
        if ((window.getSelection()?.toString() ?? '').trim()) return;
        const text = textFromPoint(e);
        if (text?.trim()) onWordClick(text);
      }}
    >
      {paragraphs.map((p, i) => {
        const newPage = p.page > 0 && p.page !== paragraphs[i - 1]?.page;
        const Tag = p.heading ? 'h3' : 'p';
        return (
          <Fragment key={p.id}>
            {newPage && <div className={styles.page}>{t('reading.pageMarker', { number: p.page })}</div>}
            <Tag className={p.heading ? styles.heading : styles.paragraph} data-paragraph-id={p.id} id={`para-${p.id}`}>
              {highlight(p.text, query, styles.mark)}
            </Tag>
          </Fragment>
        );
      })}
    </div>
  );
}
