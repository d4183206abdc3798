import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../lib/components/empty-state';
import { LinkButton } from '../../lib/components/router-link';

/** The 'Admin Not Found' fallback for unknown paths under /admin. */
export function AdminNotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<span aria-hidden>404</span>}
      title={t('admin.notFound.title')}
      description={t('admin.notFound.description')}
      actions={
        <LinkButton to="/admin/dashboard" appearance="primary">
          {t('admin.notFound.back')}
        </LinkButton>
      }
    />
  );
}
