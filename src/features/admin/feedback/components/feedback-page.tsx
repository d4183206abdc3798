import { Button, Field, Input, makeStyles, Select } from '@fluentui/react-components';
import { ChatMultipleRegular, DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { AdminFeedbackPage } from '@contracts/admin/feedback';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '@contracts/feedback';
import { MEDIA } from '../../../../lib/constants';
import { Pager } from '../../../../lib/components/pager';
import { adminFetcher, queryString } from '../../common/admin-api';
import { AdminPage, useAdminCardStyles } from '../../common/admin-page';
import { AdminListState } from '../../common/list-state';
import { ConversationPanel } from './conversation-panel';
import { FeedbackTable } from './feedback-table';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    gap: '16px',
    gridTemplateColumns: 'minmax(0, 1fr)',
    [MEDIA.fromLg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' },
  },
  search: { minWidth: '220px' },
});

interface Filters {
  category: string;
  status: string;
  q: string;
}
const NO_FILTERS: Filters = { category: '', status: '', q: '' };

/** User feedback for staff: conversations filtered on the server, and the chosen one with its reply box. */
export function FeedbackPage() {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  // Typing in the search asks the server once the input settles, not per keystroke.
  const deferred = useDeferredValue(filters);
  const key = `/admin/feedback${queryString({ ...deferred, page, pageSize: PAGE_SIZE })}`;
  const { data, error, isLoading, mutate } = useSWR<AdminFeedbackPage, unknown>(key, adminFetcher, { keepPreviousData: true });
  const set = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  return (
    <AdminPage page="feedback">
      <div className={styles.layout}>
        <div className={card.card}>
          <div className={card.filters} role="search" aria-label={t('adminSupport.feedback.filters')}>
            <Field label={t('adminSupport.feedback.category')}>
              <Select value={filters.category} onChange={(_e, d) => set({ category: d.value })}>
                <option value="">{t('adminSupport.feedback.any')}</option>
                {FEEDBACK_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`adminSupport.categories.${c.toLowerCase()}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('adminSupport.feedback.status')}>
              <Select value={filters.status} onChange={(_e, d) => set({ status: d.value })}>
                <option value="">{t('adminSupport.feedback.any')}</option>
                {FEEDBACK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`adminSupport.feedback.statuses.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('adminSupport.feedback.search')} className={styles.search}>
              <Input type="search" contentBefore={<SearchRegular />} placeholder={t('adminSupport.feedback.searchPlaceholder')} value={filters.q} onChange={(_e, d) => set({ q: d.value })} />
            </Field>
            <Button icon={<DismissRegular />} disabled={JSON.stringify(filters) === JSON.stringify(NO_FILTERS)} onClick={() => set(NO_FILTERS)}>
              {t('admin.filters.clear')}
            </Button>
          </div>
          <AdminListState
            loading={isLoading && !data}
            error={Boolean(error) && !data}
            onRetry={() => void mutate()}
            empty={data?.list.length === 0}
            icon={<ChatMultipleRegular />}
            emptyTitle={t('adminSupport.feedback.empty')}
          >
            <>
              <FeedbackTable list={data?.list ?? []} selected={selected} onSelect={setSelected} />
              <Pager page={page} total={data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} label={t('adminSupport.feedback.pages')} />
            </>
          </AdminListState>
        </div>
        <ConversationPanel conversationId={selected} onChanged={() => void mutate()} onBack={() => setSelected(null)} />
      </div>
    </AdminPage>
  );
}
