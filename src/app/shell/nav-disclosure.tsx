import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavStyles } from './nav-styles';

const CLOSE_DELAY_MS = 200;

const loadPanel = () => import('./pdf-tools-panel');
const PdfToolsPanel = lazy(() => loadPanel().then((m) => ({ default: m.PdfToolsPanel })));

const useStyles = makeStyles({
  chevron: { fontSize: '12px', marginLeft: '4px', transitionProperty: 'transform', transitionDuration: '120ms' },
  chevronOpen: { transform: 'rotate(180deg)' },
});

/**
 * "PDF tools": a hover (and click/keyboard) disclosure listing conversions in the spec's four
 * groups. Hand-rolled rather than Fluent's Popover, whose positioning engine would cost the
 * first paint ~30 KB; the panel is centred under the header, which is positioned, and its code
 * is fetched when the browser is idle.
 */
export function PdfToolsMenu() {
  const styles = useStyles();
  const nav = useNavStyles();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const hideSoon = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => {
    const prefetch = () => void loadPanel();
    const idle = window.requestIdleCallback?.(prefetch) ?? window.setTimeout(prefetch, 2000);
    return () => {
      cancelClose();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      triggerRef.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- not a control: it hears what bubbles up from the button and links inside (which keyboard users reach) to open on hover, close on Escape or when focus leaves
    <div onMouseEnter={show} onMouseLeave={hideSoon} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        className={mergeClasses(nav.item, nav.button)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="pdf-tools-trigger"
      >
        {t('nav.pdfTools')}
        <ChevronDownRegular className={mergeClasses(styles.chevron, open && styles.chevronOpen)} aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <PdfToolsPanel id={panelId} onNavigate={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
