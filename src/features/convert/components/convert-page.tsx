import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { CloudErrorRegular, DocumentDismissRegular, DocumentQuestionMarkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '../../../lib/components/empty-state';
import { PageContainer } from '../../../lib/components/page-container';
import { LinkButton } from '../../../lib/components/router-link';
import { PATHS } from '../../../lib/paths';
import { CONVERSION_KEYS } from '../../../lib/site-map';
import { convertTypeLabel } from '../../../lib/convert-type-text';
import { findCardIn, useConvertCards } from '../hooks/use-convert-cards';
import { ConvertWorkspace } from './convert-workspace';

const useStyles = makeStyles({
  state: { paddingTop: '48px', paddingBottom: '48px', color: tokens.colorNeutralForeground1 },
  loading: { display: 'flex', justifyContent: 'center', padding: '96px 0' },
});

/** /products/convert/{type} (login required): one page per conversion card. */
export function ConvertPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const type = (useParams().type ?? '').toLowerCase();
  const { categories, error, isLoading, retry } = useConvertCards();
  const card = findCardIn(categories, type);

  if (isLoading) {
    return (
      <div className={styles.loading}>
        <Spinner label={t('convert.page.loading')} />
      </div>
    );
  }
  if (!card && error !== undefined) {
    return (
      <PageContainer className={styles.state}>
        <EmptyState
          icon={<CloudErrorRegular />}
          title={t('convert.intro.errorTitle')}
          description={t('convert.intro.errorDescription')}
          actions={<Button appearance="primary" onClick={retry}>{t('convert.actions.retry')}</Button>}
        />
      </PageContainer>
    );
  }
  if (!card && CONVERSION_KEYS.has(type)) {
    // A catalogue card the server no longer offers: staff switched it off (docs/admin-products.md).
    return (
      <PageContainer className={styles.state}>
        <div data-testid="conversion-switched-off">
          <EmptyState
            icon={<DocumentDismissRegular />}
            title={t('adminProducts.site.switchedOffTitle', { type: convertTypeLabel(t, i18n, type) ?? type })}
            description={t('adminProducts.site.switchedOffBody')}
            actions={<LinkButton to={PATHS.convertIntro} appearance="primary">{t('convert.page.seeAll')}</LinkButton>}
          />
        </div>
      </PageContainer>
    );
  }
  if (!card) {
    return (
      <PageContainer className={styles.state}>
        <EmptyState
          icon={<DocumentQuestionMarkRegular />}
          title={t('convert.page.unknownTitle')}
          description={t('convert.page.unknownDescription', { type })}
          actions={<LinkButton to={PATHS.convertIntro} appearance="primary">{t('convert.page.seeAll')}</LinkButton>}
        />
      </PageContainer>
    );
  }
  return <ConvertWorkspace key={card.key} card={card} />;
}
