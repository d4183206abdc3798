import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../tokens';
import { RocketRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';
import { EmptyState } from './empty-state';
import { PageContainer } from './page-container';
import { LinkButton } from './router-link';

const useStyles = makeStyles({
  hero: {
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '48px 0 36px',
  },
  eyebrow: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    fontSize: tokens.fontSizeBase200,
  },
  title: { display: 'block', marginTop: '8px', marginBottom: '10px' },
  description: { color: tokens.colorNeutralForeground2, maxWidth: '720px', display: 'block' },
  body: { paddingTop: '32px', paddingBottom: '64px' },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
  },
});

interface ComingSoonPageProps {
  eyebrow?: string;
  title: string;
  description: string;
  /** Extra content above the empty state, such as a list of capabilities. */
  children?: ReactNode;
}

/** A tidy page for routes whose tool arrives in a later release. */
export function ComingSoonPage({ eyebrow, title, description, children }: ComingSoonPageProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(title);
  const onPricing = useLocation().pathname.toLowerCase() === '/pricing';
  return (
    <>
      <section className={styles.hero}>
        <PageContainer>
          {eyebrow && <span className={styles.eyebrow}>{eyebrow}</span>}
          <Text as="h1" size={800} weight="bold" className={styles.title}>
            {title}
          </Text>
          <Text size={400} className={styles.description}>
            {description}
          </Text>
        </PageContainer>
      </section>
      <PageContainer className={styles.body}>
        {children}
        <div className={styles.card}>
          <EmptyState
            icon={<RocketRegular />}
            title={t('common.comingSoon.title')}
            description={t('common.comingSoon.description')}
            actions={
              <>
                <LinkButton to="/" appearance="primary">
                  {t('common.actions.backHome')}
                </LinkButton>
                {!onPricing && <LinkButton to="/pricing">{t('common.actions.seePricing')}</LinkButton>}
              </>
            }
          />
        </div>
      </PageContainer>
    </>
  );
}
