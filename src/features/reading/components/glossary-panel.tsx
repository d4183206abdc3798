import { Button, Field, Input, makeStyles, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import type { UserGlossaryEntry } from '@engines/reading/dictionary';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../lib/download';
import { tokens } from '../../../lib/tokens';
import { glossaryFromCsv, glossaryToCsv, mergeGlossary } from '../user-glossary';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '10px' },
  form: { display: 'flex', flexDirection: 'column', gap: '6px' },
  row: { display: 'flex', gap: '6px', flexWrap: 'wrap' },
  list: { margin: 0, padding: 0, listStyleType: 'none', maxHeight: '35vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '4px' },
  item: { display: 'flex', alignItems: 'center', gap: '8px', justifyContent: 'space-between' },
  term: { fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3 },
});

export interface GlossaryPanelProps {
  entries: readonly UserGlossaryEntry[];
  onChange: (entries: UserGlossaryEntry[]) => void;
  /** A term handed over from a gloss ("add to my glossary"). */
  draftTerm: string;
}

/** The user's own glossary: kept in this browser, shown first in glosses, exported and imported as CSV. */
export function GlossaryPanel({ entries, onChange, draftTerm }: GlossaryPanelProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [term, setTerm] = useState(draftTerm);
  const [meaning, setMeaning] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const [lastDraft, setLastDraft] = useState(draftTerm);
  if (draftTerm !== lastDraft) {
    setLastDraft(draftTerm);
    setTerm(draftTerm);
  }

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!term.trim() || !meaning.trim()) return;
    onChange(mergeGlossary(entries, [{ term: term.trim(), meaning: meaning.trim() }]));
    setTerm('');
    setMeaning('');
    setMessage(t('reading.glossary.added'));
  };

  const importFile = async (file: File) => {
    const incoming = glossaryFromCsv(await file.text());
    onChange(mergeGlossary(entries, incoming));
    setMessage(t('reading.glossary.imported', { count: incoming.length }));
  };

  return (
    <div className={styles.root}>
      <form className={styles.form} onSubmit={add}>
        <Field label={t('reading.glossary.term')}>
          <Input value={term} onChange={(_, d) => setTerm(d.value)} maxLength={100} />
        </Field>
        <Field label={t('reading.glossary.meaning')}>
          <Input value={meaning} onChange={(_, d) => setMeaning(d.value)} maxLength={300} />
        </Field>
        <Button type="submit" appearance="primary" disabled={!term.trim() || !meaning.trim()}>
          {t('reading.glossary.add')}
        </Button>
      </form>
      <div className={styles.row}>
        <Button icon={<ArrowDownloadRegular />} disabled={entries.length === 0} onClick={() => downloadBlob(new Blob([`\ufeff${glossaryToCsv(entries)}`], { type: 'text/csv' }), 'glossary.csv')}>
          {t('reading.glossary.export')}
        </Button>
        <Button icon={<ArrowUploadRegular />} onClick={() => fileRef.current?.click()}>
          {t('reading.glossary.import')}
        </Button>
        <input ref={fileRef} type="file" accept=".csv,text/csv" hidden onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }} />
      </div>
      <Text role="status" className={styles.note}>{message}</Text>
      {entries.length === 0 ? (
        <Text className={styles.note}>{t('reading.glossary.empty')}</Text>
      ) : (
        <ul className={styles.list}>
          {entries.map((e) => (
            <li key={e.term} className={styles.item}>
              <span>
                <span className={styles.term}>{e.term}</span> — {e.meaning}
              </span>
              {confirming === e.term ? (
                <Button size="small" appearance="primary" onClick={() => {
                  onChange(entries.filter((x) => x.term !== e.term));
                  setConfirming(null);
                }}>
                  {t('reading.glossary.confirmRemove')}
                </Button>
              ) : (
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('reading.glossary.remove', { term: e.term })} onClick={() => setConfirming(e.term)} />
              )}
            </li>
          ))}
        </ul>
      )}
      <Text size={200} className={styles.note}>{t('reading.glossary.local')}</Text>
    </div>
  );
}
