import { Button, makeStyles, mergeClasses, shorthands } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { FolderAddRegular, ImageAddRegular } from '@fluentui/react-icons';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ATTRIBUTE } from '../accepted-types';
import { useAddImages } from '../hooks/use-add-images';
import { useDropTarget } from '../hooks/use-drop-target';

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '10px',
    padding: '28px 16px',
    textAlign: 'center',
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    transitionProperty: 'background-color, border-color',
    transitionDuration: tokens.durationFaster,
  },
  active: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  icon: { fontSize: '40px', color: tokens.colorBrandForeground1 },
  hint: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  accepted: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  buttons: { display: 'flex', gap: '10px', flexWrap: 'wrap', justifyContent: 'center' },
  hidden: { display: 'none' },
});

/** Add images with the picker, a whole folder, or by dropping files and folders here. */
export function DropZone() {
  const styles = useStyles();
  const { t } = useTranslation();
  const addImages = useAddImages();
  const { active, handlers } = useDropTarget((files) => void addImages(files));
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const filesInputId = useId();
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) void addImages(files);
  };
  return (
    <section className={mergeClasses(styles.zone, active && styles.active)} {...handlers} data-testid="image-drop-zone">
      <ImageAddRegular className={styles.icon} aria-hidden />
      <p className={styles.hint}>{active ? t('imageTools.add.dropActive') : t('imageTools.add.dropHint')}</p>
      <p className={styles.accepted}>{t('imageTools.add.accepted')}</p>
      <div className={styles.buttons}>
        {/* Before the app has started, a tap opens the prerendered input's chooser at once (src/app/early-taps.ts). */}
        <Button appearance="primary" icon={<ImageAddRegular />} onClick={() => filesInput.current?.click()} data-early-opens={filesInputId}>
          {t('imageTools.add.files')}
        </Button>
        <Button icon={<FolderAddRegular />} onClick={() => folderInput.current?.click()}>
          {t('imageTools.add.folder')}
        </Button>
      </div>
      <input ref={filesInput} id={filesInputId} className={styles.hidden} type="file" multiple accept={ACCEPT_ATTRIBUTE} onChange={onPick} data-testid="image-file-input" tabIndex={-1} aria-hidden />
      <input
        ref={(el) => {
          folderInput.current = el;
          el?.setAttribute('webkitdirectory', '');
        }}
        className={styles.hidden}
        type="file"
        multiple
        onChange={onPick}
        data-testid="image-folder-input"
        tabIndex={-1}
        aria-hidden
      />
    </section>
  );
}
