import { Spinner } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../lib/components/empty-state';

interface ListStateProps {
  loading: boolean;
  empty: boolean;
  icon: ReactElement;
  /** i18n key prefix with `.emptyTitle` and `.emptyBody`. */
  textKey: string;
  children: ReactElement;
}

/** Loading spinner, empty state, or the list itself. */
export function ListState({ loading, empty, icon, textKey, children }: ListStateProps) {
  const { t } = useTranslation();
  if (loading) return <Spinner label={t('common.loading')} style={{ padding: '48px 0' }} />;
  if (empty) return <EmptyState icon={icon} title={t(`${textKey}.emptyTitle`)} description={t(`${textKey}.emptyBody`)} />;
  return children;
}
