import { Button, makeStyles, mergeClasses } from '@fluentui/react-components';
import { ZoomFitRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';

const MIN_ZOOM = 1;
const MAX_ZOOM = 16;
const STEP = 1.5;

const useStyles = makeStyles({
  stage: {
    position: 'relative',
    height: 'min(62vh, 600px)',
    minHeight: '220px',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    touchAction: 'none',
    userSelect: 'none',
    cursor: 'ew-resize',
    backgroundImage: `repeating-conic-gradient(${tokens.colorNeutralBackground3} 0% 25%, ${tokens.colorNeutralBackground1} 0% 50%)`,
    backgroundSize: '16px 16px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  panning: { cursor: 'grab' },
  layer: { position: 'absolute', inset: 0 },
  image: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', transformOrigin: 'center', pointerEvents: 'none' },
  // Real pixels, not smoothed ones, once a pixel is bigger than a screen pixel: that is where compression shows.
  pixelated: { imageRendering: 'pixelated' },
  divider: {
    position: 'absolute',
    top: 0,
    bottom: 0,
    width: '2px',
    marginLeft: '-1px',
    backgroundColor: tokens.colorNeutralForegroundOnBrand,
    boxShadow: `0 0 0 1px ${tokens.colorNeutralStrokeAccessible}`,
    pointerEvents: 'none',
  },
  label: {
    position: 'absolute',
    top: '8px',
    padding: '2px 8px',
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForegroundInverted,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    opacity: 0.85,
    pointerEvents: 'none',
  },
  before: { left: '8px' },
  after: { right: '8px' },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', marginTop: '10px' },
  slider: { flex: '1 1 200px', minWidth: 0 },
  zoom: { minWidth: '4em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
});

export interface CompareSide {
  url: string;
  alt: string;
}

interface Pan {
  x: number;
  y: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Before and after in one frame with a divider (Squoosh's view): the "after" layer is clipped at
 * the divider, both images share one zoom and pan so the same pixels sit side by side. Drag to
 * move the divider (or to pan once zoomed), the wheel or +/− to zoom about a point, arrows to pan,
 * 0 to fit; the range input moves the divider from the keyboard.
 */
export function CompareStage({ before, after, labels }: { before: CompareSide; after: CompareSide; labels: { before: string; after: string } }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Pan>({ x: 0, y: 0 });
  const drag = useRef<{ mode: 'split' | 'pan'; x: number; y: number; pan: Pan } | null>(null);

  /** Keeps the picture over the frame: at zoom z it may move at most (z − 1) / 2 of the frame each way. */
  const bounded = useCallback((next: Pan, z: number): Pan => {
    const box = stage.current?.getBoundingClientRect();
    if (!box) return next;
    const mx = ((z - 1) * box.width) / 2;
    const my = ((z - 1) * box.height) / 2;
    return { x: clamp(next.x, -mx, mx), y: clamp(next.y, -my, my) };
  }, []);

  /** Zooms to `target`, keeping the point `at` (from the frame's centre, px) where it is. */
  const zoomTo = useCallback(
    (target: number, at: Pan = { x: 0, y: 0 }) => {
      const z = clamp(target, MIN_ZOOM, MAX_ZOOM);
      setZoom((current) => {
        setPan((p) => bounded({ x: at.x - ((at.x - p.x) * z) / current, y: at.y - ((at.y - p.y) * z) / current }, z));
        return z;
      });
    },
    [bounded],
  );

  // A wheel zoom must cancel the page's scroll, which React's passive wheel listener cannot.
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = el.getBoundingClientRect();
      const at = { x: e.clientX - box.left - box.width / 2, y: e.clientY - box.top - box.height / 2 };
      setZoom((current) => {
        const z = clamp(current * (e.deltaY < 0 ? 1.25 : 0.8), MIN_ZOOM, MAX_ZOOM);
        setPan((p) => bounded({ x: at.x - ((at.x - p.x) * z) / current, y: at.y - ((at.y - p.y) * z) / current }, z));
        return z;
      });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [bounded]);

  const splitAt = (clientX: number) => {
    const box = stage.current?.getBoundingClientRect();
    if (box && box.width > 0) setSplit(clamp(((clientX - box.left) / box.width) * 100, 0, 100));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const nearDivider = Math.abs(e.clientX - (box.left + (split / 100) * box.width)) <= 16;
    // At 1x there is nothing to pan: any drag moves the divider. Zoomed, only a drag on the divider does.
    const mode = zoom === 1 || nearDivider ? 'split' : 'pan';
    drag.current = { mode, x: e.clientX, y: e.clientY, pan };
    e.currentTarget.setPointerCapture(e.pointerId);
    if (mode === 'split') splitAt(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    if (d.mode === 'split') splitAt(e.clientX);
    else setPan(bounded({ x: d.pan.x + e.clientX - d.x, y: d.pan.y + e.clientY - d.y }, zoom));
  };
  const onPointerUp = () => (drag.current = null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = 40;
    const moves: Record<string, Pan> = { ArrowLeft: { x: step, y: 0 }, ArrowRight: { x: -step, y: 0 }, ArrowUp: { x: 0, y: step }, ArrowDown: { x: 0, y: -step } };
    if (e.key === '+' || e.key === '=') zoomTo(zoom * STEP);
    else if (e.key === '-') zoomTo(zoom / STEP);
    else if (e.key === '0') zoomTo(1);
    else if (moves[e.key] && zoom > 1) setPan((p) => bounded({ x: p.x + moves[e.key]!.x, y: p.y + moves[e.key]!.y }, zoom));
    else return;
    e.preventDefault();
  };

  const transform = `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`;
  const image = mergeClasses(styles.image, zoom >= 2 && styles.pixelated);
  return (
    <div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a viewer with its own keys (zoom, pan) and drags; the divider also has its range input */}
      <div
        ref={stage}
        className={mergeClasses(styles.stage, zoom > 1 && styles.panning)}
        role="application"
        aria-label={t('imageTools.compare.stage')}
        aria-roledescription={t('imageTools.compare.roledescription')}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so its zoom and pan keys work
        tabIndex={0}
        data-testid="image-compare-stage"
        data-zoom={zoom}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <div className={styles.layer}>
          <img className={image} style={{ transform }} src={before.url} alt={before.alt} data-testid="image-compare-before" draggable={false} />
        </div>
        <div className={styles.layer} style={{ clipPath: `inset(0 0 0 ${split}%)` }} data-testid="image-compare-after-layer">
          <img className={image} style={{ transform }} src={after.url} alt={after.alt} data-testid="image-compare-after" draggable={false} />
        </div>
        <div className={styles.divider} style={{ left: `${split}%` }} />
        <span className={mergeClasses(styles.label, styles.before)}>{labels.before}</span>
        <span className={mergeClasses(styles.label, styles.after)}>{labels.after}</span>
      </div>
      <div className={styles.controls}>
        <input
          className={styles.slider}
          type="range"
          min={0}
          max={100}
          step={1}
          value={Math.round(split)}
          aria-label={t('imageTools.compare.split')}
          aria-valuetext={t('imageTools.compare.splitValue', { before: Math.round(split), after: 100 - Math.round(split) })}
          onChange={(e) => setSplit(Number(e.currentTarget.value))}
          data-testid="image-compare-split"
        />
        <Button size="small" icon={<ZoomOutRegular />} aria-label={t('imageTools.compare.zoomOut')} disabled={zoom <= MIN_ZOOM} onClick={() => zoomTo(zoom / STEP)} />
        <span className={styles.zoom} aria-live="polite" data-testid="image-compare-zoom">
          {t('imageTools.compare.zoomLevel', { percent: Math.round(zoom * 100) })}
        </span>
        <Button size="small" icon={<ZoomInRegular />} aria-label={t('imageTools.compare.zoomIn')} disabled={zoom >= MAX_ZOOM} onClick={() => zoomTo(zoom * STEP)} />
        <Button size="small" icon={<ZoomFitRegular />} disabled={zoom === 1} onClick={() => zoomTo(1)}>
          {t('imageTools.compare.fit')}
        </Button>
      </div>
    </div>
  );
}
