import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../tokens';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '16px',
    height: '16px',
    padding: '0 4px',
    boxSizing: 'border-box',
    borderRadius: '8px',
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: '10px',
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: 1,
  },
});

/** A small red counter (Fluent's CounterBadge look without its weight on the first paint). */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.root, className)} aria-hidden="true" data-testid="count-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}
