import { Button, makeStyles } from '@fluentui/react-components';
import { EraserRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { trimToInk, type SignImage } from '../sign-images';
import { PAPER, SIGNATURE_INK } from '../../../lib/paper-colors';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px' },
  canvas: {
    width: '100%',
    height: '180px',
    display: 'block',
    // The pad takes every touch for ink: no scrolling or zooming while signing.
    touchAction: 'none',
    cursor: 'crosshair',
    backgroundColor: PAPER,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
});

const INK = SIGNATURE_INK;
/** Stroke width in CSS pixels; a pen's pressure varies it around this. */
const LINE = 2.6;

/** A signature drawn with the mouse, a finger or a pen (pointer events), kept as a PNG with a clear background. */
export function SignPad({ onUse }: { onUse: (image: SignImage) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);

  // The backing store at the device's pixel ratio, so lines stay sharp; sized once it is laid out.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.min(3, window.devicePixelRatio || 1);
    el.width = Math.round(el.clientWidth * ratio);
    el.height = Math.round(el.clientHeight * ratio);
    el.getContext('2d')?.scale(ratio, ratio);
  }, []);

  const point = (event: { clientX: number; clientY: number }) => {
    const rect = canvas.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  /** A line from the last point to this one; a pen's pressure thickens it. */
  const stroke = (event: { clientX: number; clientY: number; pressure: number; pointerType: string }) => {
    const context = canvas.current?.getContext('2d');
    const from = last.current;
    if (!context || !from) return;
    const to = point(event);
    context.strokeStyle = INK;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.lineWidth = event.pointerType === 'pen' && event.pressure > 0 ? LINE * (0.5 + event.pressure) : LINE;
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    last.current = to;
    setEmpty(false);
  };

  const clear = () => {
    const el = canvas.current;
    el?.getContext('2d')?.clearRect(0, 0, el.width, el.height);
    setEmpty(true);
  };

  const use = () => {
    const image = canvas.current && trimToInk(canvas.current);
    if (image) onUse(image);
  };

  return (
    <div className={styles.root}>
      <canvas
        ref={canvas}
        className={styles.canvas}
        role="img"
        aria-label={t('pdfSign.draw.padLabel')}
        data-testid="sign-pad"
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = point(event);
          // A tap leaves a dot.
          stroke({ clientX: event.clientX + 0.5, clientY: event.clientY, pressure: event.pressure, pointerType: event.pointerType });
        }}
        onPointerMove={(event) => {
          // Coalesced events: the points the browser merged into this one, for smooth fast strokes.
          if (!last.current) return;
          const merged = event.nativeEvent.getCoalescedEvents?.() ?? [];
          for (const e of merged.length > 0 ? merged : [event.nativeEvent]) stroke(e);
        }}
        onPointerUp={() => (last.current = null)}
        onPointerCancel={() => (last.current = null)}
      />
      <div className={styles.actions}>
        <Button appearance="primary" disabled={empty} onClick={use} data-testid="sign-use-drawn">
          {t('pdfSign.use')}
        </Button>
        <Button icon={<EraserRegular />} disabled={empty} onClick={clear}>
          {t('pdfSign.draw.clear')}
        </Button>
      </div>
    </div>
  );
}
