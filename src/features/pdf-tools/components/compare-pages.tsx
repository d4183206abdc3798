import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Change, PageBox } from '@engines/pdf/compare-diff';
import { MEDIA } from '../../../lib/constants';
import { tokens } from '../../../lib/tokens';
import type { ReadVersion } from '../compare-reading';
import { usePageImage } from '../compare-page-image';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '16px', alignItems: 'start', [MEDIA.belowSm]: { gridTemplateColumns: '1fr' } },
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: '6px', minWidth: 0 },
  caption: { fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  sheet: {
    position: 'relative',
    width: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    borderRadius: tokens.borderRadiusSmall,
    overflow: 'hidden',
  },
  image: { position: 'absolute', inset: 0, width: '100%', height: '100%' },
  box: { position: 'absolute', mixBlendMode: 'multiply', borderRadius: '2px', pointerEvents: 'none' },
  // Multiplied over the page picture at part strength, so the words stay readable under them.
  removed: { backgroundColor: `color-mix(in srgb, ${tokens.colorPaletteRedBackground3} 40%, transparent)` },
  added: { backgroundColor: `color-mix(in srgb, ${tokens.colorPaletteGreenBackground3} 40%, transparent)` },
  caret: { backgroundColor: tokens.colorPaletteRedBackground3, minWidth: '2px' },
  current: { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '1px' },
  legend: { display: 'flex', flexWrap: 'wrap', gap: '16px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  swatch: { display: 'inline-block', width: '12px', height: '12px', marginInlineEnd: '6px', verticalAlign: 'middle', borderRadius: '2px' },
});

type Side = 'older' | 'newer';
interface Mark {
  box: PageBox;
  change: number;
  kind: 'removed' | 'added' | 'caret';
}

/** Every mark on one page of one side: words out (older) or in (newer), and carets where the other side's words were. */
function marksOn(side: Side, page: number, changes: readonly Change[]): Mark[] {
  return changes.flatMap((c) => {
    const boxes = side === 'older' ? c.oldBoxes : c.newBoxes;
    const anchor = side === 'older' ? c.oldAnchor : c.newAnchor;
    const marks: Mark[] = boxes.map((box) => ({ box, change: c.index, kind: side === 'older' ? 'removed' : 'added' }));
    if (anchor) marks.push({ box: anchor, change: c.index, kind: 'caret' });
    return marks.filter((m) => m.box.page === page);
  });
}

interface PageProps {
  side: Side;
  version: ReadVersion;
  page: number;
  changes: readonly Change[];
  current: number;
  /** Bumped on each step the user takes: the current mark is then scrolled into view. */
  step: number;
  scroll: boolean;
}

function ComparePage({ side, version, page, changes, current, step, scroll }: PageProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const url = usePageImage(version.id, version.file, page);
  const size = version.sizes[page - 1] ?? { width: 595, height: 842 };
  const first = useRef<HTMLDivElement | null>(null);
  const marks = marksOn(side, page, changes);

  useEffect(() => {
    if (step === 0 || !scroll) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    first.current?.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [step, scroll, current]);

  const firstCurrent = marks.findIndex((m) => m.change === current);
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <figure className={styles.figure} data-testid={`compare-page-${side}`} data-page={page}>
      <figcaption className={styles.caption}>{t('pdfCompare.pageCaption', { side: t(`pdfCompare.${side}`), page, count: version.sizes.length })}</figcaption>
      <div className={styles.sheet} style={{ aspectRatio: `${size.width} / ${size.height}` }}>
        {url && <img className={styles.image} src={url} alt={t('pdfCompare.pageAlt', { page, side: t(`pdfCompare.sides.${side}`) })} />}
        {marks.map((m, i) => {
          const isCurrent = m.change === current;
          return (
            <div
              key={i}
              ref={i === firstCurrent ? first : undefined}
              className={mergeClasses(styles.box, styles[m.kind], isCurrent && styles.current)}
              style={{ left: pct(m.box.x, size.width), top: pct(m.box.y, size.height), width: pct(m.box.width, size.width), height: pct(m.box.height, size.height) }}
              data-testid="compare-mark"
              data-kind={m.kind}
              data-change={m.change}
              data-current={isCurrent || undefined}
              aria-hidden
            />
          );
        })}
      </div>
    </figure>
  );
}

interface ComparePagesProps {
  older: ReadVersion;
  newer: ReadVersion;
  changes: readonly Change[];
  current: number;
  step: number;
}

/** The current difference's pages side by side (older left, newer right; stacked on a phone), marks scaled from points. */
export function ComparePages({ older, newer, changes, current, step }: ComparePagesProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const change = changes[current];
  if (!change) return null;
  const newerHasMark = change.newBoxes.length > 0 || change.newAnchor !== undefined;
  return (
    <div className={styles.root}>
      <div className={styles.legend}>
        <span>
          <span className={mergeClasses(styles.swatch, styles.removed)} aria-hidden />
          {t('pdfCompare.legend.removed')}
        </span>
        <span>
          <span className={mergeClasses(styles.swatch, styles.added)} aria-hidden />
          {t('pdfCompare.legend.added')}
        </span>
      </div>
      <div className={styles.pair}>
        <ComparePage side="older" version={older} page={change.oldPage} changes={changes} current={current} step={step} scroll={!newerHasMark} />
        <ComparePage side="newer" version={newer} page={change.newPage} changes={changes} current={current} step={step} scroll={newerHasMark} />
      </div>
    </div>
  );
}
