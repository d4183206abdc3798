import { Badge, Button, Field, Input, makeStyles, Select, Switch, TableCell, TableRow } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { SaveRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvertTool, ConvertToolUpdate } from '@contracts/admin/convert-tools';
import type { EnginePreference } from '@contracts/convert-catalogue';
import { convertTypeLabel } from '../../../../lib/convert-type-text';
import { findPdfTool } from '../../../../lib/site-map';
import { fieldMessage } from '../../../../lib/forms';
import { adminSend } from '../../common/admin-api';
import { useRowSave } from '../hooks/use-row-save';

const MB = 1024 * 1024;

const useStyles = makeStyles({
  name: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '140px' },
  key: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  exts: { display: 'flex', flexWrap: 'wrap', gap: '4px', maxWidth: '220px' },
  select: { minWidth: '280px' },
  cap: { width: '150px' },
  nowrap: { whiteSpace: 'nowrap' },
});

/** Bytes as the MB the field shows (up to two decimals); '' for no cap. */
const toMb = (bytes: number | null) => (bytes === null ? '' : String(Math.round((bytes / MB) * 100) / 100));
/** The field's MB as bytes: null when empty, NaN when not a number (the server answers 40001). */
const toBytes = (mb: string) => (mb.trim() === '' ? null : Math.round(Number(mb) * MB));

/** One conversion card: its switch, engine preference and size cap, saved together. */
export function ConvertToolRow({ tool, onSaved }: { tool: ConvertTool; onSaved: (tool: ConvertTool) => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const pdfTool = tool.tool ? findPdfTool(tool.key) : undefined;
  const name = pdfTool ? t(`nav.pdfToolNames.${pdfTool.id}`) : (convertTypeLabel(t, i18n, tool.key) ?? tool.key);
  const [enabled, setEnabled] = useState(tool.enabled);
  const [engine, setEngine] = useState<EnginePreference>(tool.engine);
  const [capMb, setCapMb] = useState(toMb(tool.maxFileSize));
  const { saving, errors, run } = useRowSave();

  const change: ConvertToolUpdate = {
    ...(enabled !== tool.enabled ? { enabled } : {}),
    ...(engine !== tool.engine ? { engine } : {}),
    ...(capMb !== toMb(tool.maxFileSize) ? { maxFileSize: toBytes(capMb) } : {}),
  };
  const dirty = Object.keys(change).length > 0;
  const save = () => void run(() => adminSend<ConvertTool>('PATCH', `/admin/convert-tools/${encodeURIComponent(tool.key)}`, change), onSaved);
  const error = (field: string) => fieldMessage(t, errors[field]);

  return (
    <TableRow data-testid={`convert-tool-${tool.key}`}>
      <TableCell>
        <span className={styles.name}>
          <strong>{name}</strong>
          <span className={styles.key}>{tool.key}</span>
        </span>
      </TableCell>
      <TableCell>
        <span className={styles.exts}>
          {tool.acceptedExtensions.map((ext) => (
            <Badge key={ext} appearance="outline" size="small" color="informative">
              .{ext}
            </Badge>
          ))}
        </span>
      </TableCell>
      <TableCell>
        <Field validationMessage={error('enabled')}>
          <Switch
            checked={enabled}
            onChange={(_e, d) => setEnabled(d.checked)}
            label={enabled ? t('adminProducts.convert.on') : t('adminProducts.convert.off')}
            aria-label={t('adminProducts.convert.enabledLabel', { name })}
          />
        </Field>
      </TableCell>
      <TableCell>
        <Field
          validationMessage={error('engine')}
          hint={tool.tool ? t(`adminProducts.convert.toolEngine.${tool.autoEngine === 'browser' ? 'browser' : 'server'}`) : tool.browserCapable ? undefined : t('adminProducts.convert.browserUnavailable')}
        >
          <Select className={styles.select} value={engine} disabled={tool.tool} onChange={(_e, d) => setEngine(d.value as EnginePreference)} aria-label={t('adminProducts.convert.engineLabel', { name })}>
            <option value="auto">{t('adminProducts.convert.engines.auto', { today: t(`adminProducts.convert.today.${tool.autoEngine}`) })}</option>
            <option value="browser" disabled={!tool.browserCapable && tool.engine !== 'browser'}>
              {t('adminProducts.convert.engines.browser')}
            </option>
            <option value="server">{t('adminProducts.convert.engines.server')}</option>
          </Select>
        </Field>
      </TableCell>
      <TableCell>
        <Field validationMessage={error('maxFileSize')}>
          <Input
            className={styles.cap}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={capMb}
            placeholder={t('adminProducts.convert.capNone')}
            onChange={(_e, d) => setCapMb(d.value)}
            aria-label={t('adminProducts.convert.capLabel', { name })}
          />
        </Field>
      </TableCell>
      <TableCell className={styles.nowrap}>
        <Button appearance="primary" size="small" icon={<SaveRegular />} disabled={!dirty || saving} onClick={save} aria-label={t('adminProducts.saveLabel', { name })}>
          {saving ? t('adminProducts.saving') : t('adminProducts.save')}
        </Button>
      </TableCell>
    </TableRow>
  );
}
