import { Badge, makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OfferingIcon } from '../../../lib/components/offering-icon';
import { PageContainer } from '../../../lib/components/page-container';
import { useTextStyles } from '../../../lib/components/text-styles';
import { MEDIA } from '../../../lib/constants';
import { detailPath, OFFERINGS, type Offering } from '../../../lib/offerings';
import { SectionHeading } from './section-heading';

const useStyles = makeStyles({
  section: { padding: '80px 0', [MEDIA.belowSm]: { padding: '56px 0' } },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(6, 1fr)',
    gap: '20px',
    [MEDIA.belowMd]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [MEDIA.belowSm]: { gridTemplateColumns: '1fr' },
  },
  card: {
    gridColumn: 'span 2',
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '26px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: '16px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
    transitionProperty: 'box-shadow, transform',
    transitionDuration: '150ms',
    ':hover': { boxShadow: tokens.shadow16, transform: 'translateY(-2px)' },
    [MEDIA.belowMd]: { gridColumn: 'span 1' },
  },
  wide: { gridColumn: 'span 3', [MEDIA.belowMd]: { gridColumn: '1 / -1' } },
  top: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '12px' },
  desc: { color: tokens.colorNeutralForeground2, lineHeight: '1.6', flexGrow: 1 },
  stat: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  more: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    ':hover': { textDecoration: 'underline' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/** Two rows of two wide cards around a row of three. */
const WIDE: ReadonlySet<Offering['id']> = new Set(['converter', 'qaBot', 'imageTools', 'videoTools']);

/** Spec §1: the converter, the four AI offerings, image and video tools; each card leads to its detail page. */
export function FeatureCards() {
  const styles = useStyles();
  const text = useTextStyles();
  const { t } = useTranslation();
  return (
    <section id="services" className={styles.section} aria-labelledby="features-title">
      <PageContainer>
        <SectionHeading id="features-title" eyebrow={t('homeSections.features.eyebrow')} title={t('homeSections.features.title')} lead={t('homeSections.features.lead')} />
        <div className={styles.grid}>
          {OFFERINGS.map((offering) => {
            const title = t(`homeSections.features.cards.${offering.id}.title`);
            return (
              <article key={offering.id} className={mergeClasses(styles.card, WIDE.has(offering.id) && styles.wide)} data-offering={offering.name}>
                <div className={styles.top}>
                  <OfferingIcon id={offering.id} />
                  {offering.availability !== 'available' && (
                    <Badge appearance="tint" color="informative">
                      {t(`detail.status.${offering.availability}`)}
                    </Badge>
                  )}
                </div>
                <h3 className={text.subtitle}>{title}</h3>
                <p className={mergeClasses(text.body, styles.desc)}>{t(`homeSections.features.cards.${offering.id}.body`)}</p>
                {offering.id === 'qaBot' && <p className={mergeClasses(text.body, styles.stat)}>{t('homeSections.features.cards.qaBot.stat')}</p>}
                <Link to={detailPath(offering.name)} className={styles.more} aria-label={t('homeSections.features.learnMoreAbout', { title })}>
                  {t('homeSections.features.learnMore')} →
                </Link>
              </article>
            );
          })}
        </div>
      </PageContainer>
    </section>
  );
}
