import { Button, Field, Input, Select } from '@fluentui/react-components';
import { AddRegular, BoxMultipleRegular } from '@fluentui/react-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AdminBundle, AdminBundlePage, BundleOptions } from '@contracts/admin/bundles';
import { Pager } from '../../../../lib/components/pager';
import { adminFetcher, queryString } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { AdminListState } from '../../common/list-state';
import { BUNDLE_OPTIONS_KEY, bundlesKey } from '../bundle-api';
import { BundleEditor } from './bundle-editor';
import { BundleTable } from './bundle-table';

const PAGE_SIZE = 20;
type Shown = 'all' | 'published' | 'unpublished';

/**
 * /admin/panels/bundle: every bundle with its state, price and kind, and the editor to create or
 * change one. Saving, publishing or unpublishing shows on /pricing at once (the server drops its
 * cached bundle list).
 */
export function PublishBundlePage() {
  const card = useAdminCardStyles();
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminBundle | 'new' | null>(null);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<Shown>('all');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search);
  const { data, error, isLoading, mutate } = useSWR<AdminBundlePage, unknown>(bundlesKey(queryString({ q, published: shown, page, pageSize: PAGE_SIZE })), adminFetcher, { keepPreviousData: true });
  const options = useSWR<BundleOptions, unknown>(BUNDLE_OPTIONS_KEY, adminFetcher);

  const openEditor = (b: AdminBundle | 'new') => {
    setEditing(b);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <AdminPage
      page="publishBundle"
      actions={
        <Button appearance="primary" icon={<AddRegular />} disabled={!options.data || editing !== null} onClick={() => openEditor('new')}>
          {t('adminBilling.bundles.new')}
        </Button>
      }
    >
      {editing && options.data && (
        <BundleEditor
          key={editing === 'new' ? 'new' : editing.id}
          bundle={editing === 'new' ? null : editing}
          options={options.data}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void mutate();
          }}
        />
      )}
      <div className={card.card}>
        <div className={card.filters} role="search" aria-label={t('adminBilling.bundles.filters')}>
          <Field label={t('adminBilling.bundles.search')}>
            <Input
              value={search}
              onChange={(_e, d) => {
                setSearch(d.value);
                setPage(1);
              }}
            />
          </Field>
          <Field label={t('adminBilling.bundles.shown')}>
            <Select
              value={shown}
              onChange={(_e, d) => {
                setShown(d.value as Shown);
                setPage(1);
              }}
            >
              {(['all', 'published', 'unpublished'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`adminBilling.bundles.shownOptions.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <AdminListState
          loading={isLoading && !data}
          error={Boolean(error) && !data}
          onRetry={() => void mutate()}
          empty={data?.list.length === 0}
          icon={<BoxMultipleRegular />}
          emptyTitle={t('adminBilling.bundles.empty')}
        >
          <>
            <BundleTable bundles={data?.list ?? []} onEdit={openEditor} onChanged={() => void mutate()} />
            <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} label={t('adminBilling.bundles.pages')} />
          </>
        </AdminListState>
      </div>
    </AdminPage>
  );
}
