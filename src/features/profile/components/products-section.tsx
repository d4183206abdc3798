import { makeStyles } from '@fluentui/react-components';
import { BoxRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { quietFetcher } from '../api';
import { quotaKey, type ProductQuota } from '../products-api';
import { entryKey } from '../products-format';
import { ListState } from './list-state';
import { ProductCard } from './product-card';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' },
});

/** My products: each product's quotas per package, with usage and deadlines; memberships with their renewal state. */
export function ProductsSection() {
  const styles = useStyles();
  const { i18n } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR<ProductQuota[], unknown>(quotaKey(i18n.language === 'zh' ? 'zh' : 'en'), quietFetcher);
  return (
    <ListState loading={isLoading} error={!data && error !== undefined} onRetry={() => void mutate()} empty={!data?.length} icon={<BoxRegular />} textKey="profile.products">
      <ul className={styles.list} data-testid="my-products">
        {(data ?? []).map((entry) => (
          <ProductCard key={entryKey(entry)} entry={entry} onChanged={() => void mutate()} />
        ))}
      </ul>
    </ListState>
  );
}
