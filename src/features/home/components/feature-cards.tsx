import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { BotRegular, BookOpenRegular, DocumentArrowRightRegular, FlowRegular, ImageMultipleRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { Link } from 'react-router-dom';
import { useTextStyles } from '../../../lib/components/text-styles';
import { MEDIA } from '../../../lib/constants';
import { PATHS } from '../../../lib/paths';
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
    backgroundColor: '#ffffff',
    borderRadius: '16px',
    border: '1px solid #e6eaf5',
    boxShadow: '0 1px 2px rgba(15, 23, 42, 0.04)',
    transitionProperty: 'box-shadow, transform',
    transitionDuration: '150ms',
    ':hover': { boxShadow: '0 18px 40px rgba(23, 43, 120, 0.12)', transform: 'translateY(-2px)' },
    [MEDIA.belowMd]: { gridColumn: 'span 1' },
  },
  wide: { gridColumn: 'span 3', [MEDIA.belowMd]: { gridColumn: '1 / -1' } },
  icon: { width: '48px', height: '48px', borderRadius: '12px', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '26px' },
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

interface Card {
  id: 'converter' | 'reader' | 'qaBot' | 'automation' | 'images';
  icon: ReactElement;
  tint: string;
  color: string;
  to?: string;
  wide?: boolean;
}

/** Spec §1: the converter plus the four AI offerings. */
const CARDS: readonly Card[] = [
  { id: 'converter', icon: <DocumentArrowRightRegular />, tint: '#e8eeff', color: '#2f5bea', to: PATHS.convertIntro, wide: true },
  { id: 'qaBot', icon: <BotRegular />, tint: '#ecfdf3', color: '#0f7b4f', wide: true },
  { id: 'reader', icon: <BookOpenRegular />, tint: '#fff4e5', color: '#b45309' },
  { id: 'automation', icon: <FlowRegular />, tint: '#f3edff', color: '#6d28d9' },
  { id: 'images', icon: <ImageMultipleRegular />, tint: '#ffeef0', color: '#be123c', to: PATHS.imageTools },
];

export function FeatureCards() {
  const styles = useStyles();
  const text = useTextStyles();
  const { t } = useTranslation();
  return (
    <section id="services" className={styles.section} aria-labelledby="features-title">
      <PageContainer>
        <SectionHeading id="features-title" eyebrow={t('homeSections.features.eyebrow')} title={t('homeSections.features.title')} lead={t('homeSections.features.lead')} />
        <div className={styles.grid}>
          {CARDS.map((card) => (
            <article key={card.id} className={`${styles.card} ${card.wide ? styles.wide : ''}`}>
              <span className={styles.icon} style={{ backgroundColor: card.tint, color: card.color }} aria-hidden>
                {card.icon}
              </span>
              <h3 className={text.subtitle}>{t(`homeSections.features.cards.${card.id}.title`)}</h3>
              <p className={mergeClasses(text.body, styles.desc)}>{t(`homeSections.features.cards.${card.id}.body`)}</p>
              {card.id === 'qaBot' && <p className={mergeClasses(text.body, styles.stat)}>{t('homeSections.features.cards.qaBot.stat')}</p>}
              {card.to && (
                <Link to={card.to} className={styles.more}>
                  {t('homeSections.features.learnMore')} →
                </Link>
              )}
            </article>
          ))}
        </div>
      </PageContainer>
    </section>
  );
}
