import { Button, Checkbox, Field, Input, Spinner, Switch, Tab, TabList, makeStyles } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { typedSignature, uploadedSignature, type SignImage } from '../sign-images';
import { SignPad } from './sign-pad';
import { PAPER, TRANSPARENCY_CHECKER } from '../../../lib/paper-colors';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  panel: { display: 'flex', flexDirection: 'column', gap: '10px', minWidth: 0 },
  preview: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minHeight: '96px',
    padding: '8px',
    backgroundColor: PAPER,
    backgroundImage: TRANSPARENCY_CHECKER,
    backgroundSize: '16px 16px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  image: { maxWidth: '100%', maxHeight: '120px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1 },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
});

export interface ChosenSignature extends SignImage {
  /** The typed name, for the initials. */
  name?: string;
}

type Mode = 'draw' | 'type' | 'upload';

interface SignMakerProps {
  signature: ChosenSignature | undefined;
  onChange: (signature: ChosenSignature | undefined) => void;
  remember: boolean;
  onRemember: (on: boolean) => void;
  onForget: () => void;
}

/** The signature: the one in use with Change and Forget, or a pad to draw, a name to type, or an image to upload. */
export function SignMaker({ signature, onChange, remember, onRemember, onForget }: SignMakerProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('draw');

  return (
    <section className={styles.root} aria-labelledby="sign-maker-title">
      <h2 id="sign-maker-title" className={styles.title}>
        {t('pdfSign.maker.title')}
      </h2>
      {signature ? (
        <div className={styles.panel}>
          <div className={styles.preview}>
            <img className={styles.image} src={signature.image} alt={t('pdfSign.maker.current')} data-testid="sign-current" />
          </div>
          <div className={styles.actions}>
            <Button icon={<EditRegular />} onClick={() => onChange(undefined)}>
              {t('pdfSign.maker.change')}
            </Button>
            <Switch checked={remember} onChange={(_, d) => onRemember(d.checked)} label={t('pdfSign.maker.remember')} data-testid="sign-remember" />
            <Button appearance="subtle" icon={<DeleteRegular />} onClick={onForget} data-testid="sign-forget">
              {t('pdfSign.maker.forget')}
            </Button>
          </div>
          <p className={styles.note}>{t('pdfSign.maker.privacy')}</p>
        </div>
      ) : (
        <div className={styles.panel}>
          <TabList selectedValue={mode} onTabSelect={(_, d) => setMode(d.value as Mode)} size="small">
            <Tab value="draw">{t('pdfSign.maker.modes.draw')}</Tab>
            <Tab value="type">{t('pdfSign.maker.modes.type')}</Tab>
            <Tab value="upload">{t('pdfSign.maker.modes.upload')}</Tab>
          </TabList>
          <div role="tabpanel" className={styles.panel}>
            {mode === 'draw' && <SignPad onUse={onChange} />}
            {mode === 'type' && <TypePanel onUse={onChange} />}
            {mode === 'upload' && <UploadPanel onUse={onChange} />}
          </div>
        </div>
      )}
    </section>
  );
}

/** A name in the handwriting font, redrawn as it is typed. */
function TypePanel({ onUse }: { onUse: (signature: ChosenSignature) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [made, setMade] = useState<SignImage>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setMade(undefined);
    setFailed(false);
    if (!name.trim()) return;
    let live = true;
    setBusy(true);
    // A short pause so each keystroke does not draw.
    const timer = setTimeout(() => {
      typedSignature(name).then(
        (image) => live && setMade(image),
        () => live && setFailed(true),
      ).finally(() => live && setBusy(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [name]);

  return (
    <>
      <Field label={t('pdfSign.type.label')} hint={t('pdfSign.type.hint')}>
        <Input value={name} maxLength={60} onChange={(_, d) => setName(d.value)} data-testid="sign-type-name" />
      </Field>
      <div className={styles.preview} aria-live="polite">
        {made ? <img className={styles.image} src={made.image} alt={t('pdfSign.type.preview', { name })} data-testid="sign-typed-preview" /> : busy ? <Spinner size="tiny" label={t('pdfSign.type.loadingFont')} /> : null}
      </div>
      {failed && <p className={styles.error} role="alert">{t('pdfSign.type.failed')}</p>}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!made} onClick={() => made && onUse({ ...made, name: name.trim() })} data-testid="sign-use-typed">
          {t('pdfSign.use')}
        </Button>
      </div>
    </>
  );
}

/** A photo or scan of a signature: PNG or JPEG, its white background made clear when asked. */
function UploadPanel({ onUse }: { onUse: (signature: ChosenSignature) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [clearWhite, setClearWhite] = useState(true);
  const [made, setMade] = useState<SignImage>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setMade(undefined);
    setFailed(false);
    if (!file) return;
    let live = true;
    uploadedSignature(file, clearWhite).then(
      (image) => live && (image ? setMade(image) : setFailed(true)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [file, clearWhite]);

  return (
    <>
      <input
        ref={input}
        className={styles.hidden}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        tabIndex={-1}
        data-testid="sign-upload-input"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) setFile(/^image\/(png|jpeg)$/.test(chosen.type) || /\.(png|jpe?g)$/i.test(chosen.name) ? chosen : undefined);
          setFailed(Boolean(chosen) && !/^image\/(png|jpeg)$/.test(chosen?.type ?? '') && !/\.(png|jpe?g)$/i.test(chosen?.name ?? ''));
          e.target.value = '';
        }}
      />
      <div className={styles.actions}>
        <Button icon={<ArrowUploadRegular />} onClick={() => input.current?.click()}>
          {t('pdfSign.upload.choose')}
        </Button>
        <Checkbox checked={clearWhite} onChange={(_, d) => setClearWhite(Boolean(d.checked))} label={t('pdfSign.upload.clearWhite')} />
      </div>
      {(made || file) && (
        <div className={styles.preview}>{made ? <img className={styles.image} src={made.image} alt={t('pdfSign.upload.preview')} /> : !failed && <Spinner size="tiny" />}</div>
      )}
      {failed && <p className={styles.error} role="alert">{t('pdfSign.upload.failed')}</p>}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!made} onClick={() => made && onUse(made)}>
          {t('pdfSign.use')}
        </Button>
      </div>
    </>
  );
}
