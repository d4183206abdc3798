import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { useFileList } from '../hooks/use-file-list';
import { useToolRun } from '../hooks/use-tool-run';
import { runDeviceTool } from '../run-tool';
import { imageOptions, type ImageForm } from '../tool-options';
import { FileDrop } from './file-drop';
import { FileOrderList } from './file-order-list';
import { ImageFormFields } from './image-form';
import { RunPanel } from './run-panel';
import { ToolColumn, ToolNote, ToolSection } from './tool-layout';

const IMAGE_DEFAULTS: ImageForm = { pageSize: 'a4', orientation: 'auto', marginMm: 10 };

/** Merge and images to PDF: many files in an order the user sets, one result, on the device. */
export function ManyFilesTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const { t } = useTranslation();
  const kind = spec.key === 'image-to-pdf' ? 'image' : 'pdf';
  const { items, add, remove, move } = useFileList(kind);
  const run = useToolRun();
  const [imageForm, setImageForm] = useState<ImageForm>(IMAGE_DEFAULTS);
  const checkedImages = imageOptions(imageForm);
  const minimum = kind === 'pdf' ? 2 : 1;
  const unreadable = items.some((it) => it.error);
  const waiting = kind === 'pdf' && items.some((it) => it.pages === undefined && !it.error);
  const blocked = items.length < minimum || unreadable || waiting || (kind === 'image' && !checkedImages.ok);

  const start = () => {
    const options = kind === 'image' ? (checkedImages.ok ? checkedImages.options : null) : {};
    if (options === null) return;
    const files = items.map((it) => it.file);
    void run.start((callbacks) => runDeviceTool(spec.key as 'pdf-merge' | 'image-to-pdf', files, options, { zip: false, zipName: '' }, callbacks));
  };

  const running = run.state.status === 'running';
  return (
    <ToolColumn>
      <ToolNote>{t('pdfTools.privacy.device')}</ToolNote>
      <FileDrop accepts={spec.accepts} multiple unlockEncrypted={kind === 'pdf'} compact={items.length > 0} onFiles={(files) => (add(files), run.reset())} />
      {items.length > 0 && (
        <ToolSection>
          <FileOrderList items={items} kind={kind} onMove={move} onRemove={remove} />
          {items.length < minimum && <ToolNote>{t('pdfTools.files.needTwo')}</ToolNote>}
          {unreadable && <ToolNote>{t('pdfTools.files.fixFiles')}</ToolNote>}
        </ToolSection>
      )}
      {kind === 'image' && (
        <ToolSection>
          <ImageFormFields form={imageForm} onChange={setImageForm} {...(checkedImages.ok ? {} : { error: checkedImages.error })} />
        </ToolSection>
      )}
      <RunPanel
        convertType={spec.key}
        state={run.state}
        actionLabel={t(`pdfTools.run.actions.${entry.id}`)}
        blocked={blocked || running}
        onRun={start}
        onCancel={run.cancel}
        onReset={run.reset}
      />
    </ToolColumn>
  );
}
