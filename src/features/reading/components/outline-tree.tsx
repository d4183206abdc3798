import { Link, makeStyles, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import type { OutlineEntry } from '../pdf-viewer-lib';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: '12px', listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: '4px' },
  note: { color: tokens.colorNeutralForeground3 },
});

function Entries({ entries, onGo }: { entries: readonly OutlineEntry[]; onGo: (page: number) => void }) {
  const styles = useStyles();
  return (
    <ul className={styles.list}>
      {entries.map((e, i) => (
        <li key={`${e.title}-${i}`}>
          {e.page ? <Link onClick={() => onGo(e.page!)}>{e.title}</Link> : <Text>{e.title}</Text>}
          {e.children.length > 0 && <Entries entries={e.children} onGo={onGo} />}
        </li>
      ))}
    </ul>
  );
}

/** The PDF's bookmarks; a click goes to the bookmarked page. */
export function OutlineTree({ entries, onGo }: { entries: readonly OutlineEntry[]; onGo: (page: number) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (entries.length === 0) return <Text className={styles.note}>{t('reading.outline.empty')}</Text>;
  return (
    <nav aria-label={t('reading.outline.title')} data-testid="outline">
      <Entries entries={entries} onGo={onGo} />
    </nav>
  );
}
