import { Button, Spinner, makeStyles, mergeClasses } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { defaultBox, moveBox, resizeBox, type Placement, type SignBox } from '../sign-boxes';
import { usePagePreview } from '../sign-page-preview';
import { PAGE_TEXT, PAPER, PLACEMENT_WASH } from '../../../lib/paper-colors';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  strip: { display: 'flex', gap: '8px', overflowX: 'auto', padding: '4px 2px 8px', listStyle: 'none', margin: 0 },
  thumb: {
    position: 'relative',
    flexShrink: 0,
    width: '76px',
    height: '96px',
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
  thumbImg: { maxWidth: '100%', maxHeight: '100%', boxShadow: tokens.shadow4 },
  thumbNo: { position: 'absolute', left: '4px', bottom: '2px', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground2, backgroundColor: tokens.colorNeutralBackground1, padding: '0 3px', borderRadius: '3px' },
  badge: { position: 'absolute', right: '2px', top: '2px', minWidth: '18px', height: '18px', borderRadius: '9px', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForegroundOnBrand, backgroundColor: tokens.colorBrandBackground, display: 'flex', alignItems: 'center', justifyContent: 'center' },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  grow: { flexGrow: 1 },
  // Clips the resize handle of a box at the edge, so it cannot widen a phone's screen.
  stage: { position: 'relative', overflow: 'hidden', width: '100%', maxWidth: '640px', alignSelf: 'center', boxShadow: tokens.shadow8, backgroundColor: PAPER, userSelect: 'none' },
  page: { display: 'block', width: '100%', height: 'auto' },
  waiting: { minHeight: '240px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  box: {
    position: 'absolute',
    boxSizing: 'border-box',
    outline: `1px dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: PLACEMENT_WASH,
    cursor: 'move',
    touchAction: 'none',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  boxImg: { width: '100%', height: '100%', display: 'block', pointerEvents: 'none' },
  handle: {
    position: 'absolute',
    right: '-9px',
    bottom: '-9px',
    width: '18px',
    height: '18px',
    borderRadius: '50%',
    backgroundColor: tokens.colorBrandBackground,
    border: `2px solid ${PAPER}`,
    cursor: 'nwse-resize',
    touchAction: 'none',
  },
  remove: { position: 'absolute', transform: 'translate(-50%, -50%)', minWidth: '28px', width: '28px', height: '28px', borderRadius: '50%', padding: 0 },
  date: { position: 'absolute', left: 0, top: '100%', marginTop: '2px', fontSize: '10px', color: PAGE_TEXT, whiteSpace: 'nowrap', pointerEvents: 'none' },
  initials: { position: 'absolute', outline: `1px dotted ${tokens.colorNeutralStroke1}`, pointerEvents: 'none' },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  list: { display: 'flex', flexWrap: 'wrap', gap: '6px', listStyle: 'none', margin: 0, padding: 0 },
});

/** Arrow keys move by this share of the page; with Shift they resize by it. */
const STEP = 0.01;
const PREVIEW_WIDTH = 900;

const at = (box: SignBox) => ({ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` });

interface SignPlacerProps {
  file: File;
  count: number;
  thumbs: ReadonlyMap<number, string>;
  page: number;
  onPage: (page: number) => void;
  signature: { image: string; aspect: number };
  placements: readonly Placement[];
  onPlacements: (update: (list: Placement[]) => Placement[]) => void;
  initials?: { image: string; box: SignBox };
  date?: string;
  /** The first page's shape (width over height), for the initials' box. */
  onPageAspect: (aspect: number) => void;
}

/** The chosen page at a readable size with the signature boxes on it: drag to move, the corner handle to resize, arrow keys too. */
export function SignPlacer({ file, count, thumbs, page, onPage, signature, placements, onPlacements, initials, date, onPageAspect }: SignPlacerProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const preview = usePagePreview(file, page, PREVIEW_WIDTH);
  const stage = useRef<HTMLDivElement>(null);
  const aspect = preview.aspect;
  useEffect(() => {
    if (aspect && page === 1) onPageAspect(aspect);
  }, [aspect, page, onPageAspect]);

  const update = (id: string, change: (box: SignBox) => SignBox) => onPlacements((list) => list.map((p) => (p.id === id ? { ...p, box: change(p.box) } : p)));
  const remove = (id: string) => onPlacements((list) => list.filter((p) => p.id !== id));
  const add = () => aspect && onPlacements((list) => [...list, { id: crypto.randomUUID(), page, pageAspect: aspect, box: defaultBox(aspect, signature.aspect) }]);

  /** Follows one pointer from press to release, turning its travel into shares of the page. */
  const drag = (event: PointerEvent<HTMLElement>, id: string, resize: boolean) => {
    const rect = stage.current?.getBoundingClientRect();
    const start = placements.find((p) => p.id === id)?.box;
    if (!rect || !start || !aspect || event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const [x0, y0] = [event.clientX, event.clientY];
    const move = (e: globalThis.PointerEvent) => {
      const [dx, dy] = [(e.clientX - x0) / rect.width, (e.clientY - y0) / rect.height];
      update(id, () => (resize ? resizeBox(start, start.width + dx, aspect, signature.aspect) : moveBox(start, dx, dy)));
    };
    const end = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
  };

  const keys = (event: KeyboardEvent<HTMLElement>, id: string) => {
    const delta = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[event.key];
    if (event.key === 'Delete' || event.key === 'Backspace') return (event.preventDefault(), remove(id));
    if (!delta || !aspect) return;
    event.preventDefault();
    const [dx = 0, dy = 0] = delta;
    // Shift: right and down grow, left and up shrink.
    update(id, (box) => (event.shiftKey ? resizeBox(box, box.width + (dx || -dy), aspect, signature.aspect) : moveBox(box, dx, dy)));
  };

  const here = placements.filter((p) => p.page === page);
  const signedPages = [...new Set(placements.map((p) => p.page))].sort((a, b) => a - b);
  return (
    <section className={styles.root} aria-label={t('pdfSign.place.title')}>
      <ol className={styles.strip} aria-label={t('pdfSign.place.pages')}>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => {
          const signed = placements.filter((p) => p.page === n).length;
          const url = thumbs.get(n);
          return (
            <li key={n}>
              <button
                type="button"
                className={mergeClasses(styles.thumb, n === page && styles.thumbOn)}
                aria-pressed={n === page}
                aria-label={t('pdfSign.place.showPage', { page: n, count: signed })}
                data-testid="sign-page-thumb"
                data-page={n}
                onClick={() => onPage(n)}
              >
                {url ? <img className={styles.thumbImg} src={url} alt="" /> : <Spinner size="extra-tiny" />}
                <span className={styles.thumbNo} aria-hidden>
                  {n}
                </span>
                {signed > 0 && (
                  <span className={styles.badge} aria-hidden>
                    {signed}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      <div className={styles.toolbar}>
        <span className={styles.grow} aria-live="polite">
          {t('pdfSign.place.pageOf', { page, count })}
        </span>
        <Button appearance="primary" icon={<AddRegular />} disabled={!aspect} onClick={add} data-testid="sign-add">
          {t('pdfSign.place.add')}
        </Button>
      </div>
      <p className={styles.hint}>{t('pdfSign.place.hint')}</p>
      <div ref={stage} className={styles.stage} data-testid="sign-stage" data-page={page}>
        {preview.url ? (
          <img className={styles.page} src={preview.url} alt={t('pdfSign.place.pageImage', { page })} draggable={false} />
        ) : (
          <div className={styles.waiting}>
            <Spinner size="small" label={t('pdfSign.place.drawing')} />
          </div>
        )}
        {preview.url && initials && <img className={styles.initials} style={at(initials.box)} src={initials.image} alt="" aria-hidden />}
        {preview.url &&
          here.map((p, i) => (
            <div
              key={p.id}
              className={styles.box}
              style={at(p.box)}
              tabIndex={0}
              role="button"
              aria-roledescription={t('pdfSign.place.boxRole')}
              aria-label={t('pdfSign.place.boxLabel', { page, n: i + 1 })}
              aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Delete"
              data-testid="sign-box"
              onPointerDown={(e) => drag(e, p.id, false)}
              onKeyDown={(e) => keys(e, p.id)}
            >
              <img className={styles.boxImg} src={signature.image} alt="" draggable={false} />
              {date && <span className={styles.date}>{date}</span>}
              <span className={styles.handle} aria-hidden data-testid="sign-resize" onPointerDown={(e) => drag(e, p.id, true)} />
            </div>
          ))}
        {preview.url &&
          here.map((p) => (
            // Beside the box rather than in it: a button inside the movable box would nest two controls.
            <Button
              key={`remove-${p.id}`}
              className={styles.remove}
              // Kept inside the page so a box at its edge does not widen a phone's screen.
              style={{ left: `min(${(p.box.x + p.box.width) * 100}%, calc(100% - 14px))`, top: `max(${p.box.y * 100}%, 14px)` }}
              size="small"
              icon={<DismissRegular />}
              aria-label={t('pdfSign.place.remove', { page })}
              onClick={() => remove(p.id)}
            />
          ))}
      </div>
      <p className={styles.hint} data-testid="sign-summary" aria-live="polite">
        {signedPages.length === 0 ? t('pdfSign.place.none') : t('pdfSign.place.summary', { pages: signedPages.join(', '), count: placements.length })}
      </p>
    </section>
  );
}
