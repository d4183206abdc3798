import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, mergeClasses, shorthands } from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular } from '@fluentui/react-icons';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../lib/constants';
import { tokens } from '../../../lib/tokens';
import { acceptAttribute, sortByAcceptance } from '../file-accept';
import { mayBeEncrypted } from '../encryption-hint';
import { isPdfEncrypted, unlockPdf } from '../pdf-worker';
import { UnlockDialog } from './unlock-dialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '10px' },
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '8px',
    padding: '28px 16px',
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusXLarge,
    cursor: 'pointer',
    ':hover': shorthands.borderColor(tokens.colorBrandStroke1),
    [MEDIA.belowSm]: { padding: '20px 12px' },
  },
  compact: { padding: '14px 16px', flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'center' },
  active: { ...shorthands.borderColor(tokens.colorBrandStroke1), backgroundColor: tokens.colorBrandBackground2 },
  icon: { fontSize: '36px', color: tokens.colorBrandForeground1 },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  input: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
  refused: { overflowWrap: 'anywhere' },
});

interface FileDropProps {
  /** Extensions the tool takes (contracts/pdf-tools.ts `accepts`). */
  accepts: readonly string[];
  multiple: boolean;
  /** Once files are chosen the zone shrinks to one line (add more, or replace the file). */
  compact?: boolean;
  onFiles: (files: File[]) => void;
  /** A tool that works on the device: a protected PDF asks for its password and is decrypted before the tool sees it. */
  unlockEncrypted?: boolean;
}

/** Files being screened for passwords: a skipped file is null; `waiting` are the indexes still to ask. */
interface Locked {
  files: (File | null)[];
  waiting: number[];
}

/**
 * Drag and drop, or a real button that opens the picker (the keyboard's and screen readers' way
 * in). Files of other types are refused by name, with the types the tool takes.
 */
export function FileDrop({ accepts, multiple, compact = false, onFiles, unlockEncrypted = false }: FileDropProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const depth = useRef(0);
  const [active, setActive] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const [locked, setLocked] = useState<Locked | null>(null);
  const list = accepts.map((ext) => ext.toUpperCase()).join(', ');

  const take = (files: File[]) => {
    const sorted = sortByAcceptance(multiple ? files : files.slice(0, 1), accepts);
    setRefused(sorted.refused);
    if (sorted.accepted.length === 0) return;
    if (unlockEncrypted) void screen(sorted.accepted);
    else onFiles(sorted.accepted);
  };
  const finish = (files: (File | null)[]) => {
    const kept = files.filter((f): f is File => f !== null);
    if (kept.length > 0) onFiles(kept);
  };
  /** Protected PDFs: one with a permissions password only opens as is; the others ask, one at a time. */
  const screen = async (files: File[]) => {
    const out: (File | null)[] = [...files];
    const waiting: number[] = [];
    for (const [i, file] of files.entries()) {
      if (!(await mayBeEncrypted(file)) || !(await isPdfEncrypted(file).catch(() => false))) continue;
      const opened = await unlockPdf(file, '').catch(() => null);
      if (opened) out[i] = opened;
      else waiting.push(i);
    }
    if (waiting.length === 0) finish(out);
    else setLocked({ files: out, waiting });
  };
  const unlocked = (file: File | null) => {
    if (!locked) return;
    const [index, ...rest] = locked.waiting;
    const files = locked.files.map((f, i) => (i === index ? file : f));
    if (rest.length > 0) return setLocked({ files, waiting: rest });
    setLocked(null);
    finish(files);
  };
  const asking = locked?.files[locked.waiting[0] ?? -1];
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setActive(false);
    take(Array.from(e.dataTransfer.files));
  };

  return (
    <div className={styles.root}>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the bare zone is a mouse shortcut for the "choose" button inside it, which keyboard and screen-reader users reach */}
      <div
        className={mergeClasses(styles.zone, compact && styles.compact, active && styles.active)}
        data-testid="pdf-drop-zone"
        onClick={(e) => e.target === e.currentTarget && input.current?.click()}
        onDragEnter={(e) => hasFiles(e) && (e.preventDefault(), (depth.current += 1), setActive(true))}
        onDragOver={(e) => hasFiles(e) && (e.preventDefault(), (e.dataTransfer.dropEffect = 'copy'))}
        onDragLeave={() => (depth.current = Math.max(0, depth.current - 1)) === 0 && setActive(false)}
        onDrop={onDrop}
      >
        {!compact && <ArrowUploadRegular className={styles.icon} aria-hidden />}
        {!compact && <p className={styles.title}>{t(active ? 'pdfTools.drop.release' : multiple ? 'pdfTools.drop.title' : 'pdfTools.drop.titleOne')}</p>}
        <Button appearance={compact ? 'secondary' : 'primary'} size={compact ? 'medium' : 'large'} aria-describedby={hintId} onClick={() => input.current?.click()}>
          {t(multiple ? 'pdfTools.drop.chooseMany' : compact ? 'pdfTools.drop.replace' : 'pdfTools.drop.chooseOne')}
        </Button>
        <p id={hintId} className={styles.hint} data-testid="pdf-accepts">
          {t('pdfTools.drop.accepts', { list })}
        </p>
        <input
          ref={input}
          type="file"
          tabIndex={-1}
          aria-hidden
          className={styles.input}
          accept={acceptAttribute(accepts)}
          multiple={multiple}
          data-testid="pdf-file-input"
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            // Cleared so that picking the same file again still fires a change.
            e.currentTarget.value = '';
            if (files.length > 0) take(files);
          }}
        />
      </div>
      {asking && <UnlockDialog key={`${locked?.waiting.length}-${asking.name}`} file={asking} onDone={unlocked} />}
      {refused.length > 0 && (
        <MessageBar intent="error" layout="multiline" role="alert" data-testid="pdf-refused">
          <MessageBarBody className={styles.refused}>{t('pdfTools.drop.refused', { names: refused.join(', '), list })}</MessageBarBody>
          <MessageBarActions
            containerAction={<Button appearance="transparent" icon={<DismissRegular />} aria-label={t('pdfTools.drop.dismiss')} onClick={() => setRefused([])} />}
          />
        </MessageBar>
      )}
    </div>
  );
}
