import { makeStyles, Table, TableBody, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { BotSparkleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { WritingTool, WritingToolPage as WritingToolList } from '@contracts/admin/writing-tools';
import { adminFetcher } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { AdminListState } from '../../common/list-state';
import { WritingToolRow } from './writing-tool-row';

// Wide enough for its fields: on a phone the table scrolls sideways inside the card.
const useStyles = makeStyles({ table: { minWidth: '900px' } });

/** /admin/products/writing: the AI tools with their switch, cost per use and configuration, saved per row. */
export function WritingToolsPage() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR<WritingToolList, unknown>('/admin/writing-tools?pageSize=100', adminFetcher);
  const onSaved = (saved: WritingTool) =>
    void mutate((list) => list && { ...list, list: list.list.map((tool) => (tool.id === saved.id ? saved : tool)) }, { revalidate: false });
  return (
    <AdminPage page="writingTools">
      <div className={card.card}>
        <AdminListState
          loading={isLoading && !data}
          error={Boolean(error) && !data}
          onRetry={() => void mutate()}
          empty={data?.list.length === 0}
          icon={<BotSparkleRegular />}
          emptyTitle={t('adminProducts.writing.empty')}
        >
          <Table className={styles.table} aria-label={t('admin.pages.writingTools.title')} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('adminProducts.writing.tool')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.writing.enabled')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.writing.cost')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.writing.config')}</TableHeaderCell>
                <TableHeaderCell>{t('adminProducts.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data?.list.map((tool) => (
                <WritingToolRow key={`${tool.id}-${tool.updatedAt ?? ''}`} tool={tool} onSaved={onSaved} />
              ))}
            </TableBody>
          </Table>
        </AdminListState>
      </div>
    </AdminPage>
  );
}
