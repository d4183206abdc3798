import { Button, makeStyles, MessageBar, MessageBarBody, ProgressBar, Spinner, Text, Title2, Title3 } from '@fluentui/react-components';
import { ArrowDownloadRegular, PersonRegular, RssRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import type { Feed, FeedItem, ItemState } from '@contracts/video-subscriptions';
import { EmptyState } from '../../../lib/components/empty-state';
import { PageContainer } from '../../../lib/components/page-container';
import { loginUrl } from '../../../lib/navigation';
import { notify } from '../../../lib/notify';
import { userInfoAtom } from '../../../lib/session';
import { tokens } from '../../../lib/tokens';
import { useLocalHelperStatus } from '../../../lib/local-helper-client';
import { AddFeedForm } from './add-feed-form';
import { CONFIG_KEY, cancelFeed, fetchJson, saveLocalDir, STATUS_KEY, type DownloadStatus, type VideoUserConfig } from './api';
import { FeedCard } from './feed-card';
import { HelperNotice } from './helper-notice';
import { ItemList } from './item-list';
import { useFeedDownloads } from './use-feed-downloads';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '24px 0 40px' },
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '760px' },
  section: { display: 'flex', flexDirection: 'column', gap: '10px' },
  feeds: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' },
  run: { display: 'flex', flexDirection: 'column', gap: '6px' },
});

/** /products/videoTools/panels/subscribe: the user's feeds, their new items, and downloads through the local helper. */
export function SubscribePanel() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const location = useLocation();
  if (!user) {
    return (
      <PageContainer>
        <EmptyState
          icon={<PersonRegular />}
          title={t('videoSubscribe.signInTitle')}
          description={t('videoSubscribe.signInBody')}
          actions={<Link to={loginUrl(location.pathname)}>{t('videoSubscribe.signIn')}</Link>}
        />
      </PageContainer>
    );
  }
  return <Subscriptions />;
}

function Subscriptions() {
  const styles = useStyles();
  const { t } = useTranslation();
  const helper = useLocalHelperStatus();
  const config = useSWR<VideoUserConfig, Error>(CONFIG_KEY, fetchJson, { refreshInterval: 60_000 });
  const [filter, setFilter] = useState<ItemState | 'all'>('all');
  const { mutate } = useSWRConfig();
  const refresh = useCallback(() => {
    void mutate(CONFIG_KEY);
    void mutate(STATUS_KEY);
  }, [mutate]);
  const downloads = useFeedDownloads(refresh);
  const status = useSWR<DownloadStatus, Error>(STATUS_KEY, fetchJson, { refreshInterval: downloads.busy ? 3_000 : 30_000 });

  // The server keeps the helper's folder as the user's base_path (spec §3): keep it in step when the helper reports another.
  const helperPath = helper.config?.basePath ?? null;
  const serverPath = config.data?.basePath ?? null;
  const synced = useRef<string | null>(null);
  const loaded = config.data !== undefined;
  useEffect(() => {
    // Once per folder the helper reports: a refused save is not retried on every render.
    if (!helperPath || !loaded || helperPath === serverPath || synced.current === helperPath) return;
    synced.current = helperPath;
    saveLocalDir(helperPath).then(
      (next) => void mutate(CONFIG_KEY, next, { revalidate: false }),
      () => undefined,
    );
  }, [helperPath, serverPath, loaded, mutate]);

  useEffect(() => {
    const r = downloads.result;
    if (!r) return;
    if (r.kind === 'nothing') notify('info', t('videoSubscribe.run.nothing'));
    else if (r.kind === 'stopped') notify('warning', t('videoSubscribe.run.stopped'));
    else notify(r.failed > 0 ? 'warning' : 'success', t('videoSubscribe.run.finished', { done: r.done, failed: r.failed }));
  }, [downloads.result, t]);

  const paired = helper.state === 'paired';
  const canDownload = paired && !downloads.busy;
  const feeds = config.data?.subscribes ?? [];
  const newCount = feeds.reduce((n, f) => n + f.counts.new, 0);

  const cancel = async (feed: Feed) => {
    await cancelFeed(feed.feedId);
    notify('success', t('videoSubscribe.feeds.cancelled', { title: feed.title }));
    refresh();
  };

  return (
    <PageContainer className={styles.page}>
      <Title2 as="h1">{t('videoSubscribe.title')}</Title2>
      <Text className={styles.intro}>{t('videoSubscribe.intro', { minutes: config.data?.pollMinutes ?? 30 })}</Text>
      {!helper.checking && <HelperNotice state={helper.state} basePath={helperPath ?? serverPath} />}
      <AddFeedForm onAdded={refresh} />

      {downloads.progress && (
        <section className={styles.run} aria-live="polite">
          <div className={styles.row}>
            <Text>{t('videoSubscribe.run.progress', { index: downloads.progress.index, total: downloads.progress.total, title: downloads.progress.item.title })}</Text>
            <Button onClick={downloads.stop}>{t('videoSubscribe.run.stop')}</Button>
          </div>
          <ProgressBar value={downloads.progress.progress ?? undefined} thickness="large" />
        </section>
      )}

      <section className={styles.section} aria-labelledby="vs-feeds">
        <Title3 as="h2" id="vs-feeds">
          {t('videoSubscribe.feeds.heading')}
        </Title3>
        {config.isLoading && <Spinner label={t('videoSubscribe.feeds.loading')} />}
        {config.error !== undefined && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{t('videoSubscribe.feeds.loadFailed')}</MessageBarBody>
            <Button size="small" onClick={refresh}>
              {t('videoSubscribe.feeds.retry')}
            </Button>
          </MessageBar>
        )}
        {config.data && feeds.length === 0 && <EmptyState icon={<RssRegular />} title={t('videoSubscribe.feeds.empty')} />}
        <div className={styles.feeds} role="list" aria-labelledby="vs-feeds">
          {feeds.map((feed) => (
            <FeedCard key={feed.feedId} feed={feed} canDownload={canDownload} onDownloadNew={(f) => void downloads.run({ feedId: f.feedId })} onCancel={cancel} />
          ))}
        </div>
      </section>

      {feeds.length > 0 && (
        <section className={styles.section} aria-labelledby="vs-items">
          <div className={styles.row}>
            <Title3 as="h2" id="vs-items">
              {t('videoSubscribe.items.heading')}
            </Title3>
            <Button appearance="primary" icon={<ArrowDownloadRegular />} disabled={!canDownload || newCount === 0} onClick={() => void downloads.run({})}>
              {t('videoSubscribe.items.downloadAllNew')}
            </Button>
          </div>
          {!paired && <Text>{t('videoSubscribe.items.needsHelper')}</Text>}
          {status.data && (
            <ItemList items={status.data.items} feeds={feeds} filter={filter} onFilter={setFilter} canDownload={canDownload} onDownload={(item: FeedItem) => void downloads.run({ itemIds: [item.itemId] })} />
          )}
        </section>
      )}
    </PageContainer>
  );
}
