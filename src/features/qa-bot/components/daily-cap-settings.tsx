import { Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { QA_PUBLIC_DAILY_CAP_DEFAULT, qaPublicDailyCapSchema } from '@contracts/ai-qa';
import { botPath, updateBot, type QaBot } from '../api';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
});

/** The owner's daily cap on charged public answers: a number (0 hands every visitor off), or none. */
export function DailyCapSettings({ bot }: { bot: QaBot }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [limited, setLimited] = useState(bot.publicDailyCap !== null);
  const [cap, setCap] = useState(String(bot.publicDailyCap ?? QA_PUBLIC_DAILY_CAP_DEFAULT));
  const [saved, setSaved] = useState<boolean | null>(null);
  // An empty box is not 0: Number('') would silently hand every visitor off.
  const value = limited ? (cap.trim() === '' ? Number.NaN : Number(cap)) : null;
  const valid = qaPublicDailyCapSchema.safeParse(value).success;

  const save = async () => {
    try {
      await updateBot(bot.botId, { publicDailyCap: value });
      await mutate(botPath(bot.botId));
      setSaved(true);
    } catch {
      setSaved(false);
    }
  };

  return (
    <section className={styles.section} data-testid="qa-daily-cap-settings">
      <Checkbox checked={limited} onChange={(_e, d) => setLimited(d.checked === true)} label={t('qaBot.embed.capLimit')} />
      <Field label={t('qaBot.embed.capLabel')} validationMessage={limited && !valid ? t('validation.invalid') : undefined}>
        <Input type="number" min={0} step={1} inputMode="numeric" disabled={!limited} value={cap} onChange={(_e, d) => setCap(d.value)} data-testid="qa-daily-cap" />
      </Field>
      <Text size={200}>{t('qaBot.embed.capHint')}</Text>
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void save()} disabled={!valid || value === bot.publicDailyCap}>{t('qaBot.save')}</Button>
      </div>
      {saved !== null && <MessageBar intent={saved ? 'success' : 'error'}><MessageBarBody>{t(saved ? 'qaBot.embed.capSaved' : 'qaBot.failed')}</MessageBarBody></MessageBar>}
    </section>
  );
}
