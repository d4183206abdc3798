import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../tokens';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: '50%',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    flexShrink: 0,
    userSelect: 'none',
  },
});

/** Initials in a brand circle: the header's avatar without Fluent's Avatar (kept off the first paint). */
export function InitialsAvatar({ name, size = 32 }: { name: string; size?: number }) {
  const styles = useStyles();
  const initials = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span className={styles.root} style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
