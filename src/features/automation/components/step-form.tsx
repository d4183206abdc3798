import { Button, Field, Input, makeStyles, Select } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATOR_KINDS, type LocatorKind } from '@contracts/automation';
import type { Step } from '../api';

const KINDS = ['goto', 'click', 'type', 'select', 'wait', 'assert', 'extract'] as const;
type Kind = (typeof KINDS)[number];

const useStyles = makeStyles({ form: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' } });

/** Adds one step by hand: its type, the element (one locator; the recorder writes several) and its value. */
export function StepForm({ onAdd }: { onAdd: (step: Step) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('click');
  const [by, setBy] = useState<LocatorKind>('text');
  const [locator, setLocator] = useState('');
  const [name, setName] = useState('');
  const [value, setValue] = useState('');

  const needsValue = kind === 'goto' || kind === 'type' || kind === 'select' || kind === 'extract';
  const ready = kind === 'goto' ? value.trim() !== '' : locator.trim() !== '' && (!needsValue || value.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const target = { candidates: [{ by, value: locator.trim(), ...(by === 'role' && name.trim() ? { name: name.trim() } : {}) }] };
    const step: Step =
      kind === 'goto' ? { type: 'goto', url: value.trim() }
      : kind === 'type' ? { type: 'type', target, text: value }
      : kind === 'select' ? { type: 'select', target, value }
      : kind === 'extract' ? { type: 'extract', target, name: value.trim() }
      : { type: kind, target };
    onAdd(step);
    setLocator('');
    setValue('');
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('automation.editor.addTitle')}>
      <Field label={t('automation.editor.stepType')}>
        <Select value={kind} onChange={(_e, d) => setKind(d.value as Kind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`automation.steps.${k}`)}
            </option>
          ))}
        </Select>
      </Field>
      {kind !== 'goto' && (
        <>
          <Field label={t('automation.editor.findBy')}>
            <Select value={by} onChange={(_e, d) => setBy(d.value as LocatorKind)}>
              {LOCATOR_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`automation.locators.${k}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('automation.editor.locator')}>
            <Input value={locator} onChange={(_e, d) => setLocator(d.value)} />
          </Field>
          {by === 'role' && (
            <Field label={t('automation.editor.accessibleName')}>
              <Input value={name} onChange={(_e, d) => setName(d.value)} />
            </Field>
          )}
        </>
      )}
      {needsValue && (
        <Field label={t(`automation.editor.value.${kind}`)}>
          <Input value={value} onChange={(_e, d) => setValue(d.value)} />
        </Field>
      )}
      <Button type="submit" icon={<AddRegular />} disabled={!ready}>
        {t('automation.editor.add')}
      </Button>
    </form>
  );
}
