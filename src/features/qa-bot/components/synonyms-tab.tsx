import { Button, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { botPath, fetchJson, saveSynonyms, type QaBot } from '../api';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px', margin: '12px 0' },
  row: { display: 'flex', gap: '8px', alignItems: 'center' },
  grow: { flexGrow: 1 },
});

/** The synonym table: one group per row, its words separated by commas. */
export function SynonymsTab({ bot }: { bot: QaBot }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const key = `${botPath(bot.botId)}/synonyms`;
  const { data, isLoading, mutate } = useSWR<{ groups: string[][] }>(key, fetchJson);
  const [rows, setRows] = useState<string[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (data) setRows(data.groups.map((g) => g.join(', ')));
  }, [data]);

  const save = async () => {
    const groups = rows.map((r) => r.split(/[,，、]/).map((s) => s.trim()).filter(Boolean)).filter((g) => g.length >= 2);
    try {
      await mutate(await saveSynonyms(bot.botId, groups), { revalidate: false });
      setMessage({ ok: true, text: t('qaBot.synonyms.saved') });
    } catch (err) {
      setMessage({ ok: false, text: isApiError(err) ? errorMessage(err) : t('qaBot.failed') });
    }
  };

  if (isLoading) return <Spinner label={t('qaBot.loading')} />;
  return (
    <section>
      <Text>{t('qaBot.synonyms.hint')}</Text>
      <div className={styles.list}>
        {rows.length === 0 && <Text>{t('qaBot.synonyms.empty')}</Text>}
        {rows.map((row, i) => (
          <div key={i} className={styles.row}>
            <Input className={styles.grow} value={row} aria-label={t('qaBot.synonyms.group', { n: i + 1 })} onChange={(_e, d) => setRows(rows.map((r, j) => (j === i ? d.value : r)))} />
            <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('qaBot.synonyms.remove')} onClick={() => setRows(rows.filter((_r, j) => j !== i))} />
          </div>
        ))}
      </div>
      <div className={styles.row}>
        <Button icon={<AddRegular />} onClick={() => setRows([...rows, ''])}>
          {t('qaBot.synonyms.add')}
        </Button>
        <Button appearance="primary" onClick={() => void save()}>
          {t('qaBot.save')}
        </Button>
      </div>
      {message && (
        <MessageBar intent={message.ok ? 'success' : 'error'}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
