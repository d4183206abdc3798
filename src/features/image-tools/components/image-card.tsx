import { Button, makeStyles, mergeClasses, Spinner } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { DismissRegular } from '@fluentui/react-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageItem } from '../atoms';
import { formatBytes } from '../format';

const useStyles = makeStyles({
  card: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
    minWidth: 0,
  },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-1px' },
  select: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    aspectRatio: '4 / 3',
    width: '100%',
    overflow: 'hidden',
    padding: 0,
    border: 'none',
    cursor: 'pointer',
    backgroundColor: tokens.colorNeutralBackground3,
    backgroundImage: `repeating-conic-gradient(${tokens.colorNeutralBackground3} 0% 25%, ${tokens.colorNeutralBackground1} 0% 50%)`,
    backgroundSize: '16px 16px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  thumb: { width: '100%', height: '100%', objectFit: 'contain', display: 'block' },
  meta: { padding: '6px 8px 8px', display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  name: { fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  info: { display: 'flex', flexWrap: 'wrap', columnGap: '8px', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, minWidth: 0 },
  line: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' },
  remove: {
    position: 'absolute',
    top: '4px',
    right: '4px',
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    boxShadow: tokens.shadow4,
  },
});

interface ImageCardProps {
  item: ImageItem;
  selected: boolean;
  onSelect: (id: string) => void;
  onRemove: (id: string) => void;
}

/** One picture in the grid: thumbnail (selects it for the preview), name, size, dimensions, remove. */
export const ImageCard = memo(function ImageCard({ item, selected, onSelect, onRemove }: ImageCardProps) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const probed = item.width !== undefined && item.height !== undefined;
  return (
    <li className={mergeClasses(styles.card, selected && styles.selected)} data-testid="image-card">
      <button type="button" className={styles.select} aria-pressed={selected} aria-label={t('imageTools.grid.select', { name: item.name })} onClick={() => onSelect(item.id)}>
        {item.thumbUrl ? <img className={styles.thumb} src={item.thumbUrl} alt="" /> : <Spinner size="tiny" aria-label={t('imageTools.grid.reading')} />}
      </button>
      <div className={styles.meta}>
        <span className={styles.name} title={item.name}>
          {item.name}
        </span>
        <span className={styles.info} data-testid="image-card-info">
          <span className={styles.line}>{formatBytes(item.file.size, i18n.language)}</span>
          {probed && <span className={styles.line}>{t('imageTools.grid.dimensions', { width: item.width, height: item.height })}</span>}
        </span>
      </div>
      <Button
        className={styles.remove}
        size="small"
        shape="circular"
        icon={<DismissRegular />}
        aria-label={t('imageTools.grid.remove', { name: item.name })}
        onClick={() => onRemove(item.id)}
      />
    </li>
  );
});
