import { Button, Field, Input, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { AddRegular, BoxRegular, EditRegular } from '@fluentui/react-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Product, ProductPage as ProductList } from '@contracts/admin/products';
import { Pager } from '../../../../lib/components/pager';
import { adminFetcher, queryString } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { AdminListState } from '../../common/list-state';
import { ProductFormDialog } from '../../products/components/product-form-dialog';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  // On a phone the table scrolls sideways inside the card.
  table: { minWidth: '760px' },
  thumb: { width: '40px', height: '40px', objectFit: 'contain', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  detail: { maxWidth: '320px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
});

/** /admin/panels/product: the products bundles grant quota for, with a form to create or edit one (names, details, image). */
export function PublishProductPage() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  /** The product being edited, `null` for a new one, undefined when the form is closed. */
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const deferred = useDeferredValue(q);
  const key = `/admin/products${queryString({ q: deferred, page, pageSize: PAGE_SIZE })}`;
  const { data, error, isLoading, mutate } = useSWR<ProductList, unknown>(key, adminFetcher, { keepPreviousData: true });
  const zh = i18n.language === 'zh';
  return (
    <AdminPage
      page="publishProduct"
      actions={
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing(null)}>
          {t('adminProducts.products.create')}
        </Button>
      }
    >
      <div className={card.card}>
        <div className={card.filters} role="search" aria-label={t('adminProducts.products.filters')}>
          <Field label={t('adminProducts.products.search')}>
            <Input
              value={q}
              onChange={(_e, d) => {
                setQ(d.value);
                setPage(1);
              }}
            />
          </Field>
        </div>
        <AdminListState
          loading={isLoading && !data}
          error={Boolean(error) && !data}
          onRetry={() => void mutate()}
          empty={data?.list.length === 0}
          icon={<BoxRegular />}
          emptyTitle={t('adminProducts.products.empty')}
        >
          <>
            <Table className={styles.table} aria-label={t('admin.pages.publishProduct.title')} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('adminProducts.products.image')}</TableHeaderCell>
                  <TableHeaderCell>{t('adminProducts.products.id')}</TableHeaderCell>
                  <TableHeaderCell>{t('adminProducts.products.name')}</TableHeaderCell>
                  <TableHeaderCell>{t('adminProducts.products.nameZh')}</TableHeaderCell>
                  <TableHeaderCell>{t('adminProducts.products.detailColumn')}</TableHeaderCell>
                  <TableHeaderCell>{t('adminProducts.actions')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data?.list.map((p) => (
                  <TableRow key={p.id} data-testid={`product-${p.id}`}>
                    <TableCell>{p.imageUrl ? <img className={styles.thumb} src={p.imageUrl} alt={zh ? p.nameZh : p.name} /> : null}</TableCell>
                    <TableCell className={styles.code}>{p.id}</TableCell>
                    <TableCell>{p.name}</TableCell>
                    <TableCell>{p.nameZh}</TableCell>
                    <TableCell>
                      <div className={styles.detail}>{zh ? p.detailZh : p.detail}</div>
                    </TableCell>
                    <TableCell>
                      <Button size="small" icon={<EditRegular />} onClick={() => setEditing(p)} aria-label={t('adminProducts.products.editLabel', { name: zh ? p.nameZh : p.name })}>
                        {t('adminProducts.products.edit')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} label={t('adminProducts.products.pages')} />
          </>
        </AdminListState>
      </div>
      {editing !== undefined && (
        <ProductFormDialog key={editing?.id ?? 'new'} product={editing} open onClose={() => setEditing(undefined)} onSaved={() => void mutate()} />
      )}
    </AdminPage>
  );
}
