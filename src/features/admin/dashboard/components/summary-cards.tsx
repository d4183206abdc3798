import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stats } from '@contracts/admin/stats';
import type { DashboardFormat } from '../format';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 140px), 1fr))',
    gap: '12px',
    margin: '0 0 16px',
    padding: 0,
    listStyleType: 'none',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    minWidth: 0,
    padding: '14px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  label: { color: tokens.colorNeutralForeground3 },
  value: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  lines: { display: 'flex', flexDirection: 'column', fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  detail: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

function StatCard({ id, label, value, detail }: { id: string; label: string; value: ReactNode; detail?: string }) {
  const styles = useStyles();
  return (
    <li className={styles.card} data-testid={`stat-${id}`}>
      <Text className={styles.label}>{label}</Text>
      <div className={styles.value} data-testid={`stat-${id}-value`}>
        {value}
      </div>
      {detail && <Text className={styles.detail}>{detail}</Text>}
    </li>
  );
}

/** The headline figures: the range's sign-ups, paid orders, revenue and success rate; files and open feedback as of now. */
export function SummaryCards({ stats, fmt }: { stats: Stats; fmt: DashboardFormat }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { totals, current } = stats;
  const ended = totals.succeeded + totals.failed;
  return (
    <ul className={styles.grid} aria-label={t('adminDashboard.cards.label')}>
      <StatCard id="newUsers" label={t('adminDashboard.cards.newUsers')} value={fmt.count(totals.newUsers)} />
      <StatCard
        id="ordersPaid"
        label={t('adminDashboard.cards.ordersPaid')}
        value={fmt.count(totals.ordersPaid)}
        detail={t('adminDashboard.cards.ordersCreated', { count: totals.ordersCreated, n: fmt.count(totals.ordersCreated) })}
      />
      <StatCard
        id="revenue"
        label={t('adminDashboard.cards.revenue')}
        value={
          stats.revenue.length === 0 ? (
            '—'
          ) : (
            <span className={styles.lines}>
              {stats.revenue.map((r) => (
                <span key={r.currency}>{fmt.money(r.amount, r.currency)}</span>
              ))}
            </span>
          )
        }
        detail={t(stats.revenue.length === 0 ? 'adminDashboard.cards.noRevenue' : 'adminDashboard.cards.revenueDetail')}
      />
      <StatCard
        id="successRate"
        label={t('adminDashboard.cards.successRate')}
        value={totals.successRate === null ? '—' : fmt.percent(totals.successRate)}
        detail={t('adminDashboard.cards.successDetail', { succeeded: fmt.count(totals.succeeded), ended: fmt.count(ended) })}
      />
      <StatCard
        id="filesStored"
        label={t('adminDashboard.cards.filesStored')}
        value={fmt.count(current.filesStored)}
        detail={t('adminDashboard.cards.filesDetail', { size: fmt.bytes(current.bytesStored) })}
      />
      <StatCard id="feedbackOpen" label={t('adminDashboard.cards.feedbackOpen')} value={fmt.count(current.feedbackOpen)} detail={t('adminDashboard.cards.now')} />
    </ul>
  );
}
