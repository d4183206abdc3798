import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../lib/components/logo';
import { MEDIA, PRODUCT_NAME } from '../../lib/constants';
import { PATHS } from '../../lib/paths';
import { SocialLinks } from './social-links';

const useStyles = makeStyles({
  footer: { backgroundColor: tokens.colorBrandBackground4Static, color: tokens.colorBrandBackgroundInvertedPressed, marginTop: 'auto' },
  inner: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: '56px 20px 24px',
    boxSizing: 'border-box',
    display: 'grid',
    gridTemplateColumns: '2fr 1fr 1fr 1fr',
    gap: '32px',
    [MEDIA.belowMd]: { gridTemplateColumns: '1fr 1fr' },
    [MEDIA.belowSm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '28px 16px', padding: '40px 20px 24px' },
  },
  brand: { display: 'flex', flexDirection: 'column', gap: '16px', [MEDIA.belowMd]: { gridColumn: '1 / -1' } },
  tagline: { margin: 0, maxWidth: '340px', lineHeight: '1.6' },
  heading: { margin: '0 0 14px', color: tokens.colorNeutralForegroundStaticInverted, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '10px' },
  link: {
    color: tokens.colorBrandBackgroundInvertedPressed,
    textDecoration: 'none',
    ':hover': { color: tokens.colorNeutralForegroundStaticInverted, textDecoration: 'underline' },
    ':focus-visible': { outline: `2px solid ${tokens.colorNeutralForegroundStaticInverted}`, outlineOffset: '2px' },
  },
  bottom: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: '18px 20px 28px',
    boxSizing: 'border-box',
    borderTop: `1px solid ${tokens.colorNeutralStrokeAlpha2}`,
    fontSize: tokens.fontSizeBase200,
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: '8px',
  },
});

const COLUMNS = [
  { id: 'company', links: [['about', PATHS.about], ['joinUs', `${PATHS.about}#join-us`], ['contact', PATHS.contact]] },
  { id: 'products', links: [['services', PATHS.convertIntro], ['cases', '/#cases'], ['pricing', PATHS.pricing]] },
  { id: 'legal', links: [['terms', PATHS.terms], ['privacy', `${PATHS.terms}#privacy`]] },
] as const;

/** Footer: about us, our services, successful cases, contact us, terms and privacy, join us, social icons, © 2024. */
export function AppFooter() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo variant="inverse" />
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <SocialLinks />
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
            <h2 id={`footer-${column.id}`} className={styles.heading}>
              {t(`footer.columns.${column.id}`)}
            </h2>
            <ul className={styles.list}>
              {column.links.map(([key, to]) => (
                <li key={key}>
                  <Link className={styles.link} to={to}>
                    {t(`footer.links.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={styles.bottom}>
        <span>{t('footer.copyright', { year: 2024, name: PRODUCT_NAME })}</span>
        <span>{t('footer.madeFor')}</span>
      </div>
    </footer>
  );
}
