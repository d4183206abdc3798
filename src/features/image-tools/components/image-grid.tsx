import { makeStyles, mergeClasses } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ImageMultipleRegular } from '@fluentui/react-icons';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../lib/components/empty-state';
import { MEDIA } from '../../../lib/constants';
import { imageItemsAtom, selectedIdAtom, selectedItemAtom } from '../atoms';
import { useAddImages, useRemoveImages } from '../hooks/use-add-images';
import { useDropTarget } from '../hooks/use-drop-target';
import { ImageCard } from './image-card';
import { usePanelStyles } from './styles';

const useStyles = makeStyles({
  active: { outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '-6px' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    alignItems: 'start',
    gap: '12px',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    [MEDIA.belowSm]: { gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: '8px' },
  },
});

/** The added pictures as a grid of cards; the selected one drives the live preview. */
export function ImageGrid() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const items = useAtomValue(imageItemsAtom);
  const selected = useAtomValue(selectedItemAtom);
  const select = useSetAtom(selectedIdAtom);
  const { remove } = useRemoveImages();
  const addImages = useAddImages();
  // The grid takes drops too, so pictures can be dropped wherever they are shown.
  const { active, handlers } = useDropTarget((files) => void addImages(files));
  return (
    <section className={mergeClasses(panel.panel, active && styles.active)} aria-label={t('imageTools.grid.title')} {...handlers}>
      {items.length === 0 ? (
        <EmptyState icon={<ImageMultipleRegular />} title={t('imageTools.grid.empty')} description={t('imageTools.grid.emptyHint')} />
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <ImageCard key={item.id} item={item} selected={item.id === selected?.id} onSelect={select} onRemove={remove} />
          ))}
        </ul>
      )}
    </section>
  );
}
