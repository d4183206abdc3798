import { makeStyles } from '@fluentui/react-components';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';

const THUMB_WIDTH = 96;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'center', margin: 0, padding: 0, listStyleType: 'none' },
  button: {
    display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2px', border: `2px solid transparent`, backgroundColor: 'transparent',
    cursor: 'pointer', padding: '2px', borderRadius: tokens.borderRadiusMedium, color: tokens.colorNeutralForeground2,
  },
  current: { border: `2px solid ${tokens.colorBrandStroke1}` },
  frame: { backgroundColor: tokens.colorNeutralForegroundStaticInverted, boxShadow: tokens.shadow2, width: `${THUMB_WIDTH}px` },
});

function Thumbnail({ doc, number, aspect }: { doc: PDFDocumentProxy; number: number; aspect: number }) {
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const o = new IntersectionObserver(([e]) => e?.isIntersecting && setNear(true), { rootMargin: '200px' });
    o.observe(el);
    return () => o.disconnect();
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!near || !el) return;
    let cancelled = false;
    void (async () => {
      const page = await doc.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: THUMB_WIDTH / base.width });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      if (!cancelled) el.replaceChildren(canvas);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [near, doc, number]);
  return <div ref={ref} className={styles.frame} style={{ height: THUMB_WIDTH * aspect }} aria-hidden="true" />;
}

/** Page thumbnails, drawn small as they scroll into view; a click goes to the page. */
export function Thumbnails({ doc, aspect, currentPage, onGo }: { doc: PDFDocumentProxy; aspect: number; currentPage: number; onGo: (page: number) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <ul className={styles.list} data-testid="thumbnails">
      {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((n) => (
        <li key={n}>
          <button type="button" className={`${styles.button} ${n === currentPage ? styles.current : ''}`} onClick={() => onGo(n)} aria-label={t('reading.goToPage', { number: n })} aria-current={n === currentPage ? 'page' : undefined}>
            <Thumbnail doc={doc} number={n} aspect={aspect} />
            <span>{n}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
