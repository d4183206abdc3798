import { Button, Field, Input, makeStyles, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { CheckmarkRegular, DismissRegular, EditRegular, MoneyRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { BILLING_CURRENCIES, centsToPriceText, priceTextToCents, type AdminBundle, type AdminBundlePage, type BillingCurrency } from '@contracts/admin/bundles';
import type { BundleRevenue } from '@contracts/admin/orders';
import { isApiError } from '../../../../lib/api-client';
import { Pager } from '../../../../lib/components/pager';
import { notify } from '../../../../lib/notify';
import { bundleName, bundlesKey, formatPrice, updateBundle } from '../../panels/bundle-api';
import { kindText } from '../../panels/components/bundle-table';
import { adminFetcher, queryString } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { DateRangeFields, type DateRange } from '../../common/date-range-fields';
import { AdminListState } from '../../common/list-state';
import { revenueKey } from '../billing-api';

const PAGE_SIZE = 50;

const useStyles = makeStyles({
  priceEdit: { display: 'flex', gap: '6px', alignItems: 'flex-start', flexWrap: 'wrap' },
  amount: { width: '110px' },
  revenue: { margin: 0, padding: 0, listStyleType: 'none' },
  muted: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
});

/** One row's price editor: the amount as typed (12.99) and its currency; Enter saves, Escape cancels. */
function PriceEditor({ bundle, onDone }: { bundle: AdminBundle; onDone: (saved: boolean) => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState(centsToPriceText(bundle.price));
  const [currency, setCurrency] = useState(bundle.currency);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const name = bundleName(bundle, i18n.language);
  // The amount is what the manager came to change: focus it when the editor opens.
  useEffect(() => input.current?.select(), []);
  const save = async () => {
    const cents = priceTextToCents(amount);
    if (cents === null) return setError('adminBilling.validation.price');
    setBusy(true);
    try {
      await updateBundle(bundle.id, { price: cents, currency: currency as BillingCurrency });
      notify('success', t('adminBilling.charge.saved', { name }));
      onDone(true);
    } catch (e) {
      if (isApiError(e, 40001)) setError((e.data as Record<string, string> | null)?.price ?? (e.data as Record<string, string> | null)?.currency ?? 'validation.invalid');
    } finally {
      setBusy(false);
    }
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') void save();
    if (e.key === 'Escape') onDone(false);
  };
  return (
    <div className={styles.priceEdit}>
      <Field label={t('adminBilling.charge.amountFor', { name })} validationMessage={error ? t(error) : undefined}>
        <Input className={styles.amount} inputMode="decimal" value={amount} ref={input} onChange={(_e, d) => setAmount(d.value)} onKeyDown={onKey} />
      </Field>
      <Field label={t('adminBilling.editor.currency')}>
        <Select value={currency} onChange={(_e, d) => setCurrency(d.value)}>
          {BILLING_CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </Field>
      <Button appearance="primary" icon={<CheckmarkRegular />} disabled={busy} onClick={() => void save()} aria-label={t('adminBilling.charge.save', { name })} />
      <Button icon={<DismissRegular />} disabled={busy} onClick={() => onDone(false)} aria-label={t('adminBilling.charge.cancel')} />
    </div>
  );
}

/**
 * /admin/charge-orders/charge: every bundle's price and currency, edited in place (new orders get
 * the new price; orders made before keep theirs), beside the revenue of its paid orders per currency.
 */
export function ChargePage() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [range, setRange] = useState<DateRange>({ from: '', to: '' });
  const [editing, setEditing] = useState<string | null>(null);
  const bundles = useSWR<AdminBundlePage, unknown>(bundlesKey(queryString({ page, pageSize: PAGE_SIZE })), adminFetcher, { keepPreviousData: true });
  const revenue = useSWR<BundleRevenue[], unknown>(revenueKey(queryString({ ...range })), adminFetcher, { keepPreviousData: true });
  const revenueOf = (id: string) => (revenue.data ?? []).filter((r) => r.bundleId === id);

  return (
    <AdminPage page="charge">
      <div className={card.card}>
        <div className={card.filters} role="search" aria-label={t('adminBilling.charge.range')}>
          <DateRangeFields value={range} onChange={setRange} />
        </div>
        <AdminListState
          loading={bundles.isLoading && !bundles.data}
          error={Boolean(bundles.error) && !bundles.data}
          onRetry={() => void bundles.mutate()}
          empty={bundles.data?.list.length === 0}
          icon={<MoneyRegular />}
          emptyTitle={t('adminBilling.bundles.empty')}
        >
          <>
            <Table aria-label={t('admin.pages.charge.title')} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('adminBilling.bundles.columns.name')}</TableHeaderCell>
                  <TableHeaderCell>{t('adminBilling.bundles.columns.kind')}</TableHeaderCell>
                  <TableHeaderCell>{t('adminBilling.charge.price')}</TableHeaderCell>
                  <TableHeaderCell>{t('adminBilling.charge.revenue')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {bundles.data?.list.map((b) => (
                  <TableRow key={b.id} data-bundle={b.id}>
                    <TableCell>
                      <Text weight="semibold">{bundleName(b, i18n.language)}</Text>
                      {!b.published && <Text className={styles.muted}> · {t('adminBilling.bundles.state.unpublished')}</Text>}
                    </TableCell>
                    <TableCell className={styles.nowrap}>{kindText(t, b)}</TableCell>
                    <TableCell data-testid="bundle-price">
                      {editing === b.id ? (
                        <PriceEditor
                          bundle={b}
                          onDone={(saved) => {
                            setEditing(null);
                            if (saved) void bundles.mutate();
                          }}
                        />
                      ) : (
                        <Button appearance="transparent" icon={<EditRegular />} iconPosition="after" onClick={() => setEditing(b.id)} aria-label={t('adminBilling.charge.edit', { name: bundleName(b, i18n.language), price: formatPrice(b.price, b.currency, i18n.language) })}>
                          {formatPrice(b.price, b.currency, i18n.language)}
                        </Button>
                      )}
                    </TableCell>
                    <TableCell data-testid="bundle-revenue">
                      {revenueOf(b.id).length === 0 ? (
                        <span className={styles.muted}>—</span>
                      ) : (
                        <ul className={styles.revenue}>
                          {revenueOf(b.id).map((r) => (
                            <li key={r.currency} className={styles.nowrap}>
                              {t('adminBilling.charge.revenueLine', { amount: formatPrice(r.amount, r.currency, i18n.language), count: r.orders })}
                            </li>
                          ))}
                        </ul>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager page={page} total={bundles.data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} label={t('adminBilling.bundles.pages')} />
          </>
        </AdminListState>
      </div>
    </AdminPage>
  );
}
