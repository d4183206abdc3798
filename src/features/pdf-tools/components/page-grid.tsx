import { Button, Checkbox, Spinner, makeStyles } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, ArrowRotateClockwiseRegular, ArrowRotateCounterclockwiseRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import type { GridPage } from '../organize-pages';

const useStyles = makeStyles({
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: '12px',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '6px',
    padding: '8px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  frame: { width: '120px', height: '120px', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' },
  thumb: { maxWidth: '100%', maxHeight: '100%', boxShadow: tokens.shadow4, transitionProperty: 'transform', transitionDuration: tokens.durationFast },
  head: { display: 'flex', alignItems: 'center', alignSelf: 'stretch', justifyContent: 'space-between', gap: '4px' },
  label: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  buttons: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '2px' },
});

interface PageGridProps {
  name: string;
  pages: readonly GridPage[];
  urls: ReadonlyMap<number, string>;
  selected: ReadonlySet<number>;
  onSelect: (page: number, on: boolean) => void;
  onTurn: (index: number, quarters: 1 | -1) => void;
  onMove: (from: number, to: number) => void;
  onDelete: (index: number) => void;
}

/** The organise grid: each page's thumbnail, turned as chosen, with buttons to select, turn, move and delete it. */
export function PageGrid({ name, pages, urls, selected, onSelect, onTurn, onMove, onDelete }: PageGridProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <ol className={styles.grid} aria-label={t('pdfTools.organize.gridLabel', { name })} data-testid="pdf-page-grid">
      {pages.map((p, index) => {
        const url = urls.get(p.page);
        const page = p.page;
        return (
          <li key={page} className={selected.has(page) ? `${styles.card} ${styles.selected}` : styles.card} data-testid="pdf-page" data-page={page} data-rotate={p.rotate}>
            <div className={styles.head}>
              <Checkbox checked={selected.has(page)} onChange={(_, d) => onSelect(page, Boolean(d.checked))} aria-label={t('pdfTools.organize.select', { page })} />
              <span className={styles.label}>
                {t('pdfTools.organize.pageLabel', { page })}
                {p.rotate !== 0 && ` · ${t('pdfTools.organize.turned', { degrees: p.rotate })}`}
              </span>
            </div>
            <div className={styles.frame}>
              {url ? (
                <img className={styles.thumb} src={url} alt={t('pdfTools.organize.pageLabel', { page })} style={{ transform: `rotate(${p.rotate}deg)` }} />
              ) : (
                <Spinner size="tiny" />
              )}
            </div>
            <div className={styles.buttons}>
              <Button size="small" appearance="subtle" icon={<ArrowRotateCounterclockwiseRegular />} aria-label={t('pdfTools.organize.rotateLeft', { page })} onClick={() => onTurn(index, -1)} />
              <Button size="small" appearance="subtle" icon={<ArrowRotateClockwiseRegular />} aria-label={t('pdfTools.organize.rotateRight', { page })} onClick={() => onTurn(index, 1)} />
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowLeftRegular />}
                aria-label={t('pdfTools.organize.moveEarlier', { page })}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              />
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowRightRegular />}
                aria-label={t('pdfTools.organize.moveLater', { page })}
                disabled={index === pages.length - 1}
                onClick={() => onMove(index, index + 1)}
              />
              <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('pdfTools.organize.delete', { page })} onClick={() => onDelete(index)} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
