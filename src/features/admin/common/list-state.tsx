import { Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../lib/components/empty-state';

interface AdminListStateProps {
  loading: boolean;
  /** The list could not be fetched and nothing earlier is on screen. */
  error: boolean;
  onRetry: () => void;
  empty: boolean;
  icon: ReactElement;
  /** What the empty state says, already translated. */
  emptyTitle: string;
  emptyBody?: string;
  children: ReactElement;
}

/** Loading, error with a retry, empty, or the list. */
export function AdminListState({ loading, error, onRetry, empty, icon, emptyTitle, emptyBody, children }: AdminListStateProps) {
  const { t } = useTranslation();
  if (loading) return <Spinner label={t('common.loading')} style={{ padding: '48px 0' }} />;
  if (error) {
    return (
      <div role="alert">
        <EmptyState
          icon={<ErrorCircleRegular />}
          title={t('admin.list.errorTitle')}
          description={t('admin.list.errorBody')}
          actions={
            <Button icon={<ArrowClockwiseRegular />} onClick={onRetry}>
              {t('admin.list.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (empty) return <EmptyState icon={icon} title={emptyTitle} {...(emptyBody ? { description: emptyBody } : {})} />;
  return children;
}
