import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortraitPreset } from '@engines/image/ai-types';
import type { Box } from '@engines/image/crop-box';
import { clampBox, portraitCrop } from '@engines/image/portrait-crop';
import { tokens } from '../../../lib/tokens';
import { faceOverridesAtom } from '../ai-atoms';
import type { ImageItem } from '../atoms';
import { usePanelStyles } from '../components/styles';
import { useFaceDetection } from './use-face-detection';

const useStyles = makeStyles({
  stage: { position: 'relative', marginTop: '10px', lineHeight: 0, userSelect: 'none', touchAction: 'none' },
  image: { display: 'block', width: '100%', height: 'auto', maxHeight: '340px', objectFit: 'contain' },
  crop: { position: 'absolute', outline: `2px dashed ${tokens.colorPaletteYellowBorderActive}`, boxShadow: `0 0 0 9999px ${tokens.colorBackgroundOverlay}`, pointerEvents: 'none' },
  face: {
    position: 'absolute',
    border: `2px solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorTransparentBackground,
    cursor: 'move',
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', marginTop: '8px' },
});

function percent(box: Box, size: { width: number; height: number }) {
  return { left: `${(box.x / size.width) * 100}%`, top: `${(box.y / size.height) * 100}%`, width: `${(box.width / size.width) * 100}%`, height: `${(box.height / size.height) * 100}%` };
}

/** Arrow keys move the box by 1% of the picture; with Shift they resize it. */
function nudge(box: Box, key: string, shift: boolean, size: { width: number; height: number }): Box | null {
  const dx = Math.max(1, Math.round(size.width / 100));
  const dy = Math.max(1, Math.round(size.height / 100));
  const step: Record<string, [number, number]> = { ArrowLeft: [-dx, 0], ArrowRight: [dx, 0], ArrowUp: [0, -dy], ArrowDown: [0, dy] };
  const move = step[key];
  if (!move) return null;
  const next = shift
    ? { ...box, width: Math.max(8, box.width + move[0]), height: Math.max(8, box.height + move[1]) }
    : { ...box, x: box.x + move[0], y: box.y + move[1] };
  return clampBox(next, size);
}

/** The selected picture with its face box (drag or arrow keys to adjust) and the crop it gives. */
export function FaceBoxEditor({ item, preset }: { item: ImageItem; preset: PortraitPreset }) {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const detection = useFaceDetection(item);
  const [overrides, setOverrides] = useAtom(faceOverridesAtom);
  const [url, setUrl] = useState<string | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; box: Box } | null>(null);

  useEffect(() => {
    const next = URL.createObjectURL(item.file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [item]);

  const size = detection.status === 'done' ? { width: detection.width, height: detection.height } : null;
  const detected = detection.status === 'done' ? (detection.faces[0] ?? null) : null;
  const face = overrides[item.id] ?? detected;
  const width = size?.width;
  const height = size?.height;
  const crop = useMemo(() => (width && height && face ? portraitCrop({ width, height }, face, preset) : null), [width, height, face, preset]);
  const setFace = (box: Box) => setOverrides((all) => ({ ...all, [item.id]: box }));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!face) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, box: face };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    const rect = stage.current?.getBoundingClientRect();
    if (!start || !rect || !size) return;
    const scale = size.width / rect.width;
    setFace(clampBox({ ...start.box, x: start.box.x + (event.clientX - start.x) * scale, y: start.box.y + (event.clientY - start.y) * scale }, size));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!face || !size) return;
    const next = nudge(face, event.key, event.shiftKey, size);
    if (!next) return;
    event.preventDefault();
    setFace(next);
  };

  return (
    <div data-testid="ai-face-editor">
      <h3 className={panel.heading}>{t('aiImage.face.title')}</h3>
      <div className={styles.stage} ref={stage}>
        {url && <img className={styles.image} src={url} alt={t('aiImage.face.alt', { name: item.name })} />}
        {size && crop && <div className={styles.crop} style={percent(crop, size)} data-testid="ai-crop-box" />}
        {size && face && (
          <div
            className={styles.face}
            style={percent(face, size)}
            role="button"
            tabIndex={0}
            aria-label={t('aiImage.face.boxLabel')}
            data-testid="ai-face-box"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={onKeyDown}
          />
        )}
      </div>
      <div className={styles.row}>
        {detection.status === 'detecting' && <Spinner size="tiny" label={t('aiImage.face.detecting')} />}
        {detection.status === 'failed' && <span className={panel.muted}>{t('aiImage.face.failed')}</span>}
        {detection.status === 'done' && (
          <span className={panel.muted} data-testid="ai-face-status">
            {face ? t('aiImage.face.found') : t('aiImage.face.none')}
          </span>
        )}
        {overrides[item.id] && (
          <Button
            size="small"
            onClick={() =>
              setOverrides((all) => {
                const { [item.id]: _dropped, ...rest } = all;
                return rest;
              })
            }
          >
            {t('aiImage.face.reset')}
          </Button>
        )}
      </div>
    </div>
  );
}
