import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { QaBot } from '../api';

/**
 * What the bot's own calibration says of a threshold: the share of questions like its own it
 * answers, and the share it answers wrongly (its reworded questions and generic out-of-scope
 * ones), read at the nearest 0.05 step of the curve; and the threshold it suggests.
 */
export function ThresholdReading({ bot, threshold, onUse }: { bot: QaBot; threshold: number; onUse: (t: number) => void }) {
  const { t } = useTranslation();
  const c = bot.calibration;
  if (!c || c.curve.length === 0) return <Text size={200}>{t('qaBot.embed.notCalibrated')}</Text>;
  const point = c.curve.reduce((best, p) => (Math.abs(p.threshold - threshold) < Math.abs(best.threshold - threshold) ? p : best));
  const suggested = Math.round(c.suggested * 100);
  return (
    <div data-testid="qa-threshold-reading">
      <Text size={200} block>
        {t('qaBot.embed.reading', { answered: Math.round(point.answered * 100), wrong: Math.round(point.wrong * 100) })}
      </Text>
      {Math.round(threshold * 100) !== suggested && (
        <Button size="small" appearance="subtle" onClick={() => onUse(c.suggested)}>
          {t('qaBot.embed.useSuggested', { value: suggested })}
        </Button>
      )}
    </div>
  );
}
