import { Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Tab, TabList, Text, Tooltip } from '@fluentui/react-components';
import { ArrowSwapRegular, StopRegular, TranslateRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paragraph, ReadLang } from '@contracts/ai-read';
import { tokens } from '../../../lib/tokens';
import { translationLayoutAtom, type TranslationLayout } from './atoms';
import { ExportMenu } from './export-menu';
import { TranslationRow } from './translation-row';
import { useTranslationQueue } from './use-translation-queue';

export interface TranslationPaneProps {
  /** Identifies the open document (e.g. a hash of the PDF or the URL), so translations and charges are per document. */
  documentKey: string;
  /** The document's paragraphs in reading order, with ids stable for this document. */
  paragraphs: readonly Paragraph[];
  /** The paragraphs on screen now: translated first. */
  visibleIds: readonly string[];
  sourceLang: ReadLang;
  /** The document's title, for the exported file (optional). */
  title?: string;
}

const useStyles = makeStyles({
  pane: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  direction: { display: 'flex', alignItems: 'center', gap: '4px' },
  spacer: { flexGrow: 1 },
  note: { color: tokens.colorNeutralForeground3 },
  list: { display: 'flex', flexDirection: 'column' },
});

const other = (lang: ReadLang): ReadLang => (lang === 'en' ? 'zh' : 'en');

/**
 * The reader's translation pane: "Translate" translates the visible paragraphs first, then the
 * rest in the background; source and translation side by side or interleaved; a failed
 * paragraph offers a retry; English↔Chinese from the document's language, with a swap; without
 * the AI service a calm note says that translation needs it while the offline tools keep working.
 */
export function TranslationPane({ documentKey, paragraphs, visibleIds, sourceLang, title = '' }: TranslationPaneProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [swapped, setSwapped] = useState(false);
  const [layout, setLayout] = useAtom(translationLayoutAtom);
  const from = swapped ? other(sourceLang) : sourceLang;
  const to = other(from);
  const queue = useTranslationQueue({ documentKey, paragraphs, visibleIds, from, to });
  const running = queue.status === 'running';

  if (paragraphs.length === 0) {
    return (
      <section className={styles.pane} aria-label={t('translate.title')}>
        <Text className={styles.note}>{t('translate.empty')}</Text>
      </section>
    );
  }

  return (
    <section className={styles.pane} aria-label={t('translate.title')} data-testid="translation-pane">
      <div className={styles.toolbar}>
        {running ? (
          <Button icon={<StopRegular />} onClick={() => queue.stop()}>
            {t('translate.stop')}
          </Button>
        ) : (
          <Button appearance="primary" icon={<TranslateRegular />} disabled={queue.remaining === 0} onClick={() => void queue.run()} data-testid="translate-start">
            {queue.translatedCount > 0 ? t('translate.resume') : t('translate.start')}
          </Button>
        )}
        <span className={styles.direction}>
          <Text weight="semibold" data-testid="translate-direction">
            {t('translate.direction', { from: t(`translate.langs.${from}`), to: t(`translate.langs.${to}`) })}
          </Text>
          <Tooltip content={t('translate.swap')} relationship="label">
            <Button appearance="subtle" icon={<ArrowSwapRegular />} disabled={running} onClick={() => setSwapped((s) => !s)} />
          </Tooltip>
        </span>
        <span className={styles.spacer} />
        <TabList size="small" selectedValue={layout} onTabSelect={(_e, d) => setLayout(d.value as TranslationLayout)} aria-label={t('translate.layout.label')}>
          <Tab value="sideBySide">{t('translate.layout.sideBySide')}</Tab>
          <Tab value="interleaved">{t('translate.layout.interleaved')}</Tab>
        </TabList>
        <ExportMenu title={title} paragraphs={paragraphs} states={queue.states} from={from} to={to} />
      </div>
      {queue.status === 'unavailable' && (
        <MessageBar intent="info" data-testid="translate-unavailable">
          <MessageBarBody>
            <MessageBarTitle>{t('translate.unavailableTitle')}</MessageBarTitle>
            {t('translate.unavailable')}
          </MessageBarBody>
        </MessageBar>
      )}
      {queue.status === 'error' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t('translate.errorTitle')}</MessageBarTitle>
            {queue.errorText}
          </MessageBarBody>
        </MessageBar>
      )}
      <Text size={200} className={styles.note} aria-live="polite">
        {queue.status === 'idle' ? `${t('translate.visibleFirst')} ${t('translate.quotaNote')}` : t('translate.progress', { done: queue.translatedCount, total: paragraphs.length })}
      </Text>
      <div className={styles.list}>
        {paragraphs.map((p) => (
          <TranslationRow key={p.id} paragraph={p} state={queue.states.get(p.id)} layout={layout} started={queue.status === 'running' || queue.status === 'done' || queue.status === 'error'} from={from} to={to} onRetry={(id) => queue.retry(id)} />
        ))}
      </div>
    </section>
  );
}
