import { LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../lib/components/empty-state';
import { LinkButton } from '../../lib/components/router-link';

/** Spec §6: signed in but not a manager, on an admin path. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<LockClosedRegular />}
      title={t('admin.noPermission.title')}
      description={t('errors.noPermission')}
      actions={
        <LinkButton to="/" appearance="primary">
          {t('common.actions.backHome')}
        </LinkButton>
      }
    />
  );
}
