import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  icon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '40px',
    height: '40px',
    borderRadius: '10px',
    color: tokens.colorNeutralForegroundStaticInverted,
    fontWeight: tokens.fontWeightBold,
    fontSize: '18px',
    lineHeight: 1,
  },
  small: { width: '32px', height: '32px', borderRadius: '8px', fontSize: '15px' },
});

/** The coloured letter of a format (from the catalogue); decorative, the text next to it names the format. */
export function FormatIcon({ icon, size = 'medium' }: { icon: { letter: string; color: string }; size?: 'small' | 'medium' }) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.icon, size === 'small' && styles.small)} style={{ backgroundColor: icon.color }} aria-hidden>
      {icon.letter}
    </span>
  );
}
