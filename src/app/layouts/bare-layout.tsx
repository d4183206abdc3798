import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { Logo } from '../../lib/components/logo';
import { MEDIA, PRODUCT_NAME } from '../../lib/constants';
import { LanguageToggle } from '../shell/language-toggle';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    background: `radial-gradient(1200px 600px at 10% -10%, ${tokens.colorBrandBackground3Static} 0%, ${tokens.colorBrandBackground4Static} 60%)`,
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    height: '64px',
    padding: '0 24px',
    backgroundColor: tokens.colorBackgroundOverlay,
    borderBottom: `1px solid ${tokens.colorNeutralStrokeAlpha2}`,
    color: tokens.colorNeutralForegroundStaticInverted,
  },
  headerLink: { display: 'inline-flex', textDecoration: 'none', borderRadius: tokens.borderRadiusMedium, ':focus-visible': { outline: `2px solid ${tokens.colorNeutralForegroundStaticInverted}` } },
  toggle: {
    color: tokens.colorNeutralForegroundStaticInverted,
    ':hover': { color: tokens.colorNeutralForegroundStaticInverted, backgroundColor: tokens.colorNeutralStrokeAlpha2 },
  },
  body: {
    flexGrow: 1,
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 440px)',
    alignItems: 'center',
    gap: '64px',
    width: '100%',
    maxWidth: '1100px',
    margin: '0 auto',
    padding: '48px 24px',
    boxSizing: 'border-box',
    [MEDIA.belowMd]: { gridTemplateColumns: '1fr', gap: '24px', maxWidth: '520px', padding: '28px 16px' },
  },
  intro: { color: tokens.colorBrandBackgroundInvertedSelected, display: 'flex', flexDirection: 'column', gap: '16px' },
  heading: { margin: 0, color: tokens.colorNeutralForegroundStaticInverted, fontSize: '44px', lineHeight: '1.1', letterSpacing: '-0.02em', [MEDIA.belowMd]: { fontSize: '32px' } },
  points: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px', [MEDIA.belowMd]: { display: 'none' } },
  point: { display: 'flex', gap: '10px', alignItems: 'center' },
  check: { color: tokens.colorBrandBackgroundInvertedPressed, fontSize: '20px', flexShrink: 0 },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: '16px',
    padding: '32px',
    boxShadow: tokens.shadow64,
    [MEDIA.belowSm]: { padding: '24px 20px' },
  },
});

const POINTS = ['privacy', 'formats', 'trial'] as const;

/** Login and register: product-name heading, a navy header with the inverse logo, no site chrome. */
export function BareLayout() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <Link to="/" className={styles.headerLink} aria-label={t('nav.logoHome')}>
          <Logo variant="inverse" />
        </Link>
        <LanguageToggle className={styles.toggle} />
      </header>
      <main className={styles.body}>
        <div className={styles.intro}>
          <h1 className={styles.heading}>{PRODUCT_NAME}</h1>
          <Text size={500}>{t('auth.layout.tagline')}</Text>
          <ul className={styles.points}>
            {POINTS.map((id) => (
              <li key={id} className={styles.point}>
                <CheckmarkCircleRegular className={styles.check} aria-hidden />
                {t(`auth.layout.points.${id}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.card}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
