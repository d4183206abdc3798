import { Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../lib/components/empty-state';

interface ListStateProps {
  loading: boolean;
  /** The list could not be fetched (and nothing earlier is on screen). */
  error?: boolean;
  /** Fetches again after an error. */
  onRetry?: () => void;
  empty: boolean;
  icon: ReactElement;
  /** i18n key prefix with `.emptyTitle` and `.emptyBody`. */
  textKey: string;
  children: ReactElement;
}

/** Loading spinner, error with a retry, empty state, or the list itself. */
export function ListState({ loading, error = false, onRetry, empty, icon, textKey, children }: ListStateProps) {
  const { t } = useTranslation();
  if (loading) return <Spinner label={t('common.loading')} style={{ padding: '48px 0' }} />;
  if (error) {
    return (
      <div role="alert">
        <EmptyState
          icon={<ErrorCircleRegular />}
          title={t('profile.listError.title')}
          description={t('profile.listError.body')}
          actions={
            onRetry && (
              <Button icon={<ArrowClockwiseRegular />} onClick={onRetry}>
                {t('profile.listError.retry')}
              </Button>
            )
          }
        />
      </div>
    );
  }
  if (empty) return <EmptyState icon={icon} title={t(`${textKey}.emptyTitle`)} description={t(`${textKey}.emptyBody`)} />;
  return children;
}
