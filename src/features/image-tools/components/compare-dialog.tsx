import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ImageConfig } from '@engines/image/types';
import { tokens } from '../../../lib/tokens';
import type { ImageItem } from '../atoms';
import { formatBytes } from '../format';
import { useOriginalView } from '../hooks/use-original-view';
import { usePreview } from '../hooks/use-preview';
import { CompareStage } from './compare-stage';
import { describeOutput } from './format-labels';

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
  const before = failed ? null : original.view;
  const after = failed ? null : result.preview;
  const saved = after?.bytes != null ? Math.round((1 - after.bytes / item.file.size) * 100) : null;
  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface} data-testid="image-compare">
        <DialogBody>
          <DialogTitle>{t('imageTools.compare.title', { name: item.name })}</DialogTitle>
          <DialogContent>
            {failed && <Text role="alert">{t('imageTools.preview.failed')}</Text>}
            {!failed && !(before && after) && (
              <div className={styles.waiting}>
                <Spinner label={t('imageTools.compare.rendering')} />
              </div>
            )}
            {before && after && (
              <>
                <CompareStage
                  before={{ url: before.url, alt: t('imageTools.compare.beforeAlt', { name: item.name }) }}
                  after={{ url: after.url, alt: t('imageTools.preview.alt', { name: item.name }) }}
                  labels={{ before: t('imageTools.compare.before'), after: t('imageTools.compare.after') }}
                />
                <div className={styles.facts}>
                  <span data-testid="image-compare-before-facts">
                    {t('imageTools.compare.beforeFacts', { width: before.width || item.width, height: before.height || item.height, size: formatBytes(item.file.size, i18n.language) })}
                  </span>
                  <span data-testid="image-compare-after-facts">
                    {describeOutput(t, i18n.language, after)}
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
