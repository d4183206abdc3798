import { Button, makeStyles } from '@fluentui/react-components';
import { ArrowSwapRegular, DismissRegular, DocumentPdfRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../lib/constants';
import { tokens } from '../../../lib/tokens';
import { formatBytes } from '../file-accept';
import { FileDrop } from './file-drop';
import { useChosenFileStyles } from './chosen-file-styles';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '10px' },
  slots: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '16px', [MEDIA.belowSm]: { gridTemplateColumns: '1fr' } },
  slot: { display: 'flex', flexDirection: 'column', gap: '8px', minWidth: 0 },
  label: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  swap: { alignSelf: 'flex-start' },
});

type Side = 'older' | 'newer';

interface ComparePickersProps {
  accepts: readonly string[];
  files: Record<Side, File | null>;
  /** Page counts once read. */
  pages: Partial<Record<Side, number>>;
  onPick: (side: Side, file: File | null) => void;
  onSwap: () => void;
}

/** The two versions, each in its own slot (older left, newer right; stacked on a phone), and a swap. */
export function ComparePickers({ accepts, files, pages, onPick, onSwap }: ComparePickersProps) {
  const styles = useStyles();
  const fileStyles = useChosenFileStyles();
  const { t } = useTranslation();
  const slot = (side: Side) => {
    const file = files[side];
    const count = pages[side];
    return (
      <section className={styles.slot} data-testid={`compare-${side}`} aria-labelledby={`compare-${side}-label`}>
        <h2 className={styles.label} id={`compare-${side}-label`}>
          {t(`pdfCompare.${side}`)}
        </h2>
        {file && (
          <div className={fileStyles.file}>
            <DocumentPdfRegular className={fileStyles.icon} aria-hidden />
            <div className={fileStyles.text}>
              <span className={fileStyles.name}>{file.name}</span>
              <span className={fileStyles.meta}>
                {formatBytes(file.size)}
                {count !== undefined && ` · ${t('pdfCompare.pages', { count })}`}
              </span>
            </div>
            <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('pdfCompare.remove', { name: file.name })} onClick={() => onPick(side, null)} />
          </div>
        )}
        <FileDrop accepts={accepts} multiple={false} unlockEncrypted compact={file !== null} onFiles={([picked]) => picked && onPick(side, picked)} />
      </section>
    );
  };
  return (
    <div className={styles.root}>
      <div className={styles.slots}>
        {slot('older')}
        {slot('newer')}
      </div>
      <Button className={styles.swap} icon={<ArrowSwapRegular />} disabled={!files.older && !files.newer} onClick={onSwap} data-testid="compare-swap">
        {t('pdfCompare.swap')}
      </Button>
    </div>
  );
}
