import { Button, Field, MessageBar, MessageBarBody, MessageBarTitle, ProgressBar, makeStyles } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QuotaErrorNotice } from '../../../lib/components/quota-error-notice';
import { downloadBlob } from '../../../lib/download';
import { tokens } from '../../../lib/tokens';
import { ErrorCode } from '@contracts/error-codes';
import { formatBytes } from '../file-accept';
import type { RunState } from '../hooks/use-tool-run';
import { isQuotaError, toolErrorText } from '../tool-error';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  result: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  resultTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  name: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface RunPanelProps {
  convertType: string;
  state: RunState;
  /** The Run button's text: the tool's action ("Merge PDFs"). */
  actionLabel: string;
  /** Set when the options cannot run yet; the Run button is then off. */
  blocked: boolean;
  onRun: () => void;
  onCancel: () => void;
  onReset: () => void;
  /** Extra lines about the result (before/after sizes). */
  resultDetails?: ReactNode;
}

/** Run, then progress with Cancel, then the result to download, or the error (the quota notice for the package's limits). */
export function RunPanel({ convertType, state, actionLabel, blocked, onRun, onCancel, onReset, resultDetails }: RunPanelProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();

  if (state.status === 'running') {
    const percent = state.progress === undefined ? undefined : Math.round(state.progress * 100);
    return (
      <div className={styles.root} data-testid="pdf-run-progress">
        <Field label={t(`pdfTools.run.phases.${state.phase}`)} validationState="none">
          <ProgressBar value={state.progress} max={1} thickness="large" aria-valuetext={percent === undefined ? undefined : `${percent}%`} />
        </Field>
        <div className={styles.actions}>
          <Button icon={<DismissRegular />} onClick={onCancel}>
            {t('pdfTools.run.cancel')}
          </Button>
        </div>
      </div>
    );
  }

  if (state.status === 'done') {
    const { result } = state;
    return (
      <section className={styles.result} data-testid="pdf-result" aria-live="polite">
        <h2 className={styles.resultTitle}>{t('pdfTools.run.doneTitle')}</h2>
        <p className={styles.name}>
          <span data-testid="pdf-result-name">{result.name}</span> <span className={styles.muted}>({formatBytes(result.blob.size)})</span>
        </p>
        {resultDetails}
        <div className={styles.actions}>
          <Button appearance="primary" icon={<ArrowDownloadRegular />} onClick={() => downloadBlob(result.blob, result.name)}>
            {t('pdfTools.run.download')}
          </Button>
          <Button onClick={onReset}>{t('pdfTools.run.startOver')}</Button>
        </div>
      </section>
    );
  }

  return (
    <div className={styles.root}>
      {state.status === 'failed' &&
        (isQuotaError(state.error) ? (
          <QuotaErrorNotice code={state.error.code === ErrorCode.PAYLOAD_TOO_LARGE ? ErrorCode.FILE_TOO_LARGE : state.error.code} convertType={convertType} onDismiss={onReset} />
        ) : (
          <MessageBar intent="error" layout="multiline" role="alert" data-testid="pdf-run-error">
            <MessageBarBody>
              <MessageBarTitle>{t('pdfTools.run.failedTitle')}</MessageBarTitle>
              {toolErrorText(t, i18n, state.error)}
            </MessageBarBody>
          </MessageBar>
        ))}
      {state.status === 'idle' && state.cancelled && (
        <MessageBar intent="info" role="status">
          <MessageBarBody>{t('pdfTools.run.cancelled')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" size="large" disabled={blocked} onClick={onRun} data-testid="pdf-run">
          {actionLabel}
        </Button>
      </div>
    </div>
  );
}
