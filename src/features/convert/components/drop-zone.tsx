import { Button, makeStyles, mergeClasses, shorthands } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../lib/constants';

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '10px',
    padding: '36px 20px',
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusXLarge,
    cursor: 'pointer',
    transitionProperty: 'border-color, background-color',
    transitionDuration: tokens.durationFaster,
    ':hover': shorthands.borderColor(tokens.colorBrandStroke1),
    [MEDIA.belowSm]: { padding: '24px 16px' },
  },
  active: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  icon: { fontSize: '40px', color: tokens.colorBrandForeground1 },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  or: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  input: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

interface DropZoneProps {
  /** `.xlsx,.csv,…`: the picker shows only these. */
  accept: string;
  multiple: boolean;
  hint: string;
  onFiles: (files: File[]) => void;
}

/** Drag and drop, or a real button opening the file picker (keyboard and screen readers use the button). */
export function DropZone({ accept, multiple, hint, onFiles }: DropZoneProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // dragenter/dragleave fire for every child crossed; count them to know when the pointer really left.
  const depth = useRef(0);
  const [active, setActive] = useState(false);

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setActive(false);
    const files = Array.from(e.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the bare zone is a mouse shortcut for the "choose files" button inside it, which keyboard and screen-reader users reach
    <div
      className={mergeClasses(styles.zone, active && styles.active)}
      data-testid="convert-drop-zone"
      onClick={(e) => e.target === e.currentTarget && input.current?.click()}
      onDragEnter={(e) => hasFiles(e) && (e.preventDefault(), (depth.current += 1), setActive(true))}
      onDragOver={(e) => hasFiles(e) && (e.preventDefault(), (e.dataTransfer.dropEffect = 'copy'))}
      onDragLeave={() => (depth.current = Math.max(0, depth.current - 1)) === 0 && setActive(false)}
      onDrop={onDrop}
    >
      <ArrowUploadRegular className={styles.icon} aria-hidden />
      <p className={styles.title}>{t(active ? 'convert.drop.release' : 'convert.drop.title')}</p>
      <span className={styles.or}>{t('convert.drop.or')}</span>
      <Button appearance="primary" size="large" aria-describedby={hintId} onClick={() => input.current?.click()}>
        {t(multiple ? 'convert.drop.chooseMany' : 'convert.drop.chooseOne')}
      </Button>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        aria-hidden
        className={styles.input}
        accept={accept}
        multiple={multiple}
        data-testid="convert-file-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Cleared so that picking the same file again still fires a change.
          e.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
