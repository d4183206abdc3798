import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { Suspense, useEffect, useId, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent, type LazyExoticComponent } from 'react';
import { useNavStyles } from './nav-styles';

const CLOSE_DELAY_MS = 200;

/** What a header menu's panel receives: its id (for aria-controls) and a way to close the menu. */
export interface NavPanelProps {
  id: string;
  onNavigate: () => void;
}

interface Props {
  label: string;
  testId: string;
  /** The panel, a lazy component in its own chunk. */
  Panel: LazyExoticComponent<ComponentType<NavPanelProps>>;
  /** Fetches the panel's chunk (called when the browser is idle, so the first hover is instant). */
  prefetch: () => Promise<unknown>;
}

const useStyles = makeStyles({
  chevron: { fontSize: '12px', marginLeft: '4px', transitionProperty: 'transform', transitionDuration: '120ms' },
  chevronOpen: { transform: 'rotate(180deg)' },
});

/**
 * A header menu ("PDF tools", "AI tools"): a hover (and click/keyboard) disclosure over a panel of
 * links. Hand-rolled rather than Fluent's Popover, whose positioning engine would cost the first
 * paint ~30 KB; the panel is centred under the header, which is positioned, and its code is
 * fetched when the browser is idle.
 */
export function NavDisclosure({ label, testId, Panel, prefetch: loadPanel }: Props) {
  const styles = useStyles();
  const nav = useNavStyles();
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
  }, [loadPanel]);

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
        data-testid={testId}
      >
        {label}
        <ChevronDownRegular className={mergeClasses(styles.chevron, open && styles.chevronOpen)} aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <Panel id={panelId} onNavigate={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
