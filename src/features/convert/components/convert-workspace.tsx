import { makeStyles } from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvertCard } from '@contracts/convert-catalogue';
import { acceptedFor } from '@engines/engine-table';
import { PageContainer } from '../../../lib/components/page-container';
import { QuotaErrorNotice } from '../../../lib/components/quota-error-notice';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { quotaNoticeAtom } from '../atoms';
import { cardLabel, dotted, formatBytes } from '../card-text';
import { checkFiles, type Refusal } from '../file-intake';
import { useLimit } from '../hooks/use-limit';
import type { Limit } from '../api';
import { usePageTasks } from '../hooks/use-page-tasks';
import { enqueueFiles } from '../task-runner';
import { ConvertHero } from './convert-hero';
import { DropZone } from './drop-zone';
import { EngineNote } from './engine-note';
import { FeatureMissingDialog } from './feature-missing-dialog';
import { RefusedFiles } from './intake-notices';
import { TaskList } from './task-list';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '16px', paddingTop: '24px', paddingBottom: '64px' },
});

/** The package's limit with the card's own cap applied (null: none); undefined while the limit loads. */
function withCardCap(limit: Limit | undefined, cap: number | null): Limit | undefined {
  if (!limit || cap === null || limit.maxFileSize === 0) return limit;
  return { ...limit, maxFileSize: Math.min(limit.maxFileSize, cap) };
}

/** The working part of a convert page: drop zone, messages and the task list. */
export function ConvertWorkspace({ card }: { card: ConvertCard }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const packageLimit = useLimit(card.key);
  // Staff's size cap for the card applies on top of the package's (the server refuses above it with 1005).
  const limit = withCardCap(packageLimit, card.maxFileSize);
  const accepted = acceptedFor(card);
  const tasks = usePageTasks(card.key);
  const [refused, setRefused] = useState<Refusal[]>([]);
  const [notice, setNotice] = useAtom(quotaNoticeAtom);
  useDocumentTitle(cardLabel(t, i18n, card));

  // A quota message belongs to the page where it happened.
  useEffect(() => () => setNotice(null), [card.key, setNotice]);

  const onFiles = (files: File[]) => {
    const intake = checkFiles(files, accepted, limit, card.maxFileSize);
    setRefused(intake.refused);
    setNotice(intake.quotaCode ? { code: intake.quotaCode } : null);
    if (intake.accepted.length > 0) enqueueFiles(card, intake.accepted);
  };

  const multiple = limit?.batch ?? false;
  const hint = [
    limit && limit.maxFileSize > 0 ? t('convert.drop.maxSize', { size: formatBytes(limit.maxFileSize) }) : null,
    limit ? (multiple ? t('convert.drop.batch', { count: limit.maxBatchCount }) : t('convert.drop.single')) : null,
  ]
    .filter(Boolean)
    .join(' · ') || t('convert.drop.accepts', { list: dotted(accepted).join(', ') });

  return (
    <>
      <ConvertHero card={card} limit={limit} />
      <PageContainer className={styles.body}>
        <DropZone accept={dotted(accepted).join(',')} multiple={multiple} hint={hint} onFiles={onFiles} />
        <EngineNote card={card} />
        <RefusedFiles refused={refused} accepted={accepted} maxFileSize={limit?.maxFileSize ?? card.maxFileSize ?? 0} onDismiss={() => setRefused([])} />
        {notice && (
          <div data-testid="quota-notice" data-code={notice.code}>
            <QuotaErrorNotice code={notice.code} convertType={card.key} onDismiss={() => setNotice(null)} />
          </div>
        )}
        <TaskList tasks={tasks} zipName={`${card.key}-${new Date().toISOString().slice(0, 10)}.zip`} />
      </PageContainer>
      <FeatureMissingDialog />
    </>
  );
}
