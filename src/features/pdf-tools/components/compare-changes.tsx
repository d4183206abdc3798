import { Button, makeStyles, mergeClasses } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronUpRegular } from '@fluentui/react-icons';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Change } from '@engines/pdf/compare-diff';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '10px', minWidth: 0 },
  summary: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  kinds: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  steps: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  position: { color: tokens.colorNeutralForeground2 },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: '4px',
    maxHeight: '220px',
    overflowY: 'auto',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  item: {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    padding: '6px 8px',
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    background: 'none',
    color: tokens.colorNeutralForeground1,
    font: 'inherit',
    cursor: 'pointer',
    overflowWrap: 'anywhere',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  current: { backgroundColor: tokens.colorBrandBackground2, fontWeight: tokens.fontWeightSemibold },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** A long passage (a whole page inserted) is cut for the list; the pages show all of it. */
const CLIP = 60;
const clip = (text: string) => (text.length > CLIP ? `${text.slice(0, CLIP)}…` : text);

function changeLabel(t: (key: string, values: Record<string, unknown>) => string, change: Change): string {
  if (change.removed && change.added) return t('pdfCompare.change.replaced', { page: change.newPage, from: clip(change.removed), to: clip(change.added) });
  if (change.added) return t('pdfCompare.change.added', { page: change.newPage, text: clip(change.added) });
  return t('pdfCompare.change.removed', { page: change.newPage, text: clip(change.removed) });
}

interface CompareChangesProps {
  changes: readonly Change[];
  current: number;
  /** `focus`: the step came from the list's keys, so the new item takes the focus. */
  onSelect: (index: number, focus: boolean) => void;
}

/** The summary, Previous and Next, and the list of differences, stepped with the arrow keys. */
export function CompareChanges({ changes, current, onSelect }: CompareChangesProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const count = changes.length;
  const kinds = {
    changed: changes.filter((c) => c.removed && c.added).length,
    added: changes.filter((c) => !c.removed).length,
    removed: changes.filter((c) => !c.added).length,
  };

  useEffect(() => {
    items.current[current]?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: count - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const index = Math.max(0, Math.min(count - 1, next));
    onSelect(index, true);
    items.current[index]?.focus();
  };

  return (
    <section className={styles.root} aria-label={t('pdfCompare.listLabel')}>
      <p className={styles.summary} data-testid="compare-summary" data-count={count}>
        {t('pdfCompare.summary', { count })}
      </p>
      <p className={styles.kinds}>{t('pdfCompare.kinds', kinds)}</p>
      <div className={styles.steps}>
        <Button icon={<ChevronUpRegular />} disabled={current <= 0} onClick={() => onSelect(current - 1, false)} data-testid="compare-prev">
          {t('pdfCompare.previous')}
        </Button>
        <Button icon={<ChevronDownRegular />} disabled={current >= count - 1} onClick={() => onSelect(current + 1, false)} data-testid="compare-next">
          {t('pdfCompare.next')}
        </Button>
        <span className={styles.position} aria-live="polite" data-testid="compare-position">
          {t('pdfCompare.position', { current: current + 1, count })}
        </span>
      </div>
      <ol className={styles.list} aria-label={t('pdfCompare.listLabel')} aria-describedby="compare-list-hint">
        {changes.map((change, i) => (
          <li key={change.index}>
            <button
              type="button"
              ref={(el) => {
                items.current[i] = el;
              }}
              className={mergeClasses(styles.item, i === current && styles.current)}
              aria-current={i === current ? 'true' : undefined}
              tabIndex={i === current ? 0 : -1}
              onClick={() => onSelect(i, false)}
              onKeyDown={onKeyDown}
              data-testid="compare-change"
            >
              {changeLabel(t, change)}
            </button>
          </li>
        ))}
      </ol>
      <p className={styles.hint} id="compare-list-hint">
        {t('pdfCompare.listHint')}
      </p>
    </section>
  );
}
