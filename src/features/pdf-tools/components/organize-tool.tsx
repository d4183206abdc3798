import { Button, Spinner, makeStyles } from '@fluentui/react-components';
import { DocumentArrowRightRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import { moveItem } from '../file-accept';
import { usePageThumbnails } from '../hooks/use-page-thumbnails';
import { useToolRun } from '../hooks/use-tool-run';
import { initialPages, toOrganizeOptions, turn, type GridPage } from '../organize-pages';
import { runDeviceTool } from '../run-tool';
import { toolErrorText } from '../tool-error';
import { FileDrop } from './file-drop';
import { PageGrid } from './page-grid';
import { RunPanel } from './run-panel';
import { ToolColumn, ToolNote, ToolSection } from './tool-layout';

const useStyles = makeStyles({
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  name: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold, flexGrow: 1, minWidth: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
  live: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

/** Organise one PDF on a thumbnail grid: turn, move, delete pages, or extract the selected ones. On the device. */
export function OrganizeTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const thumbs = usePageThumbnails(file);
  const [pages, setPages] = useState<GridPage[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const run = useToolRun();

  const startAgain = () => {
    setPages(initialPages(thumbs.count ?? 0));
    setSelected(new Set());
  };
  useEffect(() => {
    setPages(initialPages(thumbs.count ?? 0));
    setSelected(new Set());
  }, [thumbs.count]);

  const launch = (only?: ReadonlySet<number>) => {
    if (!file) return;
    const options = toOrganizeOptions(pages, only);
    if (options.pages.length === 0) return;
    void run.start((callbacks) => runDeviceTool('pdf-organize', [file], options, { zip: false, zipName: '' }, callbacks));
  };

  const running = run.state.status === 'running';
  return (
    <ToolColumn>
      <ToolNote>{t('pdfTools.privacy.device')}</ToolNote>
      <FileDrop accepts={spec.accepts} multiple={false} unlockEncrypted compact={file !== null} onFiles={([chosen]) => chosen && (setFile(chosen), run.reset())} />
      {file && (
        <ToolSection>
          <div className={styles.toolbar}>
            <span className={styles.name}>{file.name}</span>
            {thumbs.count === undefined && !thumbs.error && <Spinner size="tiny" label={t('pdfTools.organize.loading')} />}
          </div>
          {thumbs.error && (
            <p className={styles.error} role="alert">
              {toolErrorText(t, i18n, { reason: thumbs.error })}
            </p>
          )}
          {pages.length > 0 && (
            <>
              <div className={styles.toolbar}>
                <span aria-live="polite" data-testid="pdf-selected-count">
                  {t('pdfTools.organize.selected', { count: selected.size })}
                </span>
                <Button icon={<DocumentArrowRightRegular />} disabled={selected.size === 0 || running} onClick={() => launch(selected)} data-testid="pdf-extract">
                  {t('pdfTools.organize.extract')}
                </Button>
                <Button appearance="subtle" icon={<DismissRegular />} disabled={running} onClick={startAgain}>
                  {t('pdfTools.organize.startAgain')}
                </Button>
              </div>
              <PageGrid
                name={file.name}
                pages={pages}
                urls={thumbs.urls}
                selected={selected}
                onSelect={(page, on) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (on) next.add(page);
                    else next.delete(page);
                    return next;
                  })
                }
                onTurn={(index, quarters) => setPages((list) => list.map((p, i) => (i === index ? turn(p, quarters) : p)))}
                onMove={(from, to) => {
                  setPages((list) => moveItem(list, from, to));
                  const page = pages[from]?.page;
                  if (page !== undefined) setAnnouncement(t('pdfTools.organize.announceMoved', { page, position: to + 1 }));
                }}
                onDelete={(index) => {
                  const page = pages[index]?.page;
                  setPages((list) => list.filter((_, i) => i !== index));
                  if (page === undefined) return;
                  setSelected((s) => new Set([...s].filter((p) => p !== page)));
                  setAnnouncement(t('pdfTools.organize.announceDeleted', { page }));
                }}
              />
            </>
          )}
          {thumbs.count !== undefined && pages.length === 0 && <ToolNote>{t('pdfTools.organize.noPages')}</ToolNote>}
          <div className={styles.live} aria-live="polite">
            {announcement}
          </div>
        </ToolSection>
      )}
      <RunPanel
        convertType={spec.key}
        state={run.state}
        actionLabel={t(`pdfTools.run.actions.${entry.id}`)}
        blocked={!file || pages.length === 0 || running}
        onRun={() => launch()}
        onCancel={run.cancel}
        onReset={run.reset}
      />
    </ToolColumn>
  );
}
