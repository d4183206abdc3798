import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ImageConfig } from '@engines/image/types';
import { tokens } from '../../../lib/tokens';
import type { ImageItem } from '../atoms';
import { formatBytes } from '../format';
import { useOriginalView } from '../hooks/use-original-view';
import { usePreview } from '../hooks/use-preview';
import { CompareStage } from './compare-stage';
import { FORMAT_LABELS } from './format-labels';

/** Full size up to this side: beyond it a zoomed-in look still shows real pixels of a big part. */
const MAX_SIDE = 4096;

const useStyles = makeStyles({
  surface: { maxWidth: 'min(1100px, 96vw)', width: '100%' },
  waiting: { display: 'flex', alignItems: 'center', justifyContent: 'center', height: 'min(62vh, 600px)', minHeight: '220px' },
  facts: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '4px 16px', marginTop: '8px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
});

/** The selected picture before and after the current settings, both at full size, side by side under one divider. */
export function CompareDialog({ item, config, onClose }: { item: ImageItem; config: ImageConfig; onClose: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const side = Math.min(MAX_SIDE, Math.max(item.width ?? 0, item.height ?? 0) || MAX_SIDE);
  const original = useOriginalView(item, side);
  const result = usePreview(item, config, side);
  const failed = original.failed || result.failed;
  const ready = original.view && result.preview && !failed;
  const saved = result.preview?.bytes != null ? Math.round((1 - result.preview.bytes / item.file.size) * 100) : null;
  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface} data-testid="image-compare">
        <DialogBody>
          <DialogTitle>{t('imageTools.compare.title', { name: item.name })}</DialogTitle>
          <DialogContent>
            {failed && <Text role="alert">{t('imageTools.preview.failed')}</Text>}
            {!failed && !ready && (
              <div className={styles.waiting}>
                <Spinner label={t('imageTools.compare.rendering')} />
              </div>
            )}
            {ready && (
              <>
                <CompareStage
                  before={{ url: original.view!.url, alt: t('imageTools.compare.beforeAlt', { name: item.name }) }}
                  after={{ url: result.preview!.url, alt: t('imageTools.preview.alt', { name: item.name }) }}
                  labels={{ before: t('imageTools.compare.before'), after: t('imageTools.compare.after') }}
                />
                <div className={styles.facts}>
                  <span data-testid="image-compare-before-facts">
                    {t('imageTools.compare.beforeFacts', { width: original.view!.width || item.width, height: original.view!.height || item.height, size: formatBytes(item.file.size, i18n.language) })}
                  </span>
                  <span data-testid="image-compare-after-facts">
                    {t('imageTools.preview.output', { width: result.preview!.width, height: result.preview!.height, format: FORMAT_LABELS[result.preview!.mime] ?? result.preview!.mime })}
                    {result.preview!.bytes !== null && ` · ${formatBytes(result.preview!.bytes, i18n.language)}`}
                    {saved !== null && saved > 0 && ` · ${t('imageTools.compare.smaller', { percent: saved })}`}
                  </span>
                </div>
                <Text as="p" size={200}>
                  {t('imageTools.compare.help')}
                </Text>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('imageTools.compare.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
