import { Button, Spinner, makeStyles, mergeClasses } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, DocumentPdfRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { formatBytes } from '../file-accept';
import type { ListedFile } from '../hooks/use-file-list';
import { toolErrorText } from '../tool-error';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '8px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  dragOver: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
  handle: { color: tokens.colorNeutralForeground3, cursor: 'grab', flexShrink: 0, fontSize: '20px' },
  thumb: {
    width: '48px',
    height: '64px',
    flexShrink: 0,
    objectFit: 'contain',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  text: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  name: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  buttons: { display: 'flex', flexShrink: 0, gap: '2px' },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  live: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

interface FileOrderListProps {
  items: readonly ListedFile[];
  kind: 'pdf' | 'image';
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
}

/** The chosen files in order: drag a row, or use its up/down buttons (announced to screen readers); remove one. */
export function FileOrderList({ items, kind, onMove, onRemove }: FileOrderListProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number) => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length) return;
    onMove(from, to);
    setAnnouncement(t('pdfTools.files.moved', { name: item.file.name, position: to + 1 }));
  };

  return (
    <>
      <p className={styles.hint}>{t('pdfTools.files.orderHint')}</p>
      <ol className={styles.list} aria-label={t('pdfTools.files.listLabel')} data-testid="pdf-file-list">
        {items.map((item, index) => {
          const name = item.file.name;
          return (
            <li
              key={item.id}
              className={mergeClasses(styles.row, over === index && dragged !== index && styles.dragOver)}
              data-testid="pdf-file-row"
              draggable
              onDragStart={(e) => {
                setDragged(index);
                e.dataTransfer.effectAllowed = 'move';
                // Firefox starts a drag only with some data set.
                e.dataTransfer.setData('text/plain', item.id);
              }}
              onDragOver={(e) => {
                if (dragged === null) return;
                e.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((o) => (o === index ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
                setOver(null);
              }}
              onDragEnd={() => (setDragged(null), setOver(null))}
            >
              <ReOrderDotsVerticalRegular className={styles.handle} aria-hidden />
              {item.thumb ? (
                <img className={styles.thumb} src={item.thumb} alt={t(kind === 'pdf' ? 'pdfTools.files.thumbnailAlt' : 'pdfTools.files.imageAlt', { name })} />
              ) : (
                <span className={styles.thumb} aria-hidden>
                  {item.error ? <DocumentPdfRegular fontSize={28} /> : <Spinner size="tiny" />}
                </span>
              )}
              <span className={styles.text}>
                <span className={styles.name}>{name}</span>
                <span className={styles.meta} data-testid="pdf-file-meta">
                  {formatBytes(item.file.size)}
                  {kind === 'pdf' && !item.error && ` · ${item.pages === undefined ? t('pdfTools.files.reading') : t('pdfTools.files.pages', { count: item.pages })}`}
                </span>
                {item.error && (
                  <span className={styles.error} role="alert">
                    {toolErrorText(t, i18n, { reason: item.error })}
                  </span>
                )}
              </span>
              <span className={styles.buttons}>
                <Button appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('pdfTools.files.moveUp', { name })} disabled={index === 0} onClick={() => move(index, index - 1)} />
                <Button
                  appearance="subtle"
                  icon={<ArrowDownRegular />}
                  aria-label={t('pdfTools.files.moveDown', { name })}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('pdfTools.files.remove', { name })} onClick={() => onRemove(item.id)} />
              </span>
            </li>
          );
        })}
      </ol>
      <div className={styles.live} aria-live="polite">
        {announcement}
      </div>
    </>
  );
}
