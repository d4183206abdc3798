import { makeStyles, Spinner } from '@fluentui/react-components';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { loadViewerPdfjs } from '../pdf-viewer-lib';
import './text-layer.css';

const useStyles = makeStyles({
  page: {
    position: 'relative',
    marginLeft: 'auto',
    marginRight: 'auto',
    // Paper: white in both themes, like the page pdf.js paints into it.
    backgroundColor: tokens.colorNeutralForegroundStaticInverted,
    boxShadow: tokens.shadow4,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  canvas: { position: 'absolute', inset: 0, width: '100%', height: '100%' },
  surface: { position: 'absolute', inset: 0 },
});

export interface PdfPageViewProps {
  doc: PDFDocumentProxy;
  number: number;
  scale: number;
  /** Size of the page at scale 1, until the page itself has been read. */
  baseSize: { width: number; height: number };
  /** Lower-cased search text; spans containing it are highlighted. */
  query: string;
  /** Highlight this page's hits as the current one. */
  current: boolean;
  onVisibility: (number: number, visible: boolean) => void;
}

function markHits(container: HTMLElement, query: string, current: boolean): void {
  for (const span of container.querySelectorAll<HTMLElement>('.textLayer span')) {
    const hit = query.length > 0 && (span.textContent ?? '').toLowerCase().includes(query);
    span.classList.toggle('reading-hit', hit);
    span.classList.toggle('reading-hit-current', hit && current);
  }
}

/**
 * One PDF page: a placeholder of the right size until it scrolls near the screen, then the
 * canvas and pdf.js's selectable text layer. Pages far away are not drawn, so a 300-page PDF
 * opens as fast as a short one.
 */
export function PdfPageView({ doc, number, scale, baseSize, query, current, onVisibility }: PdfPageViewProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Drawn into directly (canvas and text layer), outside React's children.
  const surfaceRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [size, setSize] = useState(baseSize);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const nearObserver = new IntersectionObserver(([e]) => setNear(Boolean(e?.isIntersecting)), { rootMargin: '150% 0px' });
    const visibleObserver = new IntersectionObserver(([e]) => onVisibility(number, Boolean(e?.isIntersecting)), { threshold: 0.05 });
    nearObserver.observe(el);
    visibleObserver.observe(el);
    return () => {
      nearObserver.disconnect();
      visibleObserver.disconnect();
      onVisibility(number, false);
    };
  }, [number, onVisibility]);

  useEffect(() => {
    const el = surfaceRef.current;
    if (!near || !el) return;
    let cancelled = false;
    let task: RenderTask | undefined;
    let textLayer: { cancel(): void } | undefined;
    setRendered(false);
    void (async () => {
      const lib = await loadViewerPdfjs();
      const page = await doc.getPage(number);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      setSize({ width: viewport.width / scale, height: viewport.height / scale });
      const ratio = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.className = styles.canvas;
      canvas.setAttribute('aria-hidden', 'true');
      const layer = document.createElement('div');
      layer.className = 'textLayer';
      task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await task.promise;
      if (cancelled) return;
      const text = new lib.TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      textLayer = text;
      await text.render();
      if (cancelled) return;
      el.replaceChildren(canvas, layer);
      setRendered(true);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      task?.cancel();
      textLayer?.cancel();
    };
  }, [near, doc, number, scale, styles.canvas]);

  useEffect(() => {
    if (rendered && ref.current) markHits(ref.current, query, current);
  }, [rendered, query, current]);

  return (
    <div
      ref={ref}
      className={`reading-page ${styles.page}`}
      data-page={number}
      data-rendered={rendered ? 'true' : 'false'}
      aria-label={t('reading.pageLabel', { number })}
      role="region"
      style={{ width: size.width * scale, height: size.height * scale, ['--scale-factor' as string]: String(scale) }}
    >
      <div ref={surfaceRef} className={styles.surface} />
      {!rendered && <Spinner size="tiny" aria-label={t('reading.pageLoading')} />}
    </div>
  );
}
