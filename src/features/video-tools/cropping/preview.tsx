import { makeStyles } from '@fluentui/react-components';
import { forwardRef, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rect } from '@engines/video/crop';
import { tokens } from '../../../lib/tokens';
import type { PickedVideo } from '../common/use-video-file';

const useStyles = makeStyles({
  box: { position: 'relative', width: '100%', maxWidth: '720px', backgroundColor: tokens.colorNeutralBackgroundInverted, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  video: { display: 'block', width: '100%', height: '100%', objectFit: 'contain' },
  draw: { position: 'absolute', inset: 0, cursor: 'crosshair', touchAction: 'none' },
  rect: { position: 'absolute', border: `2px solid ${tokens.colorNeutralForegroundInverted}`, boxShadow: `0 0 0 9999px ${tokens.colorBackgroundOverlay}`, pointerEvents: 'none' },
});

/**
 * The preview player. In crop mode a layer over it takes a rectangle drawn with the pointer
 * (mouse, pen or touch), in the video's own pixels; the typed fields do the same by keyboard.
 */
export const Preview = forwardRef<HTMLVideoElement, { video: PickedVideo; rect?: Rect | null; onRect?: (rect: Rect) => void }>(function Preview({ video, rect, onRect }, ref) {
  const styles = useStyles();
  const { t } = useTranslation();
  const layer = useRef<HTMLDivElement>(null);
  const [from, setFrom] = useState<{ x: number; y: number } | null>(null);
  const w = video.info.video?.width ?? 16;
  const h = video.info.video?.height ?? 9;

  const toVideo = (e: React.PointerEvent) => {
    const box = layer.current!.getBoundingClientRect();
    return { x: ((e.clientX - box.left) / box.width) * w, y: ((e.clientY - box.top) / box.height) * h };
  };
  const move = (e: React.PointerEvent) => {
    if (!from || !onRect) return;
    const to = toVideo(e);
    onRect({ x: Math.round(Math.min(from.x, to.x)), y: Math.round(Math.min(from.y, to.y)), width: Math.round(Math.abs(to.x - from.x)), height: Math.round(Math.abs(to.y - from.y)) });
  };

  return (
    <div className={styles.box} style={{ aspectRatio: `${w} / ${h}` }}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the visitor's own file, previewed to pick times: there are no captions to offer */}
      <video ref={ref} className={styles.video} src={video.url} controls={!onRect} preload="metadata" aria-label={t('tools.video.crop.preview')} data-testid="video-preview" />
      {onRect && (
        <div
          ref={layer}
          className={styles.draw}
          aria-hidden
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            setFrom(toVideo(e));
          }}
          onPointerMove={move}
          onPointerUp={(e) => {
            move(e);
            setFrom(null);
          }}
        >
          {rect && <div className={styles.rect} style={{ left: `${(rect.x / w) * 100}%`, top: `${(rect.y / h) * 100}%`, width: `${(rect.width / w) * 100}%`, height: `${(rect.height / h) * 100}%` }} />}
        </div>
      )}
    </div>
  );
});
