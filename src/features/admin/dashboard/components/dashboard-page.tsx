import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DataHistogramRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Stats } from '@contracts/admin/stats';
import { EmptyState } from '../../../../lib/components/empty-state';
import { adminFetcher } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { AdminListState } from '../../common/list-state';
import { dashboardFormat } from '../format';
import { initialChoice, statsKey, type RangeChoice } from '../range';
import { DashboardCharts } from './dashboard-charts';
import { RangeBar } from './range-bar';
import { SummaryCards } from './summary-cards';

const useStyles = makeStyles({
  refreshing: { marginBottom: '12px', justifyContent: 'flex-start' },
});

/** Nothing happened in the range: no sign-ups, orders or conversions (files and feedback are counted now, so they do not count). */
const isQuiet = (s: Stats) => s.totals.newUsers + s.totals.ordersCreated + s.totals.ordersPaid + s.totals.conversions === 0;

/** Sign-ups, orders, revenue per currency and conversions over a chosen range of days, as cards and charts. */
export function DashboardPage() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const [choice, setChoice] = useState<RangeChoice>(() => initialChoice());
  const key = statsKey(choice.range);
  const { data, error, isLoading, isValidating, mutate } = useSWR<Stats, unknown>(key, adminFetcher, { keepPreviousData: true });
  const fmt = useMemo(() => dashboardFormat(i18n.language), [i18n.language]);
  return (
    <AdminPage
      page="dashboard"
      actions={
        <Button icon={<ArrowClockwiseRegular />} disabled={!key || isValidating} onClick={() => void mutate()}>
          {t('adminDashboard.refresh')}
        </Button>
      }
    >
      <RangeBar choice={choice} onChange={setChoice} />
      {data && isValidating && <Spinner size="tiny" label={t('common.loading')} labelPosition="after" className={styles.refreshing} />}
      <AdminListState
        loading={Boolean(key) && isLoading && !data}
        error={Boolean(error) && !data}
        onRetry={() => void mutate()}
        empty={false}
        icon={<DataHistogramRegular />}
        emptyTitle=""
      >
        {data ? (
          <div data-testid="dashboard" data-from={data.from} data-to={data.to}>
            <SummaryCards stats={data} fmt={fmt} />
            {isQuiet(data) ? (
              <div className={card.card}>
                <EmptyState icon={<DataHistogramRegular />} title={t('adminDashboard.empty.title')} description={t('adminDashboard.empty.body')} />
              </div>
            ) : (
              <DashboardCharts stats={data} fmt={fmt} />
            )}
          </div>
        ) : (
          <></>
        )}
      </AdminListState>
    </AdminPage>
  );
}
