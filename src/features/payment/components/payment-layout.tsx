import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { PageHero } from '../../../lib/components/page-hero';
import { MEDIA } from '../../../lib/constants';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';

const useStyles = makeStyles({
  body: { paddingTop: '32px', paddingBottom: '64px' },
  column: { maxWidth: '760px' },
});

/** The payment pages' frame: checkout eyebrow, the page heading and a narrow column. */
export function PaymentLayout({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <>
      <PageHero eyebrow={t('payment.eyebrow')} title={title} lead={lead} />
      <PageContainer className={styles.body}>
        <div className={styles.column}>{children}</div>
      </PageContainer>
    </>
  );
}

/** The white card the payment pages put their content in. */
export const usePanelStyles = makeStyles({
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
    padding: '24px',
    display: 'flex',
    flexDirection: 'column',
    gap: '20px',
    [MEDIA.belowSm]: { padding: '18px 16px' },
  },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '12px' },
});
