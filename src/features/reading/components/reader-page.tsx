import { Button, Link, makeStyles, MessageBar, MessageBarBody, ProgressBar, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { DocumentPdfRegular, DismissRegular, ScanTextRegular } from '@fluentui/react-icons';
import type { UserGlossaryEntry } from '@engines/reading/dictionary';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { stopReadingWorker } from '../../../lib/reading-worker';
import { tokens } from '../../../lib/tokens';
import { TranslationPane } from '../translation/translation-pane';
import { pageTexts } from '../pdf-viewer-lib';
import { useGlosses } from '../use-glosses';
import { guessLang, useReadingDocument } from '../use-reading-document';
import { usePdfNavigation } from '../use-pdf-navigation';
import { useSearch } from '../use-search';
import { loadGlossary, saveGlossary } from '../user-glossary';
import { GlossList } from './gloss-list';
import { GlossaryPanel } from './glossary-panel';
import { OutlineTree } from './outline-tree';
import { ParagraphView } from './paragraph-view';
import { PdfPageView } from './pdf-page-view';
import { ReaderToolbar, type ViewMode } from './reader-toolbar';
import { SummaryPanel } from './summary-panel';
import { Thumbnails } from './thumbnails';
import { UrlBox } from './url-box';


const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '24px', paddingBottom: '48px' },
  open: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end' },
  drop: {
    border: `2px dashed ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusLarge, padding: '24px', display: 'flex',
    flexDirection: 'column', alignItems: 'center', gap: '8px', textAlign: 'center',
  },
  dropping: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  layout: {
    display: 'grid', gridTemplateColumns: '150px minmax(0, 1fr) 340px', gap: '16px', alignItems: 'start',
    '@media (max-width: 1000px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  // On narrow screens the pages and outline come after the document, in a short scrolling box.
  side: { position: 'sticky', top: '72px', maxHeight: 'calc(100vh - 96px)', overflowY: 'auto', '@media (max-width: 1000px)': { position: 'static', maxHeight: '40vh', order: 1 } },
  centre: { maxHeight: 'calc(100vh - 120px)', overflow: 'auto', backgroundColor: tokens.colorNeutralBackground3, padding: '16px', borderRadius: tokens.borderRadiusMedium, '@media (max-width: 1000px)': { maxHeight: '70vh', padding: '8px' } },
  pages: { display: 'flex', flexDirection: 'column', gap: '12px' },
  help: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0, '@media (max-width: 1000px)': { order: 2 } },
  card: { backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '12px', display: 'flex', flexDirection: 'column', gap: '8px' },
  title: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground3 },
});

type HelpTab = 'glosses' | 'glossary' | 'summary';

/**
 * The reading assistant: a local PDF (never uploaded) or a web page, read as pages or as
 * rebuilt paragraphs, with offline glosses, a personal glossary, search and summaries, and the
 * translation pane beside it. Works signed out; only web pages and translation need the server.
 */
export function ReaderPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('reading.title'));
  const reading = useReadingDocument();
  const { source, paragraphs, status, ocr } = reading;
  const [glossary, setGlossary] = useState<UserGlossaryEntry[]>(loadGlossary);
  const glosses = useGlosses(glossary);
  const [mode, setMode] = useState<ViewMode>('pages');
  const [visibleParagraphIds, setVisibleParagraphIds] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [helpTab, setHelpTab] = useState<HelpTab>('glosses');
  const [sideTab, setSideTab] = useState<'thumbnails' | 'outline'>('thumbnails');
  const [draftTerm, setDraftTerm] = useState('');
  const [dropping, setDropping] = useState(false);
  const centre = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => stopReadingWorker(), []);

  const pdf = source.kind === 'pdf' ? source : null;
  const viewMode: ViewMode = pdf ? mode : 'paragraphs';
  const loadPageTexts = useMemo(() => (pdf && viewMode === 'pages' ? () => pageTexts(pdf.doc) : null), [pdf, viewMode]);
  const found = useSearch(search, paragraphs, loadPageTexts);
  const currentHit = found.current >= 0 ? found.hits[found.current] : undefined;

  const changeGlossary = (entries: UserGlossaryEntry[]) => {
    setGlossary(entries);
    saveGlossary(entries);
  };

  const { scale, page, visiblePages, goToPage, zoom, onPageVisibility } = usePdfNavigation({ pdf, pagesShown: viewMode === 'pages', hasSource: source.kind !== 'none', centre, search: searchRef });

  // Search: bring the current hit into view.
  useEffect(() => {
    if (!currentHit) return;
    if (currentHit.paragraphId) centre.current?.querySelector(`[data-paragraph-id="${currentHit.paragraphId}"]`)?.scrollIntoView({ block: 'center' });
    else goToPage(currentHit.page);
  }, [currentHit, goToPage]);

  const visibleIds = useMemo(
    () => (viewMode === 'pages' ? paragraphs.filter((p) => visiblePages.has(p.page)).map((p) => p.id) : visibleParagraphIds),
    [viewMode, paragraphs, visiblePages, visibleParagraphIds],
  );

  const glossSelection = () => {
    const text = window.getSelection()?.toString() ?? '';
    if (text.trim()) {
      setHelpTab('glosses');
      void glosses.lookup(text);
    }
  };

  const openFile = (file: File | undefined) => {
    if (!file) return;
    setSearch('');
    void reading.openPdf(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    openFile([...e.dataTransfer.files].find((f) => f.type === 'application/pdf' || f.name.toLowerCase().endsWith('.pdf')));
  };

  const sourceLang = guessLang(paragraphs);
  const title = source.kind === 'pdf' ? source.name : source.kind === 'web' ? source.title || source.url : '';

  return (
    <PageContainer className={styles.root}>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        className={source.kind === 'none' ? `${styles.drop} ${dropping ? styles.dropping : ''}` : styles.open}
      >
        {source.kind === 'none' && (
          <>
            <Text as="h1" size={700} weight="semibold">{t('reading.title')}</Text>
            <Text>{t('reading.intro')}</Text>
          </>
        )}
        <Button appearance={source.kind === 'none' ? 'primary' : 'secondary'} icon={<DocumentPdfRegular />} onClick={() => fileInput.current?.click()}>
          {t('reading.openPdf')}
        </Button>
        <input ref={fileInput} type="file" accept="application/pdf,.pdf" hidden data-testid="pdf-input" onChange={(e) => {
          openFile(e.target.files?.[0]);
          e.target.value = '';
        }} />
        {source.kind === 'none' && <Text className={styles.note}>{t('reading.dropHint')}</Text>}
        <UrlBox onRead={(url, result) => {
          setSearch('');
          reading.openWeb(url, result);
        }} />
      </div>

      {status === 'opening' && <Spinner label={t('reading.opening')} />}
      {status === 'error' && (
        <MessageBar intent="error">
          <MessageBarBody>{t(`reading.errors.${reading.error === 'encrypted' ? 'encrypted' : 'unreadable'}`)}</MessageBarBody>
        </MessageBar>
      )}

      {source.kind !== 'none' && (
        <>
          <div className={styles.title}>
            <Text as="h1" size={500} weight="semibold">{title}</Text>
            {status === 'analysing' && <Spinner size="tiny" label={t('reading.analysing')} />}
          </div>
          {ocr.pending.length > 0 && (
            <MessageBar intent="info">
              <MessageBarBody>
                {ocr.running ? (
                  <span>
                    {t('reading.ocr.running', { page: ocr.running.page })}
                    <ProgressBar value={ocr.running.progress} />
                  </span>
                ) : (
                  t('reading.ocr.needed', { count: ocr.pending.length, pages: ocr.pending.slice(0, 10).join(', ') })
                )}
              </MessageBarBody>
              {ocr.running ? (
                <Button icon={<DismissRegular />} onClick={reading.cancelOcr}>{t('reading.ocr.cancel')}</Button>
              ) : (
                <Button icon={<ScanTextRegular />} onClick={() => void reading.runOcr()} data-testid="ocr-run">{t('reading.ocr.run')}</Button>
              )}
            </MessageBar>
          )}
          <ReaderToolbar
            isPdf={Boolean(pdf)}
            mode={viewMode}
            onMode={setMode}
            page={page}
            pageCount={pdf?.doc.numPages ?? 0}
            onPage={goToPage}
            zoomPercent={Math.round(scale * 100)}
            onZoom={zoom}
            search={search}
            onSearch={setSearch}
            hitIndex={found.current}
            hitCount={found.hits.length}
            onNextHit={found.next}
            onPreviousHit={found.previous}
            searchRef={searchRef}
          />
          <div className={styles.layout}>
            <aside className={styles.side} aria-label={t('reading.side')}>
              {pdf && (
                <>
                  <TabList size="small" selectedValue={sideTab} onTabSelect={(_, d) => setSideTab(d.value as 'thumbnails' | 'outline')}>
                    <Tab value="thumbnails">{t('reading.thumbnails')}</Tab>
                    <Tab value="outline">{t('reading.outline.title')}</Tab>
                  </TabList>
                  {sideTab === 'thumbnails' ? (
                    <Thumbnails doc={pdf.doc} aspect={pdf.baseSize.height / pdf.baseSize.width} currentPage={page} onGo={goToPage} />
                  ) : (
                    <OutlineTree entries={pdf.outline} onGo={(n) => {
                      setMode('pages');
                      requestAnimationFrame(() => goToPage(n));
                    }} />
                  )}
                </>
              )}
            </aside>
            {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the handlers read the text selection, made with the mouse or with Shift+arrows */}
            <div ref={centre} className={styles.centre} onMouseUp={glossSelection} onKeyUp={(e) => e.shiftKey && glossSelection()} tabIndex={-1}>
              {viewMode === 'pages' && pdf ? (
                <div className={styles.pages} data-testid="pdf-pages">
                  {Array.from({ length: pdf.doc.numPages }, (_, i) => i + 1).map((n) => (
                    <PdfPageView
                      key={n}
                      doc={pdf.doc}
                      number={n}
                      scale={scale}
                      baseSize={pdf.baseSize}
                      query={found.query}
                      current={currentHit?.page === n}
                      onVisibility={onPageVisibility}
                    />
                  ))}
                </div>
              ) : status === 'analysing' ? (
                <Spinner label={t('reading.analysing')} />
              ) : (
                <ParagraphView paragraphs={paragraphs} query={found.query} onVisibleChange={setVisibleParagraphIds} onWordClick={(text) => {
                  setHelpTab('glosses');
                  void glosses.lookup(text, { firstWordOnly: true });
                }} />
              )}
            </div>
            <div className={styles.help}>
              <section className={styles.card} aria-label={t('reading.help')}>
                <TabList size="small" selectedValue={helpTab} onTabSelect={(_, d) => setHelpTab(d.value as HelpTab)}>
                  <Tab value="glosses">{t('reading.gloss.title')}</Tab>
                  <Tab value="glossary">{t('reading.glossary.title')}</Tab>
                  <Tab value="summary">{t('reading.summary.title')}</Tab>
                </TabList>
                {helpTab === 'glosses' && (
                  <GlossList status={glosses.status} selection={glosses.selection} glosses={glosses.glosses} onRetry={glosses.retry} onAddToGlossary={(term) => {
                    setDraftTerm(term);
                    setHelpTab('glossary');
                  }} />
                )}
                {helpTab === 'glossary' && <GlossaryPanel entries={glossary} onChange={changeGlossary} draftTerm={draftTerm} />}
                {helpTab === 'summary' && <SummaryPanel paragraphs={paragraphs.map((p) => p.text)} selection={glosses.selection} />}
                <Text size={200} className={styles.note}>{t('reading.offlineNote')}</Text>
              </section>
              <section className={styles.card}>
                <TranslationPane documentKey={source.key} paragraphs={paragraphs} visibleIds={visibleIds} sourceLang={sourceLang} title={title} />
              </section>
            </div>
          </div>
        </>
      )}
      <Text size={200} className={styles.note}>
        {t('reading.attribution')}{' '}
        <Link href="https://cc-cedict.org/wiki/" target="_blank" rel="noreferrer">{t('reading.attributionSource')}</Link>{' '}
        (<Link href="https://creativecommons.org/licenses/by-sa/4.0/" target="_blank" rel="noreferrer">{t('reading.attributionLicence')}</Link>)
      </Text>
    </PageContainer>
  );
}
