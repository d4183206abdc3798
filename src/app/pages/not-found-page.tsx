import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../lib/components/empty-state';
import { CtaLink } from '../../lib/components/cta-link';

const useStyles = makeStyles({
  root: { minHeight: '56vh', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  code: {
    fontSize: '28px',
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
    letterSpacing: '-0.02em',
  },
});

/** The 404 empty state, also used by the error boundary for 404 responses. */
export function NotFoundView() {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <EmptyState
        icon={<span className={styles.code}>404</span>}
        title={t('common.notFound.title')}
        description={t('common.notFound.description')}
        actions={
          <>
            <CtaLink to="/" appearance="primary">
              {t('common.actions.backHome')}
            </CtaLink>
            <CtaLink to="/contact">{t('nav.contact')}</CtaLink>
          </>
        }
      />
    </div>
  );
}

export function NotFoundPage() {
  return <NotFoundView />;
}
