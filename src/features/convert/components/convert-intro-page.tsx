import { Button, makeStyles, Skeleton, SkeletonItem, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { CloudErrorRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../lib/components/empty-state';
import { PageContainer } from '../../../lib/components/page-container';
import { MEDIA } from '../../../lib/constants';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { formatName } from '../card-text';
import { useConvertCards } from '../hooks/use-convert-cards';
import { CardLink, useCardStyles } from './card-link';

const useStyles = makeStyles({
  hero: {
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground1} 70%)`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '48px 0 32px',
    [MEDIA.belowSm]: { padding: '28px 0 20px' },
  },
  title: { display: 'block', marginBottom: '8px' },
  lead: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '720px' },
  body: { paddingTop: '8px', paddingBottom: '56px' },
  category: { marginTop: '32px' },
  categoryTitle: { display: 'block', marginBottom: '4px' },
  categoryLead: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: '14px' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))', gap: '14px' },
  skeletonTitle: { width: '180px', height: '24px', marginBottom: '14px' },
  skeletonText: { display: 'flex', flexDirection: 'column', gap: '8px', flexGrow: 1 },
});

function LoadingGrid() {
  const styles = useStyles();
  const card = useCardStyles();
  const { t } = useTranslation();
  return (
    <Skeleton aria-label={t('convert.intro.loading')} aria-busy>
      {[0, 1].map((section) => (
        <div key={section} className={styles.category}>
          <SkeletonItem className={styles.skeletonTitle} />
          <div className={styles.grid}>
            {[0, 1, 2].map((i) => (
              <div key={i} className={card.card}>
                <SkeletonItem shape="square" size={40} />
                <div className={styles.skeletonText}>
                  <SkeletonItem size={16} />
                  <SkeletonItem size={12} />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </Skeleton>
  );
}

/** /products/convert/introduce: every category (word, pdf, ppt, excel) with its cards. */
export function ConvertIntroPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { categories, error, isLoading, retry } = useConvertCards();
  useDocumentTitle(t('convert.intro.title'));
  return (
    <>
      <section className={styles.hero}>
        <PageContainer>
          <Text as="h1" size={800} weight="bold" className={styles.title}>
            {t('convert.intro.title')}
          </Text>
          <Text size={400} className={styles.lead}>
            {t('convert.intro.lead')}
          </Text>
        </PageContainer>
      </section>
      <PageContainer className={styles.body}>
        {isLoading && <LoadingGrid />}
        {!isLoading && error !== undefined && (
          <EmptyState
            icon={<CloudErrorRegular />}
            title={t('convert.intro.errorTitle')}
            description={t('convert.intro.errorDescription')}
            actions={<Button appearance="primary" onClick={retry}>{t('convert.actions.retry')}</Button>}
          />
        )}
        {!isLoading && error === undefined && categories.length === 0 && (
          <EmptyState title={t('convert.intro.emptyTitle')} description={t('convert.intro.emptyDescription')} />
        )}
        {categories.map(({ id, cards }) => (
          <section key={id} className={styles.category} aria-labelledby={`convert-cat-${id}`}>
            <Text as="h2" id={`convert-cat-${id}`} size={600} weight="semibold" className={styles.categoryTitle}>
              {t('convert.intro.category', { format: formatName(t, id) })}
            </Text>
            <Text className={styles.categoryLead}>{t(`convert.intro.categoryLead.${id}`)}</Text>
            <div className={styles.grid}>
              {cards.map((card) => (
                <CardLink key={card.key} card={card} />
              ))}
            </div>
          </section>
        ))}
      </PageContainer>
    </>
  );
}
