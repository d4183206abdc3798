import { Button, Field, MessageBar, MessageBarActions, MessageBarBody, ProgressBar, makeStyles } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfToolSpec } from '@contracts/pdf-tools';
import type { Comparison } from '@engines/pdf/compare-diff';
import { downloadBlob } from '../../../lib/download';
import type { PdfToolEntry } from '../../../lib/site-map';
import { useComparison, type ReadVersion } from '../compare-reading';
import { useToolRun } from '../hooks/use-tool-run';
import { runDeviceTool, type RunResult } from '../run-tool';
import { toolErrorText } from '../tool-error';
import { CompareChanges } from './compare-changes';
import { ComparePages } from './compare-pages';
import { ComparePickers } from './compare-pickers';
import { RunPanel } from './run-panel';
import { ToolColumn, ToolNote, ToolSection } from './tool-layout';

type Side = 'older' | 'newer';

const useStyles = makeStyles({ cancel: { alignSelf: 'flex-start' } });

/** The differences found: stepped through in the list, shown on the two versions' pages. */
function CompareResults({ comparison, older, newer }: { comparison: Comparison; older: ReadVersion; newer: ReadVersion }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [step, setStep] = useState(0);
  if (comparison.noText) return <ToolNote testId="compare-no-text">{t('pdfCompare.noText')}</ToolNote>;
  if (comparison.changes.length === 0) {
    return (
      <MessageBar intent="success" data-testid="compare-none">
        <MessageBarBody>{t('pdfCompare.none')}</MessageBarBody>
      </MessageBar>
    );
  }
  const select = (index: number) => {
    setCurrent(Math.max(0, Math.min(comparison.changes.length - 1, index)));
    setStep((n) => n + 1);
  };
  return (
    <>
      <CompareChanges changes={comparison.changes} current={current} onSelect={select} />
      <ComparePages older={older} newer={newer} changes={comparison.changes} current={current} step={step} />
    </>
  );
}

/** Compare two versions of a PDF on the device: the differences side by side, and a marked-up report to keep. */
export function CompareTool({ spec }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [files, setFiles] = useState<Record<Side, File | null>>({ older: null, newer: null });
  const { reading, cancel, retry } = useComparison(files.older, files.newer);
  const run = useToolRun();
  // A report under way is for the files as they were: another file stops it.
  const clearRun = () => (run.state.status === 'running' ? run.cancel() : run.reset());
  const pick = (side: Side, file: File | null) => (setFiles((f) => ({ ...f, [side]: file })), clearRun());
  const swap = () => (setFiles((f) => ({ older: f.newer, newer: f.older })), clearRun());

  // The report downloads as soon as it is made; the result card offers it again.
  const result = run.state.status === 'done' ? run.state.result : null;
  const downloaded = useRef<RunResult | null>(null);
  useEffect(() => {
    if (!result || downloaded.current === result) return;
    downloaded.current = result;
    downloadBlob(result.blob, result.name);
  }, [result]);

  const ready = reading.status === 'ready' ? reading : null;
  const start = () => {
    if (!files.older || !files.newer) return;
    const options = { labels: { removed: t('pdfCompare.report.removed'), replaced: t('pdfCompare.report.replaced') } };
    const both = [files.older, files.newer];
    void run.start((callbacks) => runDeviceTool('pdf-compare', both, options, { zip: false, zipName: '' }, callbacks));
  };

  return (
    <ToolColumn>
      <ToolNote>{t('pdfTools.privacy.device')}</ToolNote>
      <ComparePickers
        accepts={spec.accepts}
        files={files}
        pages={ready ? { older: ready.older.sizes.length, newer: ready.newer.sizes.length } : {}}
        onPick={pick}
        onSwap={swap}
      />
      {reading.status === 'waiting' && <ToolNote>{t('pdfCompare.pickHint')}</ToolNote>}
      {reading.status === 'reading' && (
        <ToolSection>
          <Field label={t('pdfCompare.reading')} hint={reading.total ? t('pdfCompare.readingCount', { done: reading.done, total: reading.total }) : undefined} data-testid="compare-reading">
            <ProgressBar value={reading.total ? reading.done / reading.total : undefined} max={1} thickness="large" />
          </Field>
          <Button icon={<DismissRegular />} onClick={cancel} className={styles.cancel}>
            {t('pdfCompare.cancel')}
          </Button>
        </ToolSection>
      )}
      {reading.status === 'cancelled' && (
        <MessageBar intent="info" data-testid="compare-cancelled">
          <MessageBarBody>{t('pdfCompare.cancelled')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={retry}>{t('pdfCompare.again')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {reading.status === 'failed' && (
        <MessageBar intent="error" layout="multiline" role="alert" data-testid="compare-failed">
          <MessageBarBody>{t('pdfCompare.failed', { side: t(`pdfCompare.sides.${reading.side}`), reason: toolErrorText(t, i18n, { reason: reading.reason }) })}</MessageBarBody>
        </MessageBar>
      )}
      {ready && (
        <ToolSection>
          <CompareResults key={`${ready.older.id}/${ready.newer.id}`} comparison={ready.comparison} older={ready.older} newer={ready.newer} />
          <ToolNote>{t('pdfCompare.textOnly')}</ToolNote>
        </ToolSection>
      )}
      {ready && ready.comparison.changes.length > 0 && (
        <ToolSection>
          <ToolNote>{t('pdfCompare.reportNote')}</ToolNote>
          <RunPanel
            convertType={spec.key}
            state={run.state}
            actionLabel={t('pdfCompare.download')}
            blocked={run.state.status === 'running'}
            onRun={start}
            onCancel={run.cancel}
            onReset={run.reset}
          />
        </ToolSection>
      )}
    </ToolColumn>
  );
}
