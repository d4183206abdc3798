import { Button, Input, makeStyles, Tab, TabList, Text, Tooltip } from '@fluentui/react-components';
import {
  ArrowDownRegular, ArrowUpRegular, ChevronLeftRegular, ChevronRightRegular, SearchRegular, ZoomFitRegular, ZoomInRegular, ZoomOutRegular,
} from '@fluentui/react-icons';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px', paddingTop: '8px', paddingBottom: '8px' },
  group: { display: 'flex', alignItems: 'center', gap: '2px' },
  pageInput: { width: '64px' },
  search: { width: '180px' },
});

export type ViewMode = 'pages' | 'paragraphs';

export interface ReaderToolbarProps {
  isPdf: boolean;
  mode: ViewMode;
  onMode: (mode: ViewMode) => void;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  zoomPercent: number;
  onZoom: (how: 'in' | 'out' | 'fit') => void;
  search: string;
  onSearch: (query: string) => void;
  hitIndex: number;
  hitCount: number;
  onNextHit: () => void;
  onPreviousHit: () => void;
  searchRef: RefObject<HTMLInputElement | null>;
}

/** View mode, page navigation, zoom and search (keyboard: + − 0, N/P, Ctrl+F, Enter/Shift+Enter). */
export function ReaderToolbar(p: ReaderToolbarProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.bar} role="toolbar" aria-label={t('reading.toolbar')}>
      {p.isPdf && (
        <TabList selectedValue={p.mode} onTabSelect={(_, d) => p.onMode(d.value as ViewMode)} size="small">
          <Tab value="pages">{t('reading.mode.pages')}</Tab>
          <Tab value="paragraphs">{t('reading.mode.paragraphs')}</Tab>
        </TabList>
      )}
      {p.isPdf && p.mode === 'pages' && (
        <>
          <span className={styles.group}>
            <Tooltip content={t('reading.previousPage')} relationship="label">
              <Button appearance="subtle" icon={<ChevronLeftRegular />} disabled={p.page <= 1} onClick={() => p.onPage(p.page - 1)} />
            </Tooltip>
            <Input
              className={styles.pageInput}
              aria-label={t('reading.pageNumber')}
              value={String(p.page)}
              type="number"
              min={1}
              max={p.pageCount}
              onChange={(_, d) => {
                const n = Number(d.value);
                if (Number.isInteger(n) && n >= 1 && n <= p.pageCount) p.onPage(n);
              }}
            />
            <Text>{t('reading.ofPages', { count: p.pageCount })}</Text>
            <Tooltip content={t('reading.nextPage')} relationship="label">
              <Button appearance="subtle" icon={<ChevronRightRegular />} disabled={p.page >= p.pageCount} onClick={() => p.onPage(p.page + 1)} />
            </Tooltip>
          </span>
          <span className={styles.group}>
            <Tooltip content={t('reading.zoomOut')} relationship="label">
              <Button appearance="subtle" icon={<ZoomOutRegular />} onClick={() => p.onZoom('out')} data-testid="zoom-out" />
            </Tooltip>
            <Text data-testid="zoom-level">{p.zoomPercent}%</Text>
            <Tooltip content={t('reading.zoomIn')} relationship="label">
              <Button appearance="subtle" icon={<ZoomInRegular />} onClick={() => p.onZoom('in')} data-testid="zoom-in" />
            </Tooltip>
            <Tooltip content={t('reading.fitWidth')} relationship="label">
              <Button appearance="subtle" icon={<ZoomFitRegular />} onClick={() => p.onZoom('fit')} />
            </Tooltip>
          </span>
        </>
      )}
      <span className={styles.group}>
        <Input
          ref={p.searchRef}
          className={styles.search}
          type="search"
          value={p.search}
          contentBefore={<SearchRegular />}
          placeholder={t('reading.search.placeholder')}
          aria-label={t('reading.search.label')}
          onChange={(_, d) => p.onSearch(d.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (e.shiftKey) p.onPreviousHit();
            else p.onNextHit();
          }}
        />
        <Text role="status" data-testid="search-count">
          {p.search.trim() ? t('reading.search.count', { index: p.hitIndex + 1, count: p.hitCount }) : ''}
        </Text>
        <Tooltip content={t('reading.search.previous')} relationship="label">
          <Button appearance="subtle" icon={<ArrowUpRegular />} disabled={p.hitCount === 0} onClick={p.onPreviousHit} />
        </Tooltip>
        <Tooltip content={t('reading.search.next')} relationship="label">
          <Button appearance="subtle" icon={<ArrowDownRegular />} disabled={p.hitCount === 0} onClick={p.onNextHit} data-testid="search-next" />
        </Tooltip>
      </span>
    </div>
  );
}

