import { Checkbox, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfToolSpec, RepairOptions } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import { SingleFileFrame } from './single-file-frame';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px', maxWidth: '560px' },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * Repair on the server (qpdf's recovery), optionally linearised for fast web view. The file is
 * not opened in the browser first: a damaged PDF may be exactly what pdf.js cannot read.
 */
export function RepairTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [linearize, setLinearize] = useState(true);
  const options: { ok: true; options: RepairOptions } = { ok: true, options: { linearize } };
  return (
    <SingleFileFrame spec={spec} entry={entry} options={options}>
      <div className={styles.root}>
        <Checkbox checked={linearize} onChange={(_, d) => setLinearize(Boolean(d.checked))} label={t('pdfTools.repair.linearize')} />
        <p className={styles.note}>{t('pdfTools.repair.linearizeHint')}</p>
        <p className={styles.note}>{t('pdfTools.repair.note')}</p>
      </div>
    </SingleFileFrame>
  );
}
