import { Button, makeStyles, mergeClasses } from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import type { EnabledOps } from '@engines/image/types';
import { useImageConfig } from '../hooks/use-image-config';
import { BorderSettings } from './border-settings';
import { CropSettings } from './crop-settings';
import { FormatSettings } from './format-settings';
import { OperationSection } from './operation-section';
import { RenameSettings } from './rename-settings';
import { usePanelStyles } from './styles';
import { WatermarkSettings } from './watermark-settings';

// The AI tools' settings are a chunk of their own, so the page's first load stays as it was.
const AiSettings = lazy(() => import('../ai/ai-settings').then((m) => ({ default: m.AiSettings })));

/** The operations in the order they run. */
const OPERATIONS: Array<[keyof EnabledOps, ComponentType]> = [
  ['crop', CropSettings],
  ['format', FormatSettings],
  ['rename', RenameSettings],
  ['watermark', WatermarkSettings],
  ['border', BorderSettings],
];

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px', flexWrap: 'wrap' },
  order: { marginTop: '4px', marginBottom: '10px' },
});

/** Every operation with its switch and settings, and 'reset configuration'. */
export function SettingsPanel() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const { config, toggle, reset } = useImageConfig();
  return (
    <section className={panel.panel} aria-labelledby="image-settings-title">
      <div className={styles.head}>
        <h2 id="image-settings-title" className={panel.heading}>
          {t('imageTools.settings.title')}
        </h2>
        <Button
          size="small"
          appearance="subtle"
          icon={<ArrowResetRegular />}
          onClick={() => {
            reset();
            notify('success', t('imageTools.settings.resetDone'));
          }}
        >
          {t('imageTools.settings.reset')}
        </Button>
      </div>
      <p className={mergeClasses(panel.muted, styles.order)}>{t('imageTools.settings.order')}</p>
      {OPERATIONS.map(([op, Settings], index) => (
        <OperationSection key={op} step={index + 1} title={t(`imageTools.ops.${op}.title`)} enabled={config.enabled[op]} onToggle={(on) => toggle(op, on)} testId={`op-${op}`}>
          <Settings />
        </OperationSection>
      ))}
      {/* Last in the panel, so its late arrival shifts nothing on screen; it says that it runs first. */}
      <Suspense fallback={null}>
        <AiSettings />
      </Suspense>
    </section>
  );
}
