import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { SplitVerticalRegular } from '@fluentui/react-icons';
import { tokens } from '../../../lib/tokens';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { closePreviewWorker } from '../../../lib/image-workers';
import { useTranslation } from 'react-i18next';
import { aiSettingsAtom } from '../ai-atoms';
import { imageItemsAtom, selectedItemAtom } from '../atoms';
import { useImageConfig } from '../hooks/use-image-config';
import { usePreview } from '../hooks/use-preview';
import { plannedNames } from '../names';
import { FitNote } from './fit-note';
import { describeOutput } from './format-labels';
import { usePanelStyles } from './styles';

// The face box editor and its worker load only once an AI operation is switched on.
const AiPreview = lazy(() => import('../ai/ai-preview').then((m) => ({ default: m.AiPreview })));
// The before/after view loads when it is opened.
const CompareDialog = lazy(() => import('./compare-dialog').then((m) => ({ default: m.CompareDialog })));

/** Preview size: sharp on a 380 px panel at 2x, small enough to re-render on every keystroke. */
const PREVIEW_SIDE = 760;


const useStyles = makeStyles({
  stage: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '180px',
    maxHeight: '340px',
    marginTop: '12px',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundImage: `repeating-conic-gradient(${tokens.colorNeutralBackground3} 0% 25%, ${tokens.colorNeutralBackground1} 0% 50%)`,
    backgroundSize: '16px 16px',
  },
  image: { display: 'block', maxWidth: '100%', maxHeight: '340px', objectFit: 'contain' },
  spinner: { position: 'absolute', top: '8px', right: '8px' },
  info: { display: 'flex', flexDirection: 'column', gap: '2px', marginTop: '10px', fontSize: tokens.fontSizeBase200, minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: tokens.colorNeutralForeground2 },
  compare: { alignSelf: 'flex-start', marginTop: '6px' },
  none: { margin: 0, padding: '0 16px', textAlign: 'center', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** The selected image with the current settings, re-rendered live in a worker. */
export function PreviewPanel() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t, i18n } = useTranslation();
  const { config } = useImageConfig();
  const items = useAtomValue(imageItemsAtom);
  const item = useAtomValue(selectedItemAtom);
  const { preview, failed, busy } = usePreview(item, config, PREVIEW_SIDE);
  const names = useMemo(() => plannedNames(items, config), [items, config]);
  const outputName = item ? names[items.indexOf(item)] : undefined;
  const aiOn = useAtomValue(aiSettingsAtom).op !== 'none';
  const [comparing, setComparing] = useState(false);
  // The preview worker holds the selected image decoded; it goes with the page.
  useEffect(() => () => closePreviewWorker(), []);
  return (
    <section className={panel.panel} aria-labelledby="image-preview-title" data-testid="image-preview">
      <h2 id="image-preview-title" className={panel.heading}>
        {t('imageTools.preview.title')}
      </h2>
      <div className={styles.stage}>
        {!item && <p className={styles.none}>{t('imageTools.preview.none')}</p>}
        {item && failed && <p className={styles.none}>{t('imageTools.preview.failed')}</p>}
        {item && !failed && preview && <img className={styles.image} src={preview.url} alt={t('imageTools.preview.alt', { name: item.name })} />}
        {item && busy && <Spinner className={styles.spinner} size="tiny" aria-label={t('imageTools.preview.rendering')} />}
      </div>
      {item && preview && !failed && (
        <div className={styles.info}>
          <span data-testid="image-preview-output">
            {describeOutput(t, i18n.language, preview)}
          </span>
          {preview.fit && (
            <span data-testid="image-preview-fit">
              <FitNote fit={preview.fit} kb={config.sizeLimit.kb} />
            </span>
          )}
          {preview.exifKept && <span data-testid="image-preview-exif">{t('imageTools.formats2.exifWritten')}</span>}
          {outputName && (
            <span className={styles.name} title={outputName}>
              {t('imageTools.preview.name', { name: outputName })}
            </span>
          )}
          <Button className={styles.compare} size="small" icon={<SplitVerticalRegular />} onClick={() => setComparing(true)} data-testid="image-compare-open">
            {t('imageTools.compare.open')}
          </Button>
        </div>
      )}
      {item && comparing && (
        <Suspense fallback={<Spinner size="tiny" label={t('imageTools.compare.rendering')} />}>
          <CompareDialog item={item} config={config} onClose={() => setComparing(false)} />
        </Suspense>
      )}
      {item && aiOn && (
        <Suspense fallback={null}>
          <AiPreview item={item} />
        </Suspense>
      )}
    </section>
  );
}
