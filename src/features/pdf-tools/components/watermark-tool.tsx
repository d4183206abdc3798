import { Button, Field, Input, Radio, RadioGroup, Slider, makeStyles } from '@fluentui/react-components';
import { DismissRegular, ImageAddRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WATERMARK_IMAGE_MAX_CHARS, watermarkOptionsSchema, type STAMP_POSITIONS } from '@contracts/pdf-stamp-options';
import type { PdfToolSpec, WatermarkOptions } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import type { Checked } from '../tool-options';
import { PagesField, PositionField, useStampStyles } from './page-numbers-tool';
import { SingleFileFrame } from './single-file-frame';
import { DEFAULT_WATERMARK_COLOR } from '../../../lib/paper-colors';

const useStyles = makeStyles({
  picked: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap', minWidth: 0 },
  thumb: { maxWidth: '96px', maxHeight: '64px', border: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground3 },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
  slider: { width: '260px', maxWidth: '100%' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, margin: 0 },
});

/** A picture bigger than this is not even opened. */
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest sides tried, largest first, when a picture must be shrunk to travel with the options. */
const SHRINK_SIDES = [1600, 1200, 900, 700, 500, 360, 240];

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The picture as a PNG or JPEG data URL small enough for the options field: as it is when it fits,
 * otherwise drawn smaller on a canvas (PNG keeps transparency, JPEG stays JPEG) until it fits.
 * Otherwise why not: `unreadable` or `tooLarge`.
 */
async function watermarkImage(file: File): Promise<{ url: string } | { refused: 'tooLarge' | 'unreadable' }> {
  if (!/^image\/(png|jpeg)$/.test(file.type)) return { refused: 'unreadable' };
  if (file.size > IMAGE_MAX_BYTES) return { refused: 'tooLarge' };
  const original = await readAsDataUrl(file);
  if (original.length <= WATERMARK_IMAGE_MAX_CHARS) return { url: original };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { refused: 'unreadable' };
  }
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  try {
    for (const side of SHRINK_SIDES) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const url = canvas.toDataURL(type, 0.85);
      if (url.length <= WATERMARK_IMAGE_MAX_CHARS) return { url };
    }
  } finally {
    bitmap.close();
  }
  return { refused: 'tooLarge' };
}

interface WatermarkForm {
  kind: 'text' | 'image';
  text: string;
  image: { url: string; name: string } | null;
  position: (typeof STAMP_POSITIONS)[number] | 'tile';
  fontSize: string;
  color: string;
  /** Percent. */
  opacity: number;
  rotation: number;
  /** Percent of the page's width. */
  imageScale: number;
  pages: string;
}

type WatermarkError = 'textMissing' | 'imageMissing' | 'fontSizeInvalid' | 'pagesInvalid';

function watermarkOptions(form: WatermarkForm): Checked<WatermarkOptions> & { field?: WatermarkError } {
  if (form.kind === 'text' && form.text.trim() === '') return { ok: false, error: 'textMissing', field: 'textMissing' };
  if (form.kind === 'image' && !form.image) return { ok: false, error: 'imageMissing', field: 'imageMissing' };
  const pages = form.pages.trim();
  const parsed = watermarkOptionsSchema.safeParse({
    ...(form.kind === 'text' ? { text: form.text, fontSize: Number(form.fontSize), color: form.color } : { image: form.image?.url, imageScale: form.imageScale / 100 }),
    position: form.position,
    opacity: form.opacity / 100,
    rotation: form.rotation,
    ...(pages === '' ? {} : { pages }),
  });
  if (parsed.success) return { ok: true, options: parsed.data };
  const path = String(parsed.error.issues[0]?.path[0] ?? '');
  const field: WatermarkError = path === 'fontSize' ? 'fontSizeInvalid' : path === 'pages' ? 'pagesInvalid' : form.kind === 'text' ? 'textMissing' : 'imageMissing';
  return { ok: false, error: field, field };
}

/** The picture chooser: a button (the file input stays reachable by keyboard through it), the chosen picture, and why one was refused. */
function ImagePicker({ image, onImage }: { image: WatermarkForm['image']; onImage: (image: WatermarkForm['image']) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'reading' | 'tooLarge' | 'unreadable'>('idle');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setState('reading');
    const read = await watermarkImage(file).catch(() => ({ refused: 'unreadable' as const }));
    if ('refused' in read) {
      setState(read.refused);
      return;
    }
    setState('idle');
    onImage({ url: read.url, name: file.name });
  };
  return (
    <Field label={t('pdfStamp.image.label')} hint={t('pdfStamp.image.hint')}>
      <div className={styles.picked}>
        <Button icon={<ImageAddRegular />} disabled={state === 'reading'} onClick={() => input.current?.click()}>
          {t(state === 'reading' ? 'pdfStamp.image.reading' : image ? 'pdfStamp.image.change' : 'pdfStamp.image.choose')}
        </Button>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          accept="image/png,image/jpeg"
          tabIndex={-1}
          aria-hidden
          data-testid="stamp-image-input"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {image && (
          <>
            <img src={image.url} alt="" className={styles.thumb} data-testid="stamp-image-preview" />
            <span className={styles.name}>{image.name}</span>
            <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('pdfStamp.image.remove', { name: image.name })} onClick={() => onImage(null)} />
          </>
        )}
      </div>
      {(state === 'tooLarge' || state === 'unreadable') && (
        <p className={styles.error} role="alert">
          {t(`pdfStamp.image.${state}`)}
        </p>
      )}
    </Field>
  );
}

/** Watermark on the server: a text in any language or a picture, where or tiled, how see-through, turned how far, on which pages. */
export function WatermarkTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = { ...useStampStyles(), ...useStyles() };
  const { t } = useTranslation();
  const [form, setForm] = useState<WatermarkForm>({
    kind: 'text',
    text: '',
    image: null,
    position: 'center',
    fontSize: '48',
    color: DEFAULT_WATERMARK_COLOR,
    opacity: 30,
    rotation: 45,
    imageScale: 30,
    pages: '',
  });
  const checked = watermarkOptions(form);
  const field = checked.ok ? undefined : checked.field;
  return (
    <SingleFileFrame spec={spec} entry={entry} options={checked}>
      <div className={styles.root}>
        <Field label={t('pdfStamp.kind.label')}>
          <RadioGroup layout="horizontal" value={form.kind} onChange={(_, d) => setForm({ ...form, kind: d.value as WatermarkForm['kind'] })} data-testid="stamp-kind">
            <Radio value="text" label={t('pdfStamp.kind.text')} />
            <Radio value="image" label={t('pdfStamp.kind.image')} />
          </RadioGroup>
        </Field>
        {form.kind === 'text' ? (
          <>
            <Field label={t('pdfStamp.text.label')} hint={t('pdfStamp.text.hint')}>
              <Input value={form.text} maxLength={200} placeholder={t('pdfStamp.text.placeholder')} onChange={(_, d) => setForm({ ...form, text: d.value })} data-testid="stamp-text" />
            </Field>
            <div className={styles.row}>
              <Field
                label={t('pdfStamp.fontSize')}
                className={styles.small}
                validationState={field === 'fontSizeInvalid' ? 'error' : 'none'}
                validationMessage={field === 'fontSizeInvalid' ? t('pdfStamp.watermarkFontSizeInvalid') : undefined}
              >
                <Input className={styles.fill} type="number" inputMode="numeric" min={6} max={200} value={form.fontSize} onChange={(_, d) => setForm({ ...form, fontSize: d.value })} />
              </Field>
              <Field label={t('pdfStamp.color')}>
                <input type="color" className={styles.colour} value={form.color} aria-label={t('pdfStamp.color')} onChange={(e) => setForm({ ...form, color: e.target.value })} />
              </Field>
            </div>
          </>
        ) : (
          <>
            <ImagePicker image={form.image} onImage={(image) => setForm({ ...form, image })} />
            <Field label={t('pdfStamp.imageScale', { percent: form.imageScale })}>
              <Slider className={styles.slider} min={5} max={100} step={5} value={form.imageScale} onChange={(_, d) => setForm({ ...form, imageScale: d.value })} />
            </Field>
          </>
        )}
        <div className={styles.row}>
          <PositionField value={form.position} withTile onChange={(position) => setForm({ ...form, position: position as WatermarkForm['position'] })} />
        </div>
        <Field label={t('pdfStamp.opacity', { percent: form.opacity })}>
          <Slider className={styles.slider} min={5} max={100} step={5} value={form.opacity} onChange={(_, d) => setForm({ ...form, opacity: d.value })} data-testid="stamp-opacity" />
        </Field>
        <Field label={t('pdfStamp.rotation', { degrees: form.rotation })} hint={t('pdfStamp.rotationHint')}>
          <Slider className={styles.slider} min={-180} max={180} step={15} value={form.rotation} onChange={(_, d) => setForm({ ...form, rotation: d.value })} data-testid="stamp-rotation" />
        </Field>
        <PagesField value={form.pages} invalid={field === 'pagesInvalid'} onChange={(pages) => setForm({ ...form, pages })} />
      </div>
    </SingleFileFrame>
  );
}
