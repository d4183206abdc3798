import { Badge, makeStyles, ProgressBar, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import type { QuotaItem } from '../products-api';
import { formatDeadline, quotaAmount } from '../products-format';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  remaining: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: '120px', paddingBlock: '6px' },
  deadline: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px' },
  expired: { color: tokens.colorNeutralForeground4 },
});

const COLUMNS = ['item', 'total', 'remaining', 'validUntil'] as const;
/** Below this share left, the usage bar warns. */
const LOW_SHARE = 0.1;

/** One package's quota items: total, remainder (with a usage bar for conversions) and deadline. */
export function QuotaTable({ items, label }: { items: QuotaItem[]; label: string }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const now = Date.now();
  return (
    <div className={styles.scroll}>
      <Table size="small" aria-label={label}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableHeaderCell key={c}>{t(`profile.products.columns.${c}`)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((q, i) => {
            const expired = Date.parse(q.validDate) <= now;
            const used = Math.max(0, q.quota - q.availQuota);
            return (
              <TableRow key={`${q.quotaType}-${q.validDate}-${i}`} className={expired ? styles.expired : undefined} data-quota-type={q.quotaType} data-valid-date={q.validDate}>
                <TableCell>{t(`profile.products.types.${q.quotaType}`)}</TableCell>
                <TableCell>{quotaAmount(t, q, q.quota)}</TableCell>
                <TableCell>
                  <div className={styles.remaining}>
                    <span data-testid="quota-remaining">{quotaAmount(t, q, q.availQuota)}</span>
                    {q.quotaType === 'TYPE_API' && q.quota > 0 && (
                      <ProgressBar
                        value={used / q.quota}
                        thickness="large"
                        color={q.availQuota / q.quota < LOW_SHARE ? 'warning' : 'brand'}
                        aria-label={t('profile.products.usage', { used, total: q.quota })}
                      />
                    )}
                  </div>
                </TableCell>
                <TableCell>
                  <span className={styles.deadline}>
                    {formatDeadline(q.validDate, i18n.language)}
                    {expired && (
                      <Badge appearance="tint" color="subtle">
                        {t('profile.products.expired')}
                      </Badge>
                    )}
                  </span>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
