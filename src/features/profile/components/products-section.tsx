import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { BoxRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { quietFetcher, type ProductQuota } from '../api';
import { formatDate, formatQuota } from '../format';
import { ListState } from './list-state';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '12px' },
  card: { padding: '16px', borderRadius: tokens.borderRadiusLarge, border: `1px solid ${tokens.colorNeutralStroke2}` },
  quota: { display: 'flex', justifyContent: 'space-between', gap: '12px', marginTop: '8px', color: tokens.colorNeutralForeground2 },
});

/** My products: each product's quotas and when they expire. */
export function ProductsSection() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useSWR<ProductQuota[]>('/my/quota', quietFetcher);
  return (
    <ListState loading={isLoading} empty={!data?.length} icon={<BoxRegular />} textKey="profile.products">
      <ul className={styles.list}>
        {(data ?? []).map((product) => (
          <li key={product.productInfo.productId} className={styles.card}>
            <Text weight="semibold">{product.productInfo.productName}</Text>
            {product.quotaInfo.map((q) => (
              <div key={q.quotaType} className={styles.quota}>
                <span>{t(`profile.products.types.${q.quotaType}`)}</span>
                <span>{formatQuota(t, q)}</span>
                <span>{t('profile.products.validUntil', { date: formatDate(q.validDate, i18n.language) })}</span>
              </div>
            ))}
          </li>
        ))}
      </ul>
    </ListState>
  );
}
