import { Badge, makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import type { ConvertCard } from '@contracts/convert-catalogue';
import { acceptedFor } from '@engines/engine-table';
import { PageContainer } from '../../../lib/components/page-container';
import { TextLink } from '../../../lib/components/router-link';
import { MEDIA } from '../../../lib/constants';
import { PATHS, pricingPath } from '../../../lib/paths';
import type { Limit } from '../api';
import { cardDescription, cardLabel, dotted } from '../card-text';
import { FormatIcon } from './format-icon';

const useStyles = makeStyles({
  hero: {
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '36px 0 28px',
    [MEDIA.belowSm]: { padding: '22px 0 18px' },
  },
  eyebrow: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase200, textTransform: 'uppercase', letterSpacing: '0.08em' },
  heading: { display: 'flex', alignItems: 'center', gap: '14px', margin: '10px 0 8px' },
  description: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '760px' },
  facts: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 16px', marginTop: '16px', fontSize: tokens.fontSizeBase200 },
  fact: { display: 'inline-flex', alignItems: 'center', gap: '6px', color: tokens.colorNeutralForeground2 },
  exts: { display: 'inline-flex', flexWrap: 'wrap', gap: '4px' },
});

/** The page's heading, what it accepts and the conversions left. */
export function ConvertHero({ card, limit }: { card: ConvertCard; limit: Limit | undefined }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  return (
    <section className={styles.hero}>
      <PageContainer>
        <TextLink to={PATHS.convertIntro} className={styles.eyebrow}>
          {t('convert.page.eyebrow')}
        </TextLink>
        <div className={styles.heading}>
          <FormatIcon icon={card.icon} />
          <Text as="h1" size={800} weight="bold">
            {cardLabel(t, i18n, card)}
          </Text>
        </div>
        <Text size={400} className={styles.description}>
          {cardDescription(t, i18n, card)}
        </Text>
        <div className={styles.facts}>
          <span className={styles.fact}>
            {t('convert.page.accepts')}
            <span className={styles.exts} data-testid="accepted-extensions">
              {dotted(acceptedFor(card)).map((ext) => (
                <Badge key={ext} appearance="outline" color="informative" size="small">
                  {ext}
                </Badge>
              ))}
            </span>
          </span>
          {limit && (
            <span className={styles.fact} data-testid="avail-count" data-count={limit.availCount}>
              <Badge appearance={limit.availCount > 0 ? 'tint' : 'filled'} color={limit.availCount > 0 ? 'brand' : 'danger'}>
                {t('convert.page.left', { count: limit.availCount })}
              </Badge>
              <TextLink to={pricingPath(card.key)}>{t('convert.page.getMore')}</TextLink>
            </span>
          )}
        </div>
      </PageContainer>
    </section>
  );
}
