import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { BoxRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductQuota } from '../products-api';
import { packageGroups } from '../products-format';
import { MembershipState } from './membership-state';
import { QuotaTable } from './quota-table';

const useStyles = makeStyles({
  card: { padding: '16px', borderRadius: tokens.borderRadiusLarge, border: `1px solid ${tokens.colorNeutralStroke2}`, display: 'flex', flexDirection: 'column', gap: '12px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px' },
  image: { width: '40px', height: '40px', borderRadius: tokens.borderRadiusMedium, flexShrink: 0 },
  fallback: { fontSize: '40px', color: tokens.colorBrandForeground1, flexShrink: 0 },
  titles: { display: 'flex', flexDirection: 'column' },
  sub: { color: tokens.colorNeutralForeground3 },
  group: { display: 'flex', flexDirection: 'column', gap: '6px' },
  includes: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  includesLabel: { fontWeight: tokens.fontWeightSemibold },
});

/** The product's image; decorative (its name is next to it), replaced by an icon if it does not load. */
function ProductImage({ src }: { src: string }) {
  const styles = useStyles();
  const [failed, setFailed] = useState(!src);
  if (failed) return <BoxRegular className={styles.fallback} aria-hidden />;
  return <img className={styles.image} src={src} alt="" onError={() => setFailed(true)} />;
}

/**
 * One entry of My products: the product's image and name, then per package its quota items
 * (total, remainder, usage, deadline) and what the package includes; a membership also shows its
 * renewal state and the cancel action.
 */
export function ProductCard({ entry, onChanged }: { entry: ProductQuota; onChanged: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const groups = packageGroups(entry);
  const membershipName = entry.membership ? (groups[0]?.name ?? entry.productInfo.productName) : null;
  return (
    <li className={styles.card} data-testid="product-card" data-product={entry.productInfo.productId} data-subscription={entry.membership?.subscriptionId}>
      <div className={styles.head}>
        <ProductImage src={entry.productInfo.imageUrl} />
        <div className={styles.titles}>
          <Text weight="semibold" size={400}>
            {entry.productInfo.productName}
          </Text>
          {membershipName && <Text className={styles.sub}>{membershipName}</Text>}
        </div>
      </div>
      {entry.membership && membershipName && <MembershipState membership={entry.membership} name={membershipName} onChanged={onChanged} />}
      {groups.map((group) => (
        <section key={group.bundleId} className={styles.group} aria-label={group.name} data-bundle={group.bundleId}>
          {!entry.membership && <Text weight="semibold">{group.name}</Text>}
          <QuotaTable items={group.items} label={group.name} />
          {group.desc && (
            <Text className={styles.includes}>
              <span className={styles.includesLabel}>{t('profile.products.includes')}</span> · {group.desc}
            </Text>
          )}
        </section>
      ))}
    </li>
  );
}
