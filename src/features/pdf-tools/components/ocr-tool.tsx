import { Checkbox, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OCR_LANGUAGES, ocrOptionsSchema, type OcrLanguage } from '@contracts/pdf-ocr-options';
import type { OcrOptions, PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import type { Checked } from '../tool-options';
import { SingleFileFrame } from './single-file-frame';
import { camelKey } from '../../../lib/i18n-key';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '560px' },
  group: { display: 'flex', flexDirection: 'column', gap: '2px', margin: 0, padding: 0, border: 'none', minWidth: 0 },
  legend: { padding: 0, marginBottom: '4px', fontWeight: tokens.fontWeightSemibold },
  hint: { margin: '0 0 0 32px', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  done: { margin: '8px 0 0', color: tokens.colorNeutralForeground2 },
});

/** The form as the user left it, checked with the tool's own schema (at least one language). */
function ocrOptions(languages: OcrLanguage[], deskew: boolean): Checked<OcrOptions> {
  const parsed = ocrOptionsSchema.safeParse({ languages, deskew });
  return parsed.success ? { ok: true, options: parsed.data } : { ok: false, error: 'languagesMissing' };
}

/**
 * Searchable scans on the server (OCRmyPDF and Tesseract): which languages the pages are in,
 * whether to straighten them, and what the tool does and does not do to the file.
 */
export function OcrTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [languages, setLanguages] = useState<OcrLanguage[]>([...OCR_LANGUAGES]);
  const [deskew, setDeskew] = useState(false);
  const checked = ocrOptions(languages, deskew);
  // Kept in the list's own order, so the request reads `eng+chi_sim` whichever box was ticked first.
  const toggle = (language: OcrLanguage, on: boolean) => setLanguages(OCR_LANGUAGES.filter((l) => (l === language ? on : languages.includes(l))));
  const details = () => <p className={styles.done}>{t('pdfOcr.doneHint')}</p>;
  return (
    <SingleFileFrame spec={spec} entry={entry} options={checked} resultDetails={details}>
      <div className={styles.root}>
        <fieldset className={styles.group} aria-describedby={checked.ok ? undefined : 'pdf-ocr-languages-error'}>
          <legend className={styles.legend}>{t('pdfOcr.languages')}</legend>
          {OCR_LANGUAGES.map((language) => (
            <Checkbox
              key={language}
              checked={languages.includes(language)}
              onChange={(_, d) => toggle(language, Boolean(d.checked))}
              label={t(`pdfOcr.language.${camelKey(language)}`)}
              data-testid={`pdf-ocr-language-${language}`}
            />
          ))}
          {!checked.ok && (
            <p id="pdf-ocr-languages-error" className={styles.error} role="alert">
              {t('pdfOcr.languagesMissing')}
            </p>
          )}
        </fieldset>
        <div>
          <Checkbox checked={deskew} onChange={(_, d) => setDeskew(Boolean(d.checked))} label={t('pdfOcr.deskew')} data-testid="pdf-ocr-deskew" />
          <p className={styles.hint}>{t('pdfOcr.deskewHint')}</p>
        </div>
        <p className={styles.note}>{t('pdfOcr.note')}</p>
        <p className={styles.note}>{t('pdfOcr.textPages')}</p>
        <p className={styles.note}>{t('pdfOcr.quality')}</p>
      </div>
    </SingleFileFrame>
  );
}
