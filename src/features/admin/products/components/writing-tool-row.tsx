import { Button, Field, Input, makeStyles, Switch, TableCell, TableRow, Textarea } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { SaveRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WRITING_TOOL_CONFIG_MAX_BYTES, type WritingTool, type WritingToolUpdate } from '@contracts/admin/writing-tools';
import { fieldMessage } from '../../../../lib/forms';
import { adminSend } from '../../common/admin-api';
import { useRowSave } from '../hooks/use-row-save';

const useStyles = makeStyles({
  name: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '140px' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  cost: { width: '96px' },
  config: { minWidth: '280px', width: '100%' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  top: { verticalAlign: 'top' },
});

const pretty = (config: unknown) => JSON.stringify(config, null, 2);

/** The editor's text as a JSON object, or the message key of what is wrong with it (checked before sending). */
function parseConfig(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; key: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, key: 'adminProducts.validation.configInvalidJson' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, key: 'adminProducts.validation.configNotObject' };
  if (new TextEncoder().encode(JSON.stringify(value)).length > WRITING_TOOL_CONFIG_MAX_BYTES) return { ok: false, key: 'adminProducts.validation.configTooLarge' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** One writing tool: its switch, cost per use and JSON configuration, saved together. */
export function WritingToolRow({ tool, onSaved }: { tool: WritingTool; onSaved: (tool: WritingTool) => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const name = i18n.language === 'zh' ? tool.nameZh : tool.name;
  const [enabled, setEnabled] = useState(tool.enabled);
  const [cost, setCost] = useState(String(tool.cost));
  const [config, setConfig] = useState(pretty(tool.config));
  const { saving, errors, setErrors, run } = useRowSave();

  const dirty = enabled !== tool.enabled || cost !== String(tool.cost) || config !== pretty(tool.config);
  const save = () => {
    const parsed = parseConfig(config);
    if (!parsed.ok) return setErrors({ config: parsed.key });
    const change: WritingToolUpdate = {
      ...(enabled !== tool.enabled ? { enabled } : {}),
      // Sent as typed: the server says what is wrong with a cost that is not a whole number ≥ 1.
      ...(cost !== String(tool.cost) ? { cost: cost.trim() === '' ? Number.NaN : Number(cost) } : {}),
      ...(config !== pretty(tool.config) ? { config: parsed.value } : {}),
    };
    void run(() => adminSend<WritingTool>('PATCH', `/admin/writing-tools/${encodeURIComponent(tool.id)}`, change), onSaved);
  };
  const error = (field: string) => fieldMessage(t, errors[field]);

  return (
    <TableRow data-testid={`writing-tool-${tool.id}`}>
      <TableCell className={styles.top}>
        <span className={styles.name}>
          <strong>{name}</strong>
          <span className={styles.id}>{tool.id}</span>
        </span>
      </TableCell>
      <TableCell className={styles.top}>
        <Field validationMessage={error('enabled')}>
          <Switch
            checked={enabled}
            onChange={(_e, d) => setEnabled(d.checked)}
            label={enabled ? t('adminProducts.convert.on') : t('adminProducts.convert.off')}
            aria-label={t('adminProducts.writing.enabledLabel', { name })}
          />
        </Field>
      </TableCell>
      <TableCell className={styles.top}>
        <Field validationMessage={error('cost')}>
          <Input className={styles.cost} type="number" inputMode="numeric" min={1} step={1} value={cost} onChange={(_e, d) => setCost(d.value)} aria-label={t('adminProducts.writing.costLabel', { name })} />
        </Field>
      </TableCell>
      <TableCell className={styles.top}>
        <Field validationMessage={error('config')} hint={t('adminProducts.writing.configHint')}>
          <Textarea
            className={styles.config}
            textarea={{ className: styles.code, spellCheck: false }}
            resize="vertical"
            rows={Math.min(10, Math.max(3, config.split('\n').length))}
            value={config}
            onChange={(_e, d) => setConfig(d.value)}
            aria-label={t('adminProducts.writing.configLabel', { name })}
          />
        </Field>
      </TableCell>
      <TableCell className={styles.top}>
        <Button appearance="primary" size="small" icon={<SaveRegular />} disabled={!dirty || saving} onClick={save} aria-label={t('adminProducts.saveLabel', { name })}>
          {saving ? t('adminProducts.saving') : t('adminProducts.save')}
        </Button>
      </TableCell>
    </TableRow>
  );
}
