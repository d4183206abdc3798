import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArrowRightFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { useTextStyles } from '../../../lib/components/text-styles';
import { MEDIA } from '../../../lib/constants';
import { FORMAT_COLORS, type FormatId } from '../../../lib/format-colors';
import { SectionHeading } from './section-heading';

const useStyles = makeStyles({
  section: { padding: '80px 0', backgroundColor: tokens.colorNeutralBackground1, [MEDIA.belowSm]: { padding: '56px 0' } },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '20px', [MEDIA.belowMd]: { gridTemplateColumns: '1fr' } },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    padding: '24px',
    borderRadius: '16px',
    background: `linear-gradient(180deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 100%)`,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  flow: { display: 'flex', alignItems: 'center', gap: '10px' },
  format: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 10px 6px 6px',
    borderRadius: '10px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase200,
  },
  letter: {
    width: '24px',
    height: '24px',
    borderRadius: '6px',
    color: tokens.colorNeutralForegroundStaticInverted,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '12px',
    fontWeight: tokens.fontWeightBold,
  },
  arrow: { color: tokens.colorBrandForeground1 },
  body: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  result: { marginTop: 'auto', paddingTop: '12px', borderTop: `1px solid ${tokens.colorNeutralStroke3}`, color: tokens.colorNeutralForeground1, fontSize: tokens.fontSizeBase200 },
});

const CASES: ReadonlyArray<{ id: 'legal' | 'finance' | 'ecommerce'; from: FormatId; to: FormatId }> = [
  { id: 'legal', from: 'word', to: 'pdf' },
  { id: 'finance', from: 'pdf', to: 'excel' },
  { id: 'ecommerce', from: 'excel', to: 'json' },
];

/** Successful cases (the footer links here as /#cases). */
export function Showcase() {
  const styles = useStyles();
  const text = useTextStyles();
  const { t } = useTranslation();
  const format = (id: FormatId) => (
    <span className={styles.format}>
      <span className={styles.letter} style={{ backgroundColor: FORMAT_COLORS[id] }} aria-hidden>
        {t(`common.formats.${id}`).charAt(0)}
      </span>
      {t(`common.formats.${id}`)}
    </span>
  );
  return (
    <section id="cases" className={styles.section} aria-labelledby="cases-title">
      <PageContainer>
        <SectionHeading id="cases-title" eyebrow={t('homeSections.showcase.eyebrow')} title={t('homeSections.showcase.title')} lead={t('homeSections.showcase.lead')} />
        <div className={styles.grid}>
          {CASES.map((c) => (
            <article key={c.id} className={styles.card}>
              <div className={styles.flow}>
                {format(c.from)}
                <ArrowRightFilled className={styles.arrow} aria-label={t('homeSections.showcase.to')} />
                {format(c.to)}
              </div>
              <h3 className={text.subtitle}>{t(`homeSections.showcase.cases.${c.id}.title`)}</h3>
              <p className={mergeClasses(text.body, styles.body)}>{t(`homeSections.showcase.cases.${c.id}.body`)}</p>
              <p className={mergeClasses(text.caption, styles.result)}>{t(`homeSections.showcase.cases.${c.id}.result`)}</p>
            </article>
          ))}
        </div>
      </PageContainer>
    </section>
  );
}
