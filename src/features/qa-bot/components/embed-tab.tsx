import { Button, Field, Input, Label, makeStyles, MessageBar, MessageBarBody, Slider, Text } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { copyWithNotice } from '../../../lib/clipboard';
import { tokens } from '../../../lib/tokens';
import { botPath, updateBot, type QaBot } from '../api';
import { DailyCapSettings } from './daily-cap-settings';
import { ThresholdReading } from './threshold-reading';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '720px' },
  code: { fontFamily: tokens.fontFamilyMonospace, padding: '12px', borderRadius: '8px', backgroundColor: tokens.colorNeutralBackground3, overflowX: 'auto', whiteSpace: 'pre' },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
});

/** The widget's one script tag, the public key, the threshold and the daily cap on charged answers. */
export function EmbedTab({ bot }: { bot: QaBot }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [threshold, setThreshold] = useState(bot.threshold);
  const [saved, setSaved] = useState<boolean | null>(null);
  const tag = `<script src="${window.location.origin}/widget/qa-bot.js" data-bot="${bot.publicKey}" async></script>`;

  const save = async () => {
    try {
      await updateBot(bot.botId, { threshold });
      await mutate(botPath(bot.botId));
      setSaved(true);
    } catch {
      setSaved(false);
    }
  };

  return (
    <section className={styles.section}>
      <Text>{t('qaBot.embed.hint')}</Text>
      <code className={styles.code} data-testid="qa-embed-tag">{tag}</code>
      <div className={styles.row}>
        <Button icon={<CopyRegular />} onClick={() => void copyWithNotice(tag)}>{t('qaBot.embed.copy')}</Button>
      </div>
      <Field label={t('qaBot.embed.publicKey')}>
        <Input readOnly value={bot.publicKey} />
      </Field>
      <Label htmlFor="qa-threshold">{t('qaBot.embed.threshold', { value: Math.round(threshold * 100) })}</Label>
      <Slider id="qa-threshold" min={5} max={99} value={Math.round(threshold * 100)} onChange={(_e, d) => setThreshold(d.value / 100)} />
      <ThresholdReading bot={bot} threshold={threshold} onUse={setThreshold} />
      <Text size={200}>{t('qaBot.embed.thresholdHint')}</Text>
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void save()} disabled={threshold === bot.threshold}>{t('qaBot.save')}</Button>
      </div>
      {saved !== null && <MessageBar intent={saved ? 'success' : 'error'}><MessageBarBody>{t(saved ? 'qaBot.embed.saved' : 'qaBot.failed')}</MessageBarBody></MessageBar>}
      <DailyCapSettings bot={bot} />
    </section>
  );
}
