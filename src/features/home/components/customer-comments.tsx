import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { StarFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { InitialsAvatar } from '../../../lib/components/initials-avatar';
import { PageContainer } from '../../../lib/components/page-container';
import { useTextStyles } from '../../../lib/components/text-styles';
import { MEDIA } from '../../../lib/constants';
import { SectionHeading } from './section-heading';

const useStyles = makeStyles({
  section: { padding: '80px 0', [MEDIA.belowSm]: { padding: '56px 0' } },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '20px', [MEDIA.belowMd]: { gridTemplateColumns: '1fr' } },
  card: {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '26px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: '16px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  stars: { display: 'flex', gap: '2px', color: tokens.colorPaletteMarigoldForeground3 },
  quote: { margin: 0, color: tokens.colorNeutralForeground1, lineHeight: '1.7', flexGrow: 1 },
  who: { display: 'flex', alignItems: 'center', gap: '12px' },
  role: { display: 'block', color: tokens.colorNeutralForeground3 },
});

const COMMENTS = ['teacher', 'accountant', 'founder'] as const;

export function CustomerComments() {
  const styles = useStyles();
  const text = useTextStyles();
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="comments-title">
      <PageContainer>
        <SectionHeading id="comments-title" eyebrow={t('homeSections.comments.eyebrow')} title={t('homeSections.comments.title')} />
        <div className={styles.grid}>
          {COMMENTS.map((id) => (
            <figure key={id} className={styles.card}>
              <div className={styles.stars} role="img" aria-label={t('homeSections.comments.rating')}>
                {[0, 1, 2, 3, 4].map((n) => (
                  <StarFilled key={n} aria-hidden />
                ))}
              </div>
              <blockquote className={styles.quote}>{t(`homeSections.comments.items.${id}.quote`)}</blockquote>
              <figcaption className={styles.who}>
                <InitialsAvatar name={t(`homeSections.comments.items.${id}.name`)} size={40} />
                <span>
                  <span className={mergeClasses(text.body, text.strong)}>{t(`homeSections.comments.items.${id}.name`)}</span>
                  <span className={mergeClasses(text.caption, styles.role)}>{t(`homeSections.comments.items.${id}.role`)}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </PageContainer>
    </section>
  );
}
