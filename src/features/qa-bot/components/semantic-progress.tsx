import { Field, makeStyles, ProgressBar } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { QaBot } from '../api';

const useStyles = makeStyles({ field: { maxWidth: '480px' } });

/** While the bot's texts are being embedded: how far along, and that answers use keywords meanwhile. */
export function SemanticProgress({ semantic }: { semantic: QaBot['semantic'] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (!semantic || semantic.ready >= semantic.total) return null;
  const share = semantic.ready / semantic.total;
  return (
    <Field className={styles.field} label={t('qaBot.semantic.learning', { percent: Math.floor(share * 100) })} hint={t('qaBot.semantic.keywordsOnly')}>
      <ProgressBar value={share} thickness="large" />
    </Field>
  );
}

/** SWR's refresh interval for the bot: every 2 s while its texts are being embedded, else none. */
export const semanticRefresh = (bot: QaBot | undefined) => (bot?.semantic && bot.semantic.ready < bot.semantic.total ? 2_000 : 0);
