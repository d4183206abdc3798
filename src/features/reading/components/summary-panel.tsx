import { Button, makeStyles, Spinner, Text } from '@fluentui/react-components';
import type { SummarySentence } from '@engines/reading/summary';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readingWorker } from '../../../lib/reading-worker';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', gap: '6px', flexWrap: 'wrap' },
  list: { margin: 0, paddingLeft: '18px', display: 'flex', flexDirection: 'column', gap: '6px' },
  note: { color: tokens.colorNeutralForeground3 },
});

export interface SummaryPanelProps {
  paragraphs: readonly string[];
  /** The selected text, when there is one: "Summarise selection" uses it. */
  selection: string;
}

const SENTENCES = 5;

/** Extractive summary (TF-IDF sentence scoring in the worker), of the document or the selected section. */
export function SummaryPanel({ paragraphs, selection }: SummaryPanelProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SummarySentence[] | null>(null);

  const run = async (texts: string[]) => {
    setBusy(true);
    try {
      setResult(await readingWorker().summarize(texts, SENTENCES));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <Button appearance="primary" disabled={busy || paragraphs.length === 0} onClick={() => void run([...paragraphs])} data-testid="summary-document">
          {t('reading.summary.document')}
        </Button>
        <Button disabled={busy || selection.length < 20} onClick={() => void run(selection.split(/\n+/))}>
          {t('reading.summary.selection')}
        </Button>
      </div>
      {busy && <Spinner size="tiny" label={t('reading.summary.working')} />}
      {result && result.length === 0 && <Text className={styles.note}>{t('reading.summary.none')}</Text>}
      {result && result.length > 0 && (
        <ol className={styles.list} data-testid="summary">
          {result.map((s, i) => (
            <li key={i}>{s.text}</li>
          ))}
        </ol>
      )}
      <Text size={200} className={styles.note}>{t('reading.summary.note')}</Text>
    </div>
  );
}
