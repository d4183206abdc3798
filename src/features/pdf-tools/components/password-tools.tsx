import { Checkbox, Field, Input, makeStyles } from '@fluentui/react-components';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import { protectOptions, unlockOptions, type ProtectForm } from '../tool-options';
import { SingleFileFrame } from './single-file-frame';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '420px' },
  group: { display: 'flex', flexDirection: 'column', gap: '2px', margin: 0, padding: 0, border: 'none' },
  legend: { padding: 0, marginBottom: '4px', fontWeight: tokens.fontWeightSemibold },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const EMPTY: ProtectForm = { password: '', confirm: '', allowPrint: true, allowCopy: true, allowModify: false };

/**
 * Protect on the server (qpdf, AES-256): the open password typed twice, and what readers may do.
 * Passwords live only in this component's state: never stored, logged or put in a URL, and
 * forgotten once the file is made.
 */
export function ProtectTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [form, setForm] = useState<ProtectForm>(EMPTY);
  const [show, setShow] = useState(false);
  const [touched, setTouched] = useState(false);
  const checked = protectOptions(form);
  const showError = touched && !checked.ok;
  const forget = useCallback(() => (setForm((f) => ({ ...f, password: '', confirm: '' })), setTouched(false)), []);
  const type = show ? 'text' : 'password';
  return (
    <SingleFileFrame spec={spec} entry={entry} options={checked} onDone={forget}>
      <div className={styles.root}>
        <Field label={t('pdfTools.protect.password')} required>
          <Input type={type} autoComplete="new-password" value={form.password} onChange={(_, d) => setForm({ ...form, password: d.value })} />
        </Field>
        <Field
          label={t('pdfTools.protect.confirm')}
          required
          validationState={showError ? 'error' : 'none'}
          validationMessage={showError && !checked.ok ? t(`pdfTools.${checked.error}`) : undefined}
        >
          <Input type={type} autoComplete="new-password" value={form.confirm} onBlur={() => setTouched(true)} onChange={(_, d) => setForm({ ...form, confirm: d.value })} />
        </Field>
        <Checkbox checked={show} onChange={(_, d) => setShow(Boolean(d.checked))} label={t('pdfTools.protect.show')} />
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('pdfTools.protect.permissions')}</legend>
          <Checkbox checked={form.allowPrint} onChange={(_, d) => setForm({ ...form, allowPrint: Boolean(d.checked) })} label={t('pdfTools.protect.allowPrint')} />
          <Checkbox checked={form.allowCopy} onChange={(_, d) => setForm({ ...form, allowCopy: Boolean(d.checked) })} label={t('pdfTools.protect.allowCopy')} />
          <Checkbox checked={form.allowModify} onChange={(_, d) => setForm({ ...form, allowModify: Boolean(d.checked) })} label={t('pdfTools.protect.allowModify')} />
        </fieldset>
        <p className={styles.note}>{t('pdfTools.protect.note')}</p>
      </div>
    </SingleFileFrame>
  );
}

/** Unlock on the server (qpdf): the password the user knows; a wrong one comes back as `wrongPassword`. */
export function UnlockTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const checked = unlockOptions(password);
  const forget = useCallback(() => setPassword(''), []);
  return (
    <SingleFileFrame spec={spec} entry={entry} options={checked} onDone={forget}>
      <div className={styles.root}>
        <Field label={t('pdfTools.unlock.password')} required>
          <Input type={show ? 'text' : 'password'} autoComplete="off" value={password} onChange={(_, d) => setPassword(d.value)} />
        </Field>
        <Checkbox checked={show} onChange={(_, d) => setShow(Boolean(d.checked))} label={t('pdfTools.unlock.show')} />
        <p className={styles.note}>{t('pdfTools.unlock.note')}</p>
      </div>
    </SingleFileFrame>
  );
}
