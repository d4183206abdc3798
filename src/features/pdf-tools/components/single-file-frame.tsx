import { Button, makeStyles } from '@fluentui/react-components';
import { DismissRegular, DocumentPdfRegular } from '@fluentui/react-icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import { formatBytes } from '../file-accept';
import { useToolRun } from '../hooks/use-tool-run';
import { forgetPdfPages, openPdfPages, PdfToolError, type BrowserPdfToolKey } from '../pdf-worker';
import { runDeviceTool, runServerTool, type RunResult } from '../run-tool';
import type { Checked } from '../tool-options';
import { toolErrorText } from '../tool-error';
import { FileDrop } from './file-drop';
import { RunPanel } from './run-panel';
import { ToolColumn, ToolNote, ToolSection } from './tool-layout';
import { useChosenFileStyles } from './chosen-file-styles';

const useStyles = makeStyles({
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

interface SingleFileFrameProps {
  spec: PdfToolSpec;
  entry: PdfToolEntry;
  /** The options as the form stands; the Run button stays off until they are right. */
  options: Checked<unknown>;
  /** Read the page count on the device first (split), which also finds a locked PDF before any quota is spent. */
  readPages?: boolean;
  /** Details under the result (before/after sizes), given the chosen file and the result. */
  resultDetails?: (file: File, result: RunResult) => ReactNode;
  /** Called when a run ends well (the protect form forgets its passwords then). */
  onDone?: () => void;
  children: ReactNode;
}

/** A tool that works on one file at a time: the file, the tool's options (children), the run. */
export function SingleFileFrame({ spec, entry, options, readPages = false, resultDetails, onDone, children }: SingleFileFrameProps) {
  const styles = useStyles();
  const fileStyles = useChosenFileStyles();
  const { t, i18n } = useTranslation();
  const run = useToolRun();
  const [file, setFile] = useState<File | null>(null);
  const [pages, setPages] = useState<{ count?: number; error?: string }>({});

  useEffect(() => {
    if (!file || !readPages) return;
    const id = `single-${file.name}-${file.size}-${file.lastModified}`;
    let live = true;
    openPdfPages(id, file).then(
      (count) => live && setPages({ count }),
      (error: unknown) => live && setPages({ error: error instanceof PdfToolError ? error.failure.reason : 'unreadable' }),
    );
    return () => {
      live = false;
      forgetPdfPages(id);
    };
  }, [file, readPages]);

  const done = run.state.status === 'done';
  useEffect(() => {
    if (done) onDone?.();
  }, [done, onDone]);

  const start = () => {
    if (!file || !options.ok) return;
    const chosen = options.options;
    if (spec.engine === 'browser') {
      const zipName = `${file.name.replace(/\.[^.]+$/, '') || 'parts'}.zip`;
      void run.start((callbacks) => runDeviceTool(spec.key as BrowserPdfToolKey, [file], chosen, { zip: spec.output === 'zip', zipName }, callbacks));
    } else void run.start((callbacks) => runServerTool(spec.key, file, chosen, callbacks));
  };

  const waiting = readPages && file !== null && pages.count === undefined && !pages.error;
  const blocked = !file || !options.ok || waiting || Boolean(pages.error) || run.state.status === 'running';
  return (
    <ToolColumn>
      <ToolNote>{t(spec.engine === 'browser' ? 'pdfTools.privacy.device' : 'pdfTools.privacy.server')}</ToolNote>
      <FileDrop
        accepts={spec.accepts}
        multiple={false}
        unlockEncrypted={spec.engine === 'browser'}
        compact={file !== null}
        onFiles={([chosen]) => {
          if (!chosen) return;
          setPages({});
          setFile(chosen);
          run.reset();
        }}
      />
      {file && (
        <div className={fileStyles.file} data-testid="pdf-chosen-file">
          <DocumentPdfRegular className={fileStyles.icon} aria-hidden />
          <span className={fileStyles.text}>
            <span className={fileStyles.name}>{file.name}</span>
            <span className={fileStyles.meta} data-testid="pdf-file-meta">
              {formatBytes(file.size)}
              {readPages && !pages.error && ` · ${pages.count === undefined ? t('pdfTools.files.reading') : t('pdfTools.files.pages', { count: pages.count })}`}
            </span>
            {pages.error && (
              <span className={styles.error} role="alert">
                {toolErrorText(t, i18n, { reason: pages.error })}
              </span>
            )}
          </span>
          <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('pdfTools.files.remove', { name: file.name })} onClick={() => (setFile(null), run.reset())} />
        </div>
      )}
      <ToolSection>{children}</ToolSection>
      <RunPanel
        convertType={spec.key}
        state={run.state}
        actionLabel={t(`pdfTools.run.actions.${entry.id}`)}
        blocked={blocked}
        onRun={start}
        onCancel={run.cancel}
        onReset={run.reset}
        resultDetails={file && run.state.status === 'done' ? resultDetails?.(file, run.state.result) : undefined}
      />
    </ToolColumn>
  );
}
