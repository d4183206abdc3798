import { Badge, Button, Field, makeStyles, ProgressBar, Select, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular, OpenRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ITEM_STATES, type Feed, type FeedItem, type ItemState } from '@contracts/video-subscriptions';
import { tokens } from '../../../lib/tokens';
import { reasonText, when } from './texts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: '4px 12px',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  main: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  side: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  filter: { maxWidth: '220px' },
});

const STATE_COLOR: Record<ItemState, 'brand' | 'informative' | 'warning' | 'success' | 'danger'> = {
  new: 'brand',
  queued: 'informative',
  downloading: 'warning',
  done: 'success',
  failed: 'danger',
};

interface ItemListProps {
  items: FeedItem[];
  feeds: Feed[];
  filter: ItemState | 'all';
  onFilter: (f: ItemState | 'all') => void;
  canDownload: boolean;
  onDownload: (item: FeedItem) => void;
}

/** The items found in the user's feeds, newest found first, with their state and a download for new or failed ones. */
export function ItemList({ items, feeds, filter, onFilter, canDownload, onDownload }: ItemListProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const feedTitle = new Map(feeds.map((f) => [f.feedId, f.title]));
  const shown = filter === 'all' ? items : items.filter((i) => i.state === filter);

  return (
    <>
      <Field label={t('videoSubscribe.items.filter')} className={styles.filter}>
        <Select value={filter} onChange={(_e, d) => onFilter(d.value as ItemState | 'all')}>
          <option value="all">{t('videoSubscribe.items.filterAll')}</option>
          {ITEM_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`videoSubscribe.state.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      {shown.length === 0 ? (
        <Text>{items.length === 0 ? t('videoSubscribe.items.empty') : t('videoSubscribe.items.emptyFiltered')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('videoSubscribe.items.heading')}>
          {shown.map((item) => (
            <li key={item.itemId} className={styles.row}>
              <div className={styles.main}>
                <Text className={styles.title}>{item.title}</Text>
                <Text size={200} className={styles.meta}>
                  {feedTitle.get(item.feedId) ?? ''}
                  {item.publishedAt !== null && ` · ${t('videoSubscribe.items.published', { time: when(item.publishedAt) })}`}
                </Text>
                {item.state === 'downloading' && <ProgressBar value={item.progress ?? undefined} thickness="medium" />}
                {item.state === 'done' && item.savedPath && (
                  <Text size={200} className={styles.meta}>
                    {t('videoSubscribe.items.savedTo', { path: item.savedPath })}
                  </Text>
                )}
                {item.state === 'failed' && item.error && (
                  <Text size={200} className={styles.error}>
                    {reasonText(item.error, 'itemErrors')}
                  </Text>
                )}
              </div>
              <div className={styles.side}>
                <Badge appearance="tint" color={STATE_COLOR[item.state]}>
                  {t(`videoSubscribe.state.${item.state}`)}
                </Badge>
                {item.link && (
                  <Button as="a" size="small" appearance="subtle" icon={<OpenRegular />} href={item.link} target="_blank" rel="noopener noreferrer" aria-label={t('videoSubscribe.items.open')} title={t('videoSubscribe.items.open')} />
                )}
                {(item.state === 'new' || item.state === 'failed' || item.state === 'queued') && (
                  <Button size="small" icon={<ArrowDownloadRegular />} disabled={!canDownload || !item.downloadUrl} onClick={() => onDownload(item)}>
                    {item.state === 'failed' ? t('videoSubscribe.items.retry') : t('videoSubscribe.items.download')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
