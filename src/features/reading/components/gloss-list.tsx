import { Badge, Button, makeStyles, Spinner, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { Gloss } from '@engines/reading/dictionary';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import type { DictionaryStatus } from '../use-glosses';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px' },
  selection: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  list: { display: 'flex', flexDirection: 'column', gap: '8px', margin: 0, padding: 0, listStyleType: 'none', maxHeight: '45vh', overflowY: 'auto' },
  item: { display: 'flex', flexDirection: 'column', gap: '2px', paddingBottom: '6px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { display: 'flex', alignItems: 'baseline', gap: '8px', flexWrap: 'wrap' },
  word: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  pinyin: { color: tokens.colorBrandForeground1 },
  senses: { color: tokens.colorNeutralForeground2 },
  note: { color: tokens.colorNeutralForeground3 },
});

export interface GlossListProps {
  status: DictionaryStatus;
  selection: string;
  glosses: readonly Gloss[];
  onRetry: () => void;
  onAddToGlossary: (term: string) => void;
}

/** Glosses of the selected text: the user's own meanings first, then CC-CEDICT's. */
export function GlossList({ status, selection, glosses, onRetry, onAddToGlossary }: GlossListProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (status === 'loading') return <Spinner size="small" label={t('reading.gloss.loading')} />;
  if (status === 'error')
    return (
      <div className={styles.root}>
        <Text>{t('reading.gloss.loadFailed')}</Text>
        <Button onClick={onRetry}>{t('reading.retry')}</Button>
      </div>
    );
  if (!selection) return <Text className={styles.note}>{t('reading.gloss.hint')}</Text>;
  return (
    <div className={styles.root} data-testid="gloss-panel">
      <Text className={styles.selection} size={200}>
        {t('reading.gloss.for', { text: selection.length > 60 ? `${selection.slice(0, 60)}…` : selection })}
      </Text>
      {glosses.length === 0 ? (
        <Text className={styles.note}>{t('reading.gloss.none')}</Text>
      ) : (
        <ul className={styles.list}>
          {glosses.map((g, i) => (
            <li key={`${g.word}-${g.source}-${i}`} className={styles.item} data-testid="gloss">
              <span className={styles.head}>
                <span className={styles.word} lang={/[\u4e00-\u9fff]/.test(g.word) ? 'zh-CN' : 'en'}>
                  {g.word}
                </span>
                {g.pinyin && <span className={styles.pinyin}>{g.pinyin}</span>}
                {g.source === 'user' && <Badge appearance="tint" size="small">{t('reading.gloss.mine')}</Badge>}
                {g.source === 'cedict' && (
                  <Button size="small" appearance="subtle" icon={<AddRegular />} onClick={() => onAddToGlossary(g.word)} aria-label={t('reading.gloss.add', { word: g.word })} />
                )}
              </span>
              <span className={styles.senses}>{g.senses.join('; ')}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
