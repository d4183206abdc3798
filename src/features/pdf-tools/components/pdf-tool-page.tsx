import { makeStyles } from '@fluentui/react-components';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { pdfToolSpec, type PdfToolKey, type PdfToolSpec } from '@contracts/pdf-tools';
import { PageContainer } from '../../../lib/components/page-container';
import { PageHero } from '../../../lib/components/page-hero';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { findPdfTool, type PdfToolEntry } from '../../../lib/site-map';
import { CompareTool } from './compare-tool';
import { CompressTool } from './compress-tool';
import { ManyFilesTool } from './many-files-tool';
import { OcrTool } from './ocr-tool';
import { OrganizeTool } from './organize-tool';
import { PageNumbersTool } from './page-numbers-tool';
import { ProtectTool, UnlockTool } from './password-tools';
import { PdfToImageTool } from './pdf-to-image-tool';
import { RedactTool } from './redact-tool';
import { RepairTool } from './repair-tool';
import { SignTool } from './sign-tool';
import { SplitTool } from './split-tool';
import { WatermarkTool } from './watermark-tool';
import { OfflineUsesNote } from '../offline/offline-uses-note';

const useStyles = makeStyles({ body: { paddingTop: '24px', paddingBottom: '48px', maxWidth: '960px' } });

type ToolComponent = ComponentType<{ spec: PdfToolSpec; entry: PdfToolEntry }>;

const TOOLS: Record<PdfToolKey, ToolComponent> = {
  'pdf-merge': ManyFilesTool,
  'image-to-pdf': ManyFilesTool,
  'pdf-split': SplitTool,
  'pdf-organize': OrganizeTool,
  'pdf-compress': CompressTool,
  'pdf-protect': ProtectTool,
  'pdf-unlock': UnlockTool,
  'pdf-to-image': PdfToImageTool,
  'pdf-page-numbers': PageNumbersTool,
  'pdf-watermark': WatermarkTool,
  'pdf-sign': SignTool,
  'pdf-redact': RedactTool,
  'pdf-compare': CompareTool,
  'pdf-ocr': OcrTool,
  'pdf-repair': RepairTool,
};

/** /products/pdf/{tool} (login required; the route's loader answers Not Found for an unknown tool). */
export function PdfToolPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const key = (useParams().tool ?? '').toLowerCase();
  const entry = findPdfTool(key);
  const spec = pdfToolSpec(key);
  const Tool = spec ? TOOLS[spec.key] : undefined;
  const title = entry ? t(`nav.pdfToolNames.${entry.id}`) : '';
  useDocumentTitle(title || undefined);
  if (!entry || !spec || !Tool) return null;
  return (
    <div data-testid="pdf-tool-page" data-tool={spec.key}>
      <PageHero eyebrow={t('nav.pdfTools')} title={title} lead={t(`pdfTools.tools.${entry.id}.description`)} />
      <PageContainer className={styles.body}>
        {spec.engine === 'browser' && <OfflineUsesNote convertType={spec.key} />}
        <Tool key={spec.key} spec={spec} entry={entry} />
      </PageContainer>
    </div>
  );
}
