import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../tokens';
import { PRODUCT_NAME } from '../constants';

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: '10px', textDecoration: 'none' },
  word: {
    fontSize: '20px',
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '-0.02em',
    color: tokens.colorNeutralForeground1,
  },
  wordInverse: { color: tokens.colorNeutralForegroundStaticInverted },
});

interface LogoProps {
  /** 'inverse' is the white-on-navy logo used by the login and register pages. */
  variant?: 'default' | 'inverse';
  showWord?: boolean;
  size?: number;
}

/** The DocuFlow mark: a document whose corner turns into a flowing arrow. */
export function Logo({ variant = 'default', showWord = true, size = 32 }: LogoProps) {
  const styles = useStyles();
  const inverse = variant === 'inverse';
  return (
    <span className={styles.root}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={`logo-g-${variant}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" style={{ stopColor: inverse ? tokens.colorBrandBackgroundInvertedPressed : tokens.colorBrandBackgroundStatic }} />
            <stop offset="1" style={{ stopColor: inverse ? tokens.colorBrandBackgroundInverted : tokens.colorBrandBackground4Static }} />
          </linearGradient>
        </defs>
        <rect x="2" y="2" width="60" height="60" rx="16" fill={`url(#logo-g-${variant})`} />
        <path d="M20 14h17l9 9v27a3 3 0 0 1-3 3H20a3 3 0 0 1-3-3V17a3 3 0 0 1 3-3z" style={{ fill: inverse ? tokens.colorBrandBackground4Static : tokens.colorBrandBackgroundInverted }} />
        <path d="M37 14v9h9" fill="none" style={{ stroke: tokens.colorBrandBackgroundInvertedPressed }} strokeWidth="3" strokeLinejoin="round" />
        <path d="M23 35h13m-4-5 5 5-5 5" fill="none" style={{ stroke: inverse ? tokens.colorBrandBackgroundInverted : tokens.colorBrandBackgroundStatic }} strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M23 45h16" style={{ stroke: tokens.colorBrandBackgroundInvertedPressed }} strokeWidth="3" strokeLinecap="round" />
      </svg>
      {showWord && <span className={`${styles.word} ${inverse ? styles.wordInverse : ''}`}>{PRODUCT_NAME}</span>}
    </span>
  );
}
