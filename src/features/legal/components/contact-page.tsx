import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { BriefcaseRegular, ChatMultipleRegular, ClockRegular, MailRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { BUSINESS_EMAIL, MEDIA, SUPPORT_EMAIL } from '../../../lib/constants';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';

const useStyles = makeStyles({
  hero: { padding: '56px 0 28px', [MEDIA.belowSm]: { padding: '36px 0 20px' } },
  title: { display: 'block', marginBottom: '10px' },
  lead: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '720px', lineHeight: '1.6' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, 1fr)',
    gap: '20px',
    paddingBottom: '72px',
    [MEDIA.belowSm]: { gridTemplateColumns: '1fr' },
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '26px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: '16px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  icon: {
    width: '44px',
    height: '44px',
    borderRadius: '12px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '24px',
  },
  body: { color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  mail: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
});

const CARDS: ReadonlyArray<{ id: 'support' | 'business' | 'feedback' | 'hours'; icon: ReactElement; email?: string }> = [
  { id: 'support', icon: <MailRegular />, email: SUPPORT_EMAIL },
  { id: 'business', icon: <BriefcaseRegular />, email: BUSINESS_EMAIL },
  { id: 'feedback', icon: <ChatMultipleRegular /> },
  { id: 'hours', icon: <ClockRegular /> },
];

/** /contact: how to reach support and the business team. */
export function ContactPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('contact.title'));
  return (
    <PageContainer>
      <header className={styles.hero}>
        <Text as="h1" size={800} weight="bold" className={styles.title}>
          {t('contact.title')}
        </Text>
        <Text size={400} className={styles.lead}>
          {t('contact.lead')}
        </Text>
      </header>
      <div className={styles.grid}>
        {CARDS.map((card) => (
          <section key={card.id} className={styles.card} aria-labelledby={`contact-${card.id}`}>
            <span className={styles.icon} aria-hidden>
              {card.icon}
            </span>
            <Text as="h2" id={`contact-${card.id}`} size={500} weight="semibold">
              {t(`contact.cards.${card.id}.title`)}
            </Text>
            <Text className={styles.body}>{t(`contact.cards.${card.id}.body`)}</Text>
            {card.email && (
              <a className={styles.mail} href={`mailto:${card.email}`}>
                {card.email}
              </a>
            )}
          </section>
        ))}
      </div>
    </PageContainer>
  );
}
