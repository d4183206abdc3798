import { Button, Dialog, DialogActions, DialogBody, DialogSurface, DialogTitle, Field, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Textarea } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { QA_DOCUMENT_MAX_BYTES } from '@contracts/ai-qa';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { tokens } from '../../../lib/tokens';
import { botPath, deletePair, fetchJson, importDocument, savePair, TEMPLATE_CSV, type QaBot, type QaImportResultBody, type QaPairBody } from '../api';

const useStyles = makeStyles({
  drop: { border: `2px dashed ${tokens.colorNeutralStroke1}`, borderRadius: '8px', padding: '16px', display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  dragging: { outline: `2px solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'flex-end', margin: '12px 0' },
  answer: { whiteSpace: 'pre-wrap' },
  edit: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '12px', backgroundColor: tokens.colorNeutralBackground2, borderRadius: '8px' },
  table: { overflowX: 'auto' },
});

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/** Import (drag-and-drop or picker, all or nothing, line errors as a table), search and edit the pairs. */
export function PairsTab({ bot }: { bot: QaBot }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const key = `${botPath(bot.botId)}/pairs`;
  const { data, error, isLoading } = useSWR<QaPairBody[], Error>(key, fetchJson);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<QaImportResultBody | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ pairId: string | null; question: string; alternatives: string; answer: string } | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setFailure(null);
    if (file.size > QA_DOCUMENT_MAX_BYTES) return setFailure(t('qaBot.import.tooLarge'));
    setBusy(true);
    try {
      setResult(await importDocument(bot.botId, file));
      await Promise.all([mutate(key), mutate(botPath(bot.botId))]);
    } catch (err) {
      setFailure(isApiError(err) ? errorMessage(err) : t('qaBot.failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void upload(e.dataTransfer.files[0]);
  };
  const save = async () => {
    if (!editing) return;
    try {
      await savePair(bot.botId, editing.pairId, { question: editing.question.trim(), answer: editing.answer.trim(), alternatives: editing.alternatives.split('|').map((s) => s.trim()).filter(Boolean) });
      setEditing(null);
      await Promise.all([mutate(key), mutate(botPath(bot.botId))]);
    } catch (err) {
      setFailure(isApiError(err) ? errorMessage(err) : t('qaBot.failed'));
    }
  };
  const [removing, setRemoving] = useState<QaPairBody | null>(null);
  const remove = async (pairId: string) => {
    setRemoving(null);
    try {
      await deletePair(bot.botId, pairId);
      await Promise.all([mutate(key), mutate(botPath(bot.botId))]);
    } catch (err) {
      setFailure(isApiError(err) ? errorMessage(err) : t('qaBot.failed'));
    }
  };

  const q = search.trim().toLowerCase();
  const shown = (data ?? []).filter((p) => q === '' || `${p.question} ${p.alternatives.join(' ')} ${p.answer}`.toLowerCase().includes(q));

  return (
    <section>
      <div className={`${styles.drop} ${dragging ? styles.dragging : ''}`} onDragOver={(e) => { e.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        <Text>{t('qaBot.import.hint')}</Text>
        <input ref={input} type="file" hidden accept=".csv,.xlsx,.docx,.md,.markdown" aria-label={t('qaBot.import.choose')} data-testid="qa-document-input" onChange={(e) => void upload(e.target.files?.[0])} />
        <Button icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />} onClick={() => input.current?.click()} disabled={busy}>
          {t('qaBot.import.choose')}
        </Button>
        <Button icon={<ArrowDownloadRegular />} appearance="subtle" onClick={() => download('qa-template.csv', TEMPLATE_CSV)}>
          {t('qaBot.import.template')}
        </Button>
      </div>
      {failure !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {result && result.errors.length === 0 && (
        <MessageBar intent="success">
          <MessageBarBody>{t('qaBot.import.done', { count: result.imported })}</MessageBarBody>
        </MessageBar>
      )}
      {result && result.errors.length > 0 && (
        <div role="alert">
          <MessageBar intent="error">
            <MessageBarBody>{t('qaBot.import.refused', { count: result.errors.length })}</MessageBarBody>
          </MessageBar>
          <Table size="small" aria-label={t('qaBot.import.errorsTable')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('qaBot.import.line')}</TableHeaderCell>
                <TableHeaderCell>{t('qaBot.import.reason')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.errors.map((e) => (
                <TableRow key={`${e.line}-${e.reason}`}>
                  <TableCell>{e.line}</TableCell>
                  <TableCell>{t(`qaBot.import.reasons.${e.reason}`, { defaultValue: e.reason })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <div className={styles.row}>
        <Field label={t('qaBot.pairs.search')}>
          <Input value={search} onChange={(_e, d) => setSearch(d.value)} type="search" />
        </Field>
        <Button onClick={() => setEditing({ pairId: null, question: '', alternatives: '', answer: '' })}>{t('qaBot.pairs.add')}</Button>
      </div>
      {editing && (
        <div className={styles.edit}>
          <Field label={t('qaBot.pairs.question')} required>
            <Input value={editing.question} onChange={(_e, d) => setEditing({ ...editing, question: d.value })} />
          </Field>
          <Field label={t('qaBot.pairs.alternatives')} hint={t('qaBot.pairs.alternativesHint')}>
            <Input value={editing.alternatives} onChange={(_e, d) => setEditing({ ...editing, alternatives: d.value })} />
          </Field>
          <Field label={t('qaBot.pairs.answer')} required>
            <Textarea value={editing.answer} rows={4} onChange={(_e, d) => setEditing({ ...editing, answer: d.value })} />
          </Field>
          <div className={styles.row}>
            <Button appearance="primary" onClick={() => void save()} disabled={!editing.question.trim() || !editing.answer.trim()}>
              {t('qaBot.save')}
            </Button>
            <Button onClick={() => setEditing(null)}>{t('qaBot.cancel')}</Button>
          </div>
        </div>
      )}
      {isLoading && <Spinner label={t('qaBot.loading')} />}
      {error !== undefined && <MessageBar intent="error"><MessageBarBody>{t('qaBot.loadFailed')}</MessageBarBody></MessageBar>}
      {data?.length === 0 && <Text>{t('qaBot.pairs.empty')}</Text>}
      {shown.length > 0 && (
        <div className={styles.table}>
          <Table size="small" aria-label={t('qaBot.tabs.pairs')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('qaBot.pairs.question')}</TableHeaderCell>
                <TableHeaderCell>{t('qaBot.pairs.answer')}</TableHeaderCell>
                <TableHeaderCell>{t('qaBot.pairs.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((p) => (
                <TableRow key={p.pairId}>
                  <TableCell>
                    {p.question}
                    {p.alternatives.length > 0 && <Text size={200} block>{p.alternatives.join(' | ')}</Text>}
                  </TableCell>
                  <TableCell className={styles.answer}>{p.answer}</TableCell>
                  <TableCell>
                    <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={t('qaBot.pairs.edit')} onClick={() => setEditing({ pairId: p.pairId, question: p.question, alternatives: p.alternatives.join(' | '), answer: p.answer })} />
                    <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('qaBot.pairs.delete')} onClick={() => setRemoving(p)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Dialog open={removing !== null} onOpenChange={(_e, d) => !d.open && setRemoving(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('qaBot.pairs.confirmDelete')}</DialogTitle>
            <DialogActions>
              <Button appearance="primary" onClick={() => removing && void remove(removing.pairId)}>
                {t('qaBot.pairs.delete')}
              </Button>
              <Button onClick={() => setRemoving(null)}>{t('qaBot.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
