import { Field, makeStyles, Select, Table, TableBody, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { ArrowSwapRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { ConvertTool, ConvertToolPage as ConvertToolList } from '@contracts/admin/convert-tools';
import { FEATURE_IDS } from '@contracts/convert-catalogue';
import { formatName } from '../../../../lib/convert-type-text';
import { adminFetcher, queryString } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { AdminListState } from '../../common/list-state';
import { ConvertToolRow } from './convert-tool-row';

const useStyles = makeStyles({
  note: { display: 'block', marginBottom: '12px' },
  // Wide enough for its fields: on a phone the table scrolls sideways inside the card.
  table: { minWidth: '1120px' },
});

/** /admin/products/convert: every conversion card with its switch, engine preference and size cap, saved per row. */
export function ConvertToolsPage() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t } = useTranslation();
  const [source, setSource] = useState('');
  const key = `/admin/convert-tools${queryString({ source, pageSize: 100 })}`;
  const { data, error, isLoading, mutate } = useSWR<ConvertToolList, unknown>(key, adminFetcher, { keepPreviousData: true });
  const onSaved = (saved: ConvertTool) =>
    void mutate((list) => list && { ...list, list: list.list.map((tool) => (tool.key === saved.key ? saved : tool)) }, { revalidate: false });
  return (
    <AdminPage page="convertTools">
      <div className={card.card}>
        <div className={card.filters} role="search" aria-label={t('adminProducts.convert.filters')}>
          <Field label={t('adminProducts.convert.source')}>
            <Select value={source} onChange={(_e, d) => setSource(d.value)}>
              <option value="">{t('adminProducts.convert.allSources')}</option>
              {FEATURE_IDS.map((id) => (
                <option key={id} value={id}>
                  {formatName(t, id)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Text size={200} className={`${card.muted} ${styles.note}`}>
          {t('adminProducts.convert.note')}
        </Text>
        <AdminListState
          loading={isLoading && !data}
          error={Boolean(error) && !data}
          onRetry={() => void mutate()}
          empty={data?.list.length === 0}
          icon={<ArrowSwapRegular />}
          emptyTitle={t('adminProducts.convert.empty')}
        >
          <Table className={styles.table} aria-label={t('admin.pages.convertTools.title')} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('adminProducts.convert.conversion')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.convert.accepts')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.convert.enabled')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.convert.engine')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.convert.cap')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data?.list.map((tool) => (
                // Keyed by the last change too, so a saved row starts again from what the server holds.
                <ConvertToolRow key={`${tool.key}-${tool.updatedAt ?? ''}`} tool={tool} onSaved={onSaved} />
              ))}
            </TableBody>
          </Table>
        </AdminListState>
      </div>
    </AdminPage>
  );
}
