import { Badge, makeStyles, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { OfferingIcon } from '../../../lib/components/offering-icon';
import { PageContainer } from '../../../lib/components/page-container';
import { LinkButton } from '../../../lib/components/router-link';
import { MEDIA } from '../../../lib/constants';
import type { Offering } from '../../../lib/offerings';
import { PATHS } from '../../../lib/paths';

const useStyles = makeStyles({
  hero: {
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '48px 0 36px',
    [MEDIA.belowSm]: { padding: '28px 0 24px' },
  },
  head: { display: 'flex', alignItems: 'center', gap: '14px', flexWrap: 'wrap' },
  eyebrow: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    fontSize: tokens.fontSizeBase200,
  },
  title: { display: 'block', margin: '14px 0 10px' },
  summary: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '760px' },
  note: { marginTop: '20px', maxWidth: '760px' },
  actions: { display: 'flex', gap: '12px', flexWrap: 'wrap', marginTop: '24px' },
});

/** The top of a detail page: what the offering is, whether it works today, and the call to start. */
export function DetailHero({ offering }: { offering: Offering }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const key = `detail.offerings.${offering.id}`;
  return (
    <section className={styles.hero}>
      <PageContainer>
        <div className={styles.head}>
          <OfferingIcon id={offering.id} />
          <span className={styles.eyebrow}>{t(`${key}.category`)}</span>
          <Badge appearance="tint" color={offering.availability === 'available' ? 'success' : 'informative'} data-testid="detail-status">
            {t(`detail.status.${offering.availability}`)}
          </Badge>
        </div>
        <Text as="h1" size={800} weight="bold" className={styles.title}>
          {t(`${key}.title`)}
        </Text>
        <Text size={400} className={styles.summary}>
          {t(`${key}.summary`)}
        </Text>
        {offering.availability !== 'available' && (
          <MessageBar intent="info" className={styles.note}>
            <MessageBarBody>{t(`detail.statusNote.${offering.availability}`)}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <LinkButton to={offering.start} appearance="primary" size="large" data-testid="detail-start">
            {t(`${key}.start`)}
          </LinkButton>
          {offering.id === 'converter' && (
            <LinkButton to={PATHS.pricing} size="large">
              {t('common.actions.seePricing')}
            </LinkButton>
          )}
        </div>
      </PageContainer>
    </section>
  );
}
