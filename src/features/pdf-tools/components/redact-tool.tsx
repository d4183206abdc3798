import { Checkbox, MessageBar, MessageBarBody, Spinner, makeStyles } from '@fluentui/react-components';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redactOptionsSchema } from '@contracts/pdf-redact-options';
import type { PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import { usePageThumbnails } from '../hooks/use-page-thumbnails';
import { useToolRun } from '../hooks/use-tool-run';
import { findHits, MAX_HITS, regionsOf, termsOf, type Hit } from '../redact-hits';
import { usePageTexts } from '../redact-reading';
import { runServerTool } from '../run-tool';
import { toolErrorText } from '../tool-error';
import { FileDrop } from './file-drop';
import { RedactHitList } from './redact-hit-list';
import { RedactPages, type DrawnBox } from './redact-pages';
import { RedactSearch, type RedactSearchForm } from './redact-search';
import { RunPanel } from './run-panel';
import { ToolColumn, ToolNote, ToolSection } from './tool-layout';

const useStyles = makeStyles({
  name: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1 },
  summary: { margin: 0, fontWeight: tokens.fontWeightSemibold },
});

const FIRST_SEARCH: RedactSearchForm = { terms: '', presets: ['email', 'phone', 'cnId'], custom: '' };

/**
 * Redact on the server (PyMuPDF): the page finds the hits of the terms and patterns in the
 * text pdf.js reads on the device, the user keeps or drops each and draws boxes of their own;
 * only the approved boxes are sent, and the server deletes what is under them.
 */
export function RedactTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const thumbs = usePageThumbnails(file);
  const texts = usePageTexts(file);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<RedactSearchForm>(FIRST_SEARCH);
  const [dropped, setDropped] = useState<Set<string>>(new Set());
  const [drawn, setDrawn] = useState<DrawnBox[]>([]);
  const [removeMetadata, setRemoveMetadata] = useState(true);
  const run = useToolRun();

  // Searching a long document on every key press would stall typing: search the settled form.
  const settled = useDeferredValue(search);
  const hits = useMemo<Hit[]>(() => {
    const request = { terms: termsOf(settled.terms), presets: settled.presets, custom: settled.custom };
    const all: Hit[] = [];
    for (const [n, text] of [...texts.pages].sort((a, b) => a[0] - b[0])) {
      all.push(...findHits(n, text.items, request));
      if (all.length >= MAX_HITS) break;
    }
    return all.slice(0, MAX_HITS);
  }, [settled, texts.pages]);

  const sizes = texts.pages;
  const regions = useMemo(() => regionsOf(hits, dropped, drawn, sizes), [hits, dropped, drawn, sizes]);
  const checked = regions.length > 0 ? redactOptionsSchema.safeParse({ regions, removeMetadata }) : undefined;
  const changeDrawn = useCallback((update: (list: DrawnBox[]) => DrawnBox[]) => setDrawn(update), []);

  const pickFile = (chosen: File) => {
    setFile(chosen);
    setPage(1);
    setDropped(new Set());
    setDrawn([]);
    run.reset();
  };
  const launch = () => {
    if (!file || !checked?.success) return;
    const options = checked.data;
    void run.start((callbacks) => runServerTool(spec.key, file, options, callbacks));
  };

  const readError = thumbs.error ?? texts.error;
  const noText = texts.done && !texts.error && [...texts.pages.values()].every((p) => p.items.length === 0);
  const regionPages = [...new Set(regions.map((r) => r.page))].sort((a, b) => a - b).join(', ');
  return (
    <ToolColumn>
      <ToolNote>{t('pdfTools.privacy.server')}</ToolNote>
      <FileDrop accepts={spec.accepts} multiple={false} unlockEncrypted compact={file !== null} onFiles={([chosen]) => chosen && pickFile(chosen)} />
      {file && (
        <>
          <ToolSection label={t('pdfRedact.search.title')}>
            <span className={styles.name}>{file.name}</span>
            {readError && (
              <p className={styles.error} role="alert">
                {toolErrorText(t, i18n, { reason: readError })}
              </p>
            )}
            {!readError && !texts.done && (
              <Spinner size="tiny" label={t('pdfRedact.reading', { page: texts.pages.size, count: texts.count ?? '…' })} data-testid="redact-reading" />
            )}
            {noText && <ToolNote testId="redact-no-text">{t('pdfRedact.noText')}</ToolNote>}
            {!readError && <RedactSearch form={search} onChange={setSearch} />}
          </ToolSection>
          {!readError && (
            <ToolSection label={t('pdfRedact.hits.title')}>
              <RedactHitList hits={hits} dropped={dropped} onDropped={setDropped} onShowPage={setPage} />
            </ToolSection>
          )}
          {!readError && thumbs.count !== undefined && (
            <ToolSection label={t('pdfRedact.pages.title')}>
              <RedactPages
                file={file}
                count={thumbs.count}
                thumbs={thumbs.urls}
                texts={texts.pages}
                page={page}
                onPage={setPage}
                hits={hits}
                dropped={dropped}
                drawn={drawn}
                onDrawn={changeDrawn}
              />
            </ToolSection>
          )}
          {!readError && (
            <ToolSection>
              <Checkbox checked={removeMetadata} onChange={(_, d) => setRemoveMetadata(Boolean(d.checked))} label={t('pdfRedact.removeMetadata')} />
              <MessageBar intent="warning">
                <MessageBarBody>{t('pdfRedact.permanent')}</MessageBarBody>
              </MessageBar>
              <p className={styles.summary} aria-live="polite" data-testid="redact-summary" data-regions={regions.length}>
                {regions.length === 0 ? t('pdfRedact.nothing') : t('pdfRedact.summary', { count: regions.length, pages: regionPages })}
              </p>
            </ToolSection>
          )}
        </>
      )}
      <RunPanel
        convertType={spec.key}
        state={run.state}
        actionLabel={t(`pdfTools.run.actions.${entry.id}`)}
        blocked={!file || !checked?.success || !texts.done || Boolean(readError) || run.state.status === 'running'}
        onRun={launch}
        onCancel={run.cancel}
        onReset={run.reset}
      />
    </ToolColumn>
  );
}
