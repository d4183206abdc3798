import { Button, Spinner, ToggleButton, makeStyles, mergeClasses } from '@fluentui/react-components';
import { DismissRegular, EditRegular } from '@fluentui/react-icons';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { fromView, toView, type Box, type Hit, type Region } from '../redact-hits';
import type { RedactPage } from '../redact-reading';
import { usePagePreview } from '../sign-page-preview';
import { PAPER, PENDING_BOX_WASH, REDACTION_PREVIEW } from '../../../lib/paper-colors';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  strip: { display: 'flex', gap: '8px', overflowX: 'auto', padding: '4px 2px 8px', listStyle: 'none', margin: 0 },
  thumb: {
    position: 'relative',
    flexShrink: 0,
    width: '84px',
    height: '110px',
    padding: '4px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
  },
  thumbOn: { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '1px' },
  sheet: { position: 'relative', display: 'inline-block', maxWidth: '100%', maxHeight: '100%', lineHeight: 0 },
  thumbImg: { display: 'block', maxWidth: '76px', maxHeight: '100px', boxShadow: tokens.shadow4 },
  thumbNo: { position: 'absolute', left: '4px', bottom: '2px', fontSize: tokens.fontSizeBase100, lineHeight: tokens.lineHeightBase100, color: tokens.colorNeutralForeground2, backgroundColor: tokens.colorNeutralBackground1, padding: '0 3px', borderRadius: '3px' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  grow: { flexGrow: 1 },
  stage: { position: 'relative', width: '100%', maxWidth: '640px', alignSelf: 'center', boxShadow: tokens.shadow8, backgroundColor: PAPER, userSelect: 'none' },
  drawing: { touchAction: 'none', cursor: 'crosshair' },
  page: { display: 'block', width: '100%', height: 'auto', pointerEvents: 'none' },
  waiting: { minHeight: '240px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  kept: { position: 'absolute', backgroundColor: REDACTION_PREVIEW, pointerEvents: 'none' },
  dropped: { position: 'absolute', outline: `1px dashed ${tokens.colorPaletteRedBorder2}`, pointerEvents: 'none' },
  drawn: {
    position: 'absolute',
    boxSizing: 'border-box',
    backgroundColor: REDACTION_PREVIEW,
    outline: `2px solid ${tokens.colorBrandStroke1}`,
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}` },
  },
  pending: { position: 'absolute', boxSizing: 'border-box', border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: PENDING_BOX_WASH, pointerEvents: 'none' },
  remove: { position: 'absolute', right: '-14px', top: '-14px', minWidth: '28px', width: '28px', height: '28px', borderRadius: '50%', padding: 0 },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** A drawn box: a region with an id so it can be removed. */
export interface DrawnBox extends Region {
  id: string;
}

const PREVIEW_WIDTH = 900;
/** Smaller than this share of the page, a drag is taken for a click. */
const MIN_SHARE = 0.005;

const at = (box: Box) => ({ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` });

/** The boxes on one page as the user sees them: kept hits black, dropped hits dashed. */
function HitMarks({ hits, dropped, size }: { hits: readonly Hit[]; dropped: ReadonlySet<string>; size: RedactPage }) {
  const styles = useStyles();
  return (
    <>
      {hits.flatMap((hit) =>
        hit.boxes.map((box, i) => (
          <span key={`${hit.id}-${i}`} className={dropped.has(hit.id) ? styles.dropped : styles.kept} style={at(toView(box, size))} data-testid={dropped.has(hit.id) ? 'redact-mark-dropped' : 'redact-mark'} aria-hidden />
        )),
      )}
    </>
  );
}

interface RedactPagesProps {
  file: File;
  count: number;
  thumbs: ReadonlyMap<number, string>;
  texts: ReadonlyMap<number, RedactPage>;
  page: number;
  onPage: (page: number) => void;
  hits: readonly Hit[];
  dropped: ReadonlySet<string>;
  drawn: readonly DrawnBox[];
  onDrawn: (update: (list: DrawnBox[]) => DrawnBox[]) => void;
}

/** Page thumbnails with the hits on them, and the chosen page large, where boxes are drawn by dragging. */
export function RedactPages({ file, count, thumbs, texts, page, onPage, hits, dropped, drawn, onDrawn }: RedactPagesProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const preview = usePagePreview(file, page, PREVIEW_WIDTH);
  const stage = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<Box | null>(null);
  // On a touch screen a drag on the page scrolls until drawing is turned on; with a mouse it draws.
  const [drawing, setDrawing] = useState(() => typeof window === 'undefined' || window.matchMedia?.('(pointer: fine)').matches !== false);
  const size = texts.get(page);

  const add = (box: Box) => size && onDrawn((list) => [...list, { id: crypto.randomUUID(), page, ...box }]);
  const remove = (id: string) => onDrawn((list) => list.filter((b) => b.id !== id));

  const draw = (event: PointerEvent<HTMLDivElement>) => {
    const rect = stage.current?.getBoundingClientRect();
    if (!drawing || !rect || !size || !preview.url || event.button !== 0 || event.target !== event.currentTarget) return;
    event.preventDefault();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const share = (x: number, y: number) => ({ x: Math.min(1, Math.max(0, (x - rect.left) / rect.width)), y: Math.min(1, Math.max(0, (y - rect.top) / rect.height)) });
    const start = share(event.clientX, event.clientY);
    let box: Box = { ...start, width: 0, height: 0 };
    const move = (e: globalThis.PointerEvent) => {
      const now = share(e.clientX, e.clientY);
      box = { x: Math.min(start.x, now.x), y: Math.min(start.y, now.y), width: Math.abs(now.x - start.x), height: Math.abs(now.y - start.y) };
      setPending(box);
    };
    const end = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
      setPending(null);
      if (box.width >= MIN_SHARE && box.height >= MIN_SHARE) add(fromView(box, size));
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
  };

  const here = drawn.filter((b) => b.page === page);
  return (
    <section className={styles.root} aria-label={t('pdfRedact.pages.title')}>
      <ol className={styles.strip} aria-label={t('pdfRedact.pages.title')}>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => {
          const url = thumbs.get(n);
          const pageSize = texts.get(n);
          const marks = hits.filter((h) => h.page === n);
          const boxes = drawn.filter((b) => b.page === n);
          return (
            <li key={n}>
              <button
                type="button"
                className={mergeClasses(styles.thumb, n === page && styles.thumbOn)}
                aria-pressed={n === page}
                aria-label={t('pdfRedact.pages.showPage', { page: n, count: marks.filter((h) => !dropped.has(h.id)).length + boxes.length })}
                data-testid="redact-page-thumb"
                data-page={n}
                onClick={() => onPage(n)}
              >
                {url ? (
                  <span className={styles.sheet}>
                    <img className={styles.thumbImg} src={url} alt="" />
                    {pageSize && <HitMarks hits={marks} dropped={dropped} size={pageSize} />}
                    {pageSize && boxes.map((b) => <span key={b.id} className={styles.kept} style={at(toView(b, pageSize))} aria-hidden />)}
                  </span>
                ) : (
                  <Spinner size="extra-tiny" />
                )}
                <span className={styles.thumbNo} aria-hidden>
                  {n}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className={styles.toolbar}>
        <span className={styles.grow} aria-live="polite">
          {t('pdfRedact.pages.pageOf', { page, count })}
        </span>
        <ToggleButton icon={<EditRegular />} checked={drawing} onClick={() => setDrawing((on) => !on)} data-testid="redact-draw-mode">
          {t('pdfRedact.pages.draw')}
        </ToggleButton>
        <Button disabled={!size} onClick={() => size && add({ x: 0, y: 0, width: size.width, height: size.height })} data-testid="redact-whole-page">
          {t('pdfRedact.pages.wholePage')}
        </Button>
      </div>
      <p className={styles.hint}>{t('pdfRedact.pages.hint')}</p>
      <div ref={stage} className={mergeClasses(styles.stage, drawing && styles.drawing)} data-testid="redact-stage" data-page={page} onPointerDown={draw}>
        {preview.url ? (
          <img className={styles.page} src={preview.url} alt={t('pdfRedact.pages.pageImage', { page })} draggable={false} />
        ) : (
          <div className={styles.waiting}>
            <Spinner size="small" label={t('pdfRedact.pages.drawing')} />
          </div>
        )}
        {preview.url && size && <HitMarks hits={hits.filter((h) => h.page === page)} dropped={dropped} size={size} />}
        {preview.url &&
          size &&
          here.map((b, i) => (
            <div
              key={b.id}
              className={styles.drawn}
              style={at(toView(b, size))}
              role="group"
              aria-roledescription={t('pdfRedact.pages.boxRole')}
              aria-label={t('pdfRedact.pages.boxLabel', { page, n: i + 1 })}
              data-testid="redact-drawn"
            >
              <Button className={styles.remove} size="small" icon={<DismissRegular />} aria-label={t('pdfRedact.pages.remove', { page, n: i + 1 })} onPointerDown={(e) => e.stopPropagation()} onClick={() => remove(b.id)} />
            </div>
          ))}
        {pending && <span className={styles.pending} style={at(pending)} aria-hidden />}
      </div>
    </section>
  );
}
