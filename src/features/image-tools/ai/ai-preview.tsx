import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { aiSettingsAtom } from '../ai-atoms';
import type { ImageItem } from '../atoms';
import { usePanelStyles } from '../components/styles';
import { FaceBoxEditor } from './face-box-editor';

/** What the AI step will do to the selected picture: its face box and crop, or a note for clarity. */
export function AiPreview({ item }: { item: ImageItem }) {
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const settings = useAtomValue(aiSettingsAtom);
  if (settings.op === 'portrait') return <FaceBoxEditor item={item} preset={settings.preset} />;
  if (settings.op === 'clarity') return <p className={panel.muted}>{t('aiImage.clarity.previewNote')}</p>;
  return null;
}
