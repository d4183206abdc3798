import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArrowRightRegular, ClockRegular, LockClosedRegular, PhoneLaptopRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { CtaLink } from '../../../lib/components/cta-link';
import { useTextStyles } from '../../../lib/components/text-styles';
import { MEDIA } from '../../../lib/constants';
import { PATHS } from '../../../lib/paths';
import { HeroIllustration } from './hero-illustration';

const useStyles = makeStyles({
  section: {
    background: `radial-gradient(900px 480px at 85% 10%, ${tokens.colorBrandBackground2Hover} 0%, transparent 70%), linear-gradient(180deg, ${tokens.colorNeutralBackground1} 0%, ${tokens.colorNeutralBackground2} 100%)`,
    padding: '72px 0 80px',
    [MEDIA.belowSm]: { padding: '40px 0 48px' },
  },
  grid: {
    display: 'grid',
    gridTemplateColumns: '1.05fr 1fr',
    alignItems: 'center',
    gap: '48px',
    [MEDIA.belowMd]: { gridTemplateColumns: '1fr', gap: '40px' },
  },
  pill: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 12px',
    borderRadius: '999px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    marginBottom: '20px',
  },
  title: {
    margin: '0 0 20px',
    fontSize: '52px',
    lineHeight: '1.08',
    letterSpacing: '-0.03em',
    color: tokens.colorNeutralForeground1,
    [MEDIA.belowMd]: { fontSize: '40px' },
    [MEDIA.belowSm]: { fontSize: '32px' },
  },
  accent: { background: `linear-gradient(90deg, ${tokens.colorBrandForeground1}, ${tokens.colorPaletteLavenderBorderActive})`, backgroundClip: 'text', color: 'transparent' },
  lead: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '540px', lineHeight: '1.6', fontWeight: tokens.fontWeightRegular },
  actions: { display: 'flex', gap: '12px', flexWrap: 'wrap', margin: '32px 0 28px' },
  trust: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '10px 22px', color: tokens.colorNeutralForeground3 },
  trustItem: { display: 'inline-flex', alignItems: 'center', gap: '6px', fontSize: tokens.fontSizeBase200 },
});

export function HeroBanner() {
  const styles = useStyles();
  const text = useTextStyles();
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="hero-title">
      <PageContainer className={styles.grid}>
        <div>
          <span className={styles.pill}>{t('home.hero.pill')}</span>
          <h1 id="hero-title" className={styles.title}>
            {t('home.hero.titleStart')} <span className={styles.accent}>{t('home.hero.titleAccent')}</span>
          </h1>
          <p className={mergeClasses(text.subtitle, styles.lead)}>{t('home.hero.lead')}</p>
          <div className={styles.actions}>
            <CtaLink to={PATHS.convertIntro} appearance="primary" size="large">
              {t('home.hero.primary')} <ArrowRightRegular aria-hidden />
            </CtaLink>
            <CtaLink to={PATHS.pricing} size="large">
              {t('home.hero.secondary')}
            </CtaLink>
          </div>
          <ul className={styles.trust}>
            <li className={styles.trustItem}>
              <ClockRegular aria-hidden /> {t('home.hero.trust.deleted')}
            </li>
            <li className={styles.trustItem}>
              <PhoneLaptopRegular aria-hidden /> {t('home.hero.trust.install')}
            </li>
            <li className={styles.trustItem}>
              <LockClosedRegular aria-hidden /> {t('home.hero.trust.private')}
            </li>
          </ul>
        </div>
        <HeroIllustration />
      </PageContainer>
    </section>
  );
}
