import { Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, ProgressBar, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUT_KINDS, detectionPlan, parseDetectionLog, suggestCuts, type CutKind } from '@engines/video/cut-detection';
import { MAX_PARTS } from '@engines/video/split';
import { tokens } from '../../../lib/tokens';
import { analyseVideo } from '../../../lib/video-worker';
import { errorKey } from '../common/job-error';
import { formatTime, parseSeconds } from '../common/seconds';
import type { PickedVideo } from '../common/use-video-file';
import { inputName } from './form-props';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '8px' },
  kinds: { display: 'flex', flexWrap: 'wrap', gap: '4px 12px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  time: { width: '110px' },
  reasons: { color: tokens.colorNeutralForeground3 },
});

/** One line of the editable cut list: the time as typed, and why it was proposed (none when the user added it). */
export interface CutRow {
  id: number;
  text: string;
  reasons: CutKind[];
}

type Finding = { state: 'idle' } | { state: 'running'; progress: number } | { state: 'done'; found: number } | { state: 'error'; key: string };

/**
 * "Find the cuts": pauses in the sound, black pictures, frozen pictures and new shots, found by
 * one ffmpeg pass in the worker (nothing uploaded, no use spent: it makes no file), offered as a
 * list the user edits (change a time, remove one, add one at the preview's time) before splitting.
 */
export function FoundCuts({ video, rows, onRows, currentTime, busy }: { video: PickedVideo; rows: CutRow[]; onRows: (rows: CutRow[]) => void; currentTime: () => number; busy: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [kinds, setKinds] = useState<CutKind[]>([...CUT_KINDS]);
  const [finding, setFinding] = useState<Finding>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const nextId = useRef(1);
  useEffect(() => () => abort.current?.abort(), []);

  const plan = detectionPlan(`/in/${inputName(video)}`, video.info, kinds);
  const find = async () => {
    if (!plan) return;
    const controller = new AbortController();
    abort.current = controller;
    setFinding({ state: 'running', progress: 0 });
    try {
      const lines = await analyseVideo(
        { inputs: [{ name: inputName(video), file: video.file }], plan },
        // The last progress report may arrive after the result: it never turns a finished search back to running.
        { signal: controller.signal, onProgress: (progress) => setFinding((f) => (f.state === 'running' && abort.current === controller ? { state: 'running', progress } : f)) },
      );
      const cuts = suggestCuts(parseDetectionLog(lines, video.info.duration), video.info.duration, MAX_PARTS - 1);
      onRows(cuts.map((c) => ({ id: nextId.current++, text: c.at.toFixed(2), reasons: c.reasons })));
      setFinding({ state: 'done', found: cuts.length });
    } catch (error) {
      setFinding(controller.signal.aborted ? { state: 'idle' } : { state: 'error', key: errorKey(error instanceof Error ? error.message : 'ffmpeg-failed') });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };
  const toggle = (kind: CutKind, on: boolean) => setKinds((ks) => (on ? CUT_KINDS.filter((k) => ks.includes(k) || k === kind) : ks.filter((k) => k !== kind)));
  const edit = (id: number, text: string) => onRows(rows.map((r) => (r.id === id ? { ...r, text } : r)));
  const add = () => onRows([...rows, { id: nextId.current++, text: currentTime().toFixed(2), reasons: [] }]);
  const running = finding.state === 'running';

  return (
    <div className={styles.box} data-testid="found-cuts">
      <Field label={t('tools.video.cuts.lookFor')}>
        <div className={styles.kinds}>
          {CUT_KINDS.map((kind) => (
            <Checkbox key={kind} label={t(`tools.video.cuts.kind.${kind}`)} checked={kinds.includes(kind)} disabled={running} onChange={(_, d) => toggle(kind, d.checked === true)} />
          ))}
        </div>
      </Field>
      <div className={styles.row}>
        <Button onClick={() => void find()} disabled={!plan || running || busy} data-testid="find-cuts">
          {t('tools.video.cuts.find')}
        </Button>
        {running && <Button onClick={() => abort.current?.abort()}>{t('tools.video.cuts.stop')}</Button>}
      </div>
      {running && <ProgressBar value={finding.progress} aria-label={t('tools.video.cuts.finding')} />}
      {finding.state === 'error' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t(finding.key)}</MessageBarBody>
        </MessageBar>
      )}
      {finding.state === 'done' && (
        <Text aria-live="polite" data-testid="cuts-found">
          {finding.found === 0 ? t('tools.video.cuts.noneFound') : t('tools.video.cuts.found', { count: finding.found })}
        </Text>
      )}
      {rows.length > 0 && (
        <ol className={styles.list} aria-label={t('tools.video.cuts.list')}>
          {rows.map((row, i) => (
            <li key={row.id} className={styles.row} data-testid="cut-row">
              <Input
                className={styles.time}
                type="number"
                min={0}
                step={0.01}
                value={row.text}
                onChange={(_, d) => edit(row.id, d.value)}
                aria-label={t('tools.video.cuts.at', { n: i + 1 })}
              />
              <Text className={styles.reasons}>
                {Number.isFinite(parseSeconds(row.text)) ? formatTime(parseSeconds(row.text)) : ''}
                {' · '}
                {row.reasons.length > 0 ? row.reasons.map((k) => t(`tools.video.cuts.kind.${k}`)).join(', ') : t('tools.video.cuts.added')}
              </Text>
              <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('tools.video.cuts.remove', { n: i + 1 })} onClick={() => onRows(rows.filter((r) => r.id !== row.id))} />
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button appearance="subtle" icon={<AddRegular />} onClick={add} disabled={rows.length >= MAX_PARTS - 1} data-testid="add-cut">
          {t('tools.video.cuts.add')}
        </Button>
      </div>
    </div>
  );
}
