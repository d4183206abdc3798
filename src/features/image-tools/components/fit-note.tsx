import { useTranslation } from 'react-i18next';
import type { ProcessResult } from '@engines/image/types';

/** What the size limit did to one image: the quality it used, and any scaling. */
export function FitNote({ fit, kb }: { fit: NonNullable<ProcessResult['fit']>; kb: number }) {
  const { t } = useTranslation();
  if (!fit.fits) return <>{t('imageTools.formats2.fitFailed', { kb })}</>;
  const percent = Math.round(fit.scale * 100);
  if (fit.scale < 1) return <>{t(fit.quality === undefined ? 'imageTools.formats2.fitLossless' : 'imageTools.formats2.fitScaled', { percent, quality: fit.quality })}</>;
  return <>{t('imageTools.formats2.fitQuality', { quality: fit.quality ?? 100 })}</>;
}
