import { Badge, Button, Card, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feed, FeedKind } from '@contracts/video-subscriptions';
import { tokens } from '../../../lib/tokens';
import { reasonText, when } from './texts';

const useStyles = makeStyles({
  card: { padding: '14px 16px', display: 'flex', flexDirection: 'column', gap: '6px' },
  head: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  url: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', gap: '4px', alignItems: 'center' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginTop: '4px' },
});

/** Locale keys are camelCase; the wire's kinds are not. */
const KIND_KEY: Record<FeedKind, string> = { rss: 'rss', atom: 'atom', 'youtube-channel': 'youtubeChannel' };

interface FeedCardProps {
  feed: Feed;
  /** False while a download run is going or the helper is not paired. */
  canDownload: boolean;
  onDownloadNew: (feed: Feed) => void;
  onCancel: (feed: Feed) => Promise<void>;
}

/** One subscription: its state (last check, error, counts), a download of its new items, and unsubscribe with confirmation. */
export function FeedCard({ feed, canDownload, onDownloadNew, onCancel }: FeedCardProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const cancel = async () => {
    setCancelling(true);
    try {
      await onCancel(feed);
      setConfirming(false);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Card className={styles.card} role="listitem" aria-label={feed.title}>
      <div className={styles.head}>
        <Text className={styles.title}>{feed.title}</Text>
        <Badge appearance="tint" color="informative">
          {t(`videoSubscribe.feeds.kind.${KIND_KEY[feed.kind]}`)}
        </Badge>
        {feed.counts.new > 0 && (
          <Badge appearance="filled" color="brand">
            {t('videoSubscribe.state.new')} {feed.counts.new}
          </Badge>
        )}
      </div>
      <Text size={200} className={styles.url}>
        {feed.url}
      </Text>
      <Text size={200} className={styles.meta}>
        {feed.lastPolledAt === null ? t('videoSubscribe.feeds.neverPolled') : t('videoSubscribe.feeds.lastPolled', { time: when(feed.lastPolledAt) })} ·{' '}
        {t('videoSubscribe.feeds.nextPoll', { time: when(feed.nextPollAt) })}
      </Text>
      <Text size={200} className={styles.meta}>
        {t('videoSubscribe.feeds.counts', { new: feed.counts.new, done: feed.counts.done, failed: feed.counts.failed })}
      </Text>
      {feed.lastError !== null && (
        <Text size={200} className={styles.error} role="status">
          <ErrorCircleRegular aria-hidden />
          {t('videoSubscribe.feeds.errorLabel', { reason: reasonText(feed.lastError, 'feedErrors') })}
        </Text>
      )}
      <div className={styles.actions}>
        <Button size="small" appearance="primary" icon={<ArrowDownloadRegular />} disabled={!canDownload || feed.counts.new === 0} onClick={() => onDownloadNew(feed)}>
          {t('videoSubscribe.feeds.downloadNew', { count: feed.counts.new })}
        </Button>
        <Button size="small" icon={<DeleteRegular />} onClick={() => setConfirming(true)}>
          {t('videoSubscribe.feeds.cancel')}
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={(_e, d) => setConfirming(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('videoSubscribe.feeds.cancelTitle', { title: feed.title })}</DialogTitle>
            <DialogContent>{t('videoSubscribe.feeds.cancelBody')}</DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={cancelling} onClick={() => void cancel()}>
                {t('videoSubscribe.feeds.cancelConfirm')}
              </Button>
              <Button onClick={() => setConfirming(false)}>{t('videoSubscribe.feeds.keep')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
