import { Checkbox, Field, Input, Radio, RadioGroup, Spinner, makeStyles } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOptionsSchema } from '@contracts/pdf-sign-options';
import type { PdfToolSpec, SignOptions } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import { usePageThumbnails } from '../hooks/use-page-thumbnails';
import { useToolRun } from '../hooks/use-tool-run';
import { runDeviceTool } from '../run-tool';
import { CORNERS, cornerBox, initialsOf, resizeBox, type Corner, type Placement } from '../sign-boxes';
import { imageSize, typedSignature, type SignImage } from '../sign-images';
import { forgetSignature, loadSignature, saveSignature } from '../sign-storage';
import { toolErrorText } from '../tool-error';
import { FileDrop } from './file-drop';
import { RunPanel } from './run-panel';
import { SignMaker, type ChosenSignature } from './sign-maker';
import { SignPlacer } from './sign-placer';
import { ToolColumn, ToolNote, ToolSection } from './tool-layout';

const useStyles = makeStyles({
  name: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1 },
  extras: { display: 'flex', flexDirection: 'column', gap: '10px', maxWidth: '480px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end' },
});

/** Today as digits in the page's language (11/28/2026, 2026/11/28): the PDF's Helvetica has no CJK glyphs. */
const today = (language: string) => new Intl.DateTimeFormat(language.startsWith('zh') ? 'zh-CN' : 'en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * Sign a PDF on the device: make a signature (draw, type, upload), remembered in this browser
 * only; place it on any pages; optionally the date under each signature and initials on every
 * page. pdf-lib writes it in the tools' worker; nothing is uploaded.
 */
export function SignTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const thumbs = usePageThumbnails(file);
  const [page, setPage] = useState(1);
  const [signature, setSignature] = useState<ChosenSignature>();
  const [remember, setRemember] = useState(true);
  const [placements, setPlacements] = useState<Placement[]>([]);
  const [firstAspect, setFirstAspect] = useState<number>();
  const [withDate, setWithDate] = useState(false);
  const [date, setDate] = useState(() => today(i18n.language));
  const [withInitials, setWithInitials] = useState(false);
  const [initialsText, setInitialsText] = useState('');
  const [corner, setCorner] = useState<Corner>('bottomRight');
  const [initials, setInitials] = useState<SignImage>();
  const run = useToolRun();

  // The signature remembered on this device, offered again.
  useEffect(() => {
    const saved = loadSignature();
    if (!saved) return;
    let live = true;
    imageSize(saved.image).then(
      (size) => live && setSignature((s) => s ?? { image: saved.image, ...size, ...(saved.name ? { name: saved.name } : {}) }),
      () => forgetSignature(),
    );
    return () => {
      live = false;
    };
  }, []);

  const choose = (chosen: ChosenSignature | undefined) => {
    setSignature(chosen);
    // Boxes already placed take the new signature's proportions, keeping their width.
    if (chosen) setPlacements((list) => list.map((p) => ({ ...p, box: resizeBox(p.box, p.box.width, p.pageAspect, chosen.width / chosen.height) })));
    if (chosen && remember) saveSignature({ image: chosen.image, ...(chosen.name ? { name: chosen.name } : {}) });
    if (chosen?.name && !initialsText) setInitialsText(initialsOf(chosen.name));
  };
  const rememberIt = (on: boolean) => {
    setRemember(on);
    if (!on) forgetSignature();
    else if (signature) saveSignature({ image: signature.image, ...(signature.name ? { name: signature.name } : {}) });
  };
  const forget = () => {
    forgetSignature();
    setRemember(false);
    setSignature(undefined);
  };

  useEffect(() => {
    setInitials(undefined);
    if (!withInitials || !initialsText.trim()) return;
    let live = true;
    const timer = setTimeout(() => void typedSignature(initialsText, 72).then((image) => live && setInitials(image), () => undefined), 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [withInitials, initialsText]);

  const changePlacements = useCallback((change: (list: Placement[]) => Placement[]) => setPlacements(change), []);
  const pickFile = (chosen: File) => {
    setFile(chosen);
    setPage(1);
    setPlacements([]);
    setFirstAspect(undefined);
    run.reset();
  };

  const initialsBox = initials && firstAspect ? cornerBox(corner, firstAspect, initials.width / initials.height) : undefined;
  const candidate: SignOptions | undefined = signature && {
    signature: signature.image,
    placements: placements.map((p) => ({ page: p.page, ...p.box })),
    ...(withInitials && initials && initialsBox ? { initials: { image: initials.image, ...initialsBox } } : {}),
    ...(withDate ? { date: date.trim() } : {}),
  };
  const checked = candidate ? signOptionsSchema.safeParse(candidate) : undefined;
  const dateBad = withDate && !signOptionsSchema.shape.date.safeParse(date.trim()).success;

  const launch = () => {
    if (!file || !checked?.success) return;
    const options = checked.data;
    void run.start((callbacks) => runDeviceTool('pdf-sign', [file], options, { zip: false, zipName: '' }, callbacks));
  };

  const running = run.state.status === 'running';
  return (
    <ToolColumn>
      <ToolNote>{t('pdfTools.privacy.device')}</ToolNote>
      <SignMaker signature={signature} onChange={choose} remember={remember} onRemember={rememberIt} onForget={forget} />
      <FileDrop accepts={spec.accepts} multiple={false} unlockEncrypted compact={file !== null} onFiles={([chosen]) => chosen && pickFile(chosen)} />
      {file && (
        <ToolSection>
          <span className={styles.name}>{file.name}</span>
          {thumbs.count === undefined && !thumbs.error && <Spinner size="tiny" label={t('pdfSign.place.reading')} />}
          {thumbs.error && (
            <p className={styles.error} role="alert">
              {toolErrorText(t, i18n, { reason: thumbs.error })}
            </p>
          )}
          {thumbs.count !== undefined && !signature && <ToolNote>{t('pdfSign.place.makeFirst')}</ToolNote>}
          {thumbs.count !== undefined && signature && (
            <SignPlacer
              file={file}
              count={thumbs.count}
              thumbs={thumbs.urls}
              page={page}
              onPage={setPage}
              signature={{ image: signature.image, aspect: signature.width / signature.height }}
              placements={placements}
              onPlacements={changePlacements}
              initials={initials && initialsBox ? { image: initials.image, box: initialsBox } : undefined}
              date={withDate ? date : undefined}
              onPageAspect={setFirstAspect}
            />
          )}
        </ToolSection>
      )}
      {file && signature && (
        <ToolSection label={t('pdfSign.extras.title')}>
          <div className={styles.extras}>
            <Checkbox checked={withDate} onChange={(_, d) => setWithDate(Boolean(d.checked))} label={t('pdfSign.extras.date')} data-testid="sign-with-date" />
            {withDate && (
              <Field label={t('pdfSign.extras.dateText')} validationState={dateBad ? 'error' : 'none'} validationMessage={dateBad ? t('pdfSign.extras.dateInvalid') : undefined}>
                <Input value={date} maxLength={40} onChange={(_, d) => setDate(d.value)} data-testid="sign-date" />
              </Field>
            )}
            <Checkbox checked={withInitials} onChange={(_, d) => setWithInitials(Boolean(d.checked))} label={t('pdfSign.extras.initials')} />
            {withInitials && (
              <div className={styles.row}>
                <Field label={t('pdfSign.extras.initialsText')}>
                  <Input value={initialsText} maxLength={8} onChange={(_, d) => setInitialsText(d.value)} />
                </Field>
                <Field label={t('pdfSign.extras.corner')}>
                  <RadioGroup layout="horizontal" value={corner} onChange={(_, d) => setCorner(d.value as Corner)}>
                    {CORNERS.map((c) => (
                      <Radio key={c} value={c} label={t(`pdfSign.extras.corners.${c}`)} />
                    ))}
                  </RadioGroup>
                </Field>
              </div>
            )}
          </div>
        </ToolSection>
      )}
      <RunPanel
        convertType={spec.key}
        state={run.state}
        actionLabel={t(`pdfTools.run.actions.${entry.id}`)}
        blocked={!file || !checked?.success || running || (withInitials && !initials)}
        onRun={launch}
        onCancel={run.cancel}
        onReset={run.reset}
      />
    </ToolColumn>
  );
}
