import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ProcessResult } from '@engines/image/types';

/** After a batch with a size limit: the range of qualities used, how many were scaled, how many missed. */
export function BatchFitNote({ fits }: { fits: Array<NonNullable<ProcessResult['fit']>> }) {
  const { t } = useTranslation();
  const qualities = fits.map((fit) => fit.quality ?? 100);
  const over = fits.filter((fit) => !fit.fits).length;
  return (
    <MessageBar intent={over > 0 ? 'warning' : 'info'} data-testid="image-batch-fit">
      <MessageBarBody>
        {t('imageTools.formats2.batchFit', {
          min: Math.min(...qualities),
          max: Math.max(...qualities),
          scaled: fits.filter((fit) => fit.scale < 1).length,
          over,
        })}
      </MessageBarBody>
    </MessageBar>
  );
}
