import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paragraph, ReadLang } from '@contracts/ai-read';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { exportBilingual } from './api';
import type { ParagraphState } from './translation-runner';

interface Props {
  title: string;
  paragraphs: readonly Paragraph[];
  states: ReadonlyMap<string, ParagraphState>;
  from: ReadLang;
  to: ReadLang;
}

/** Exports the document as bilingual DOCX or PDF: each paragraph, then its translation (empty where there is none yet). */
export function ExportMenu({ title, paragraphs, states, from, to }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const translated = paragraphs.some((p) => states.get(p.id)?.status === 'done');

  async function run(format: 'docx' | 'pdf') {
    setBusy(true);
    try {
      const pairs = paragraphs.map((p) => {
        const s = states.get(p.id);
        return { source: p.text, translation: s?.status === 'done' ? s.text : '' };
      });
      const base = title.trim() || 'document';
      await exportBilingual({ format, title, from, to, paragraphs: pairs }, `${base} (${from}-${to}).${format}`);
    } catch (err) {
      const key = isApiError(err) ? (err.data as { reasonKey?: string } | null)?.reasonKey : undefined;
      notify('error', key === 'translate.export.noFont' ? t(key) : isApiError(err) ? errorMessage(err) : t('translate.export.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button icon={busy ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />} disabled={busy || !translated} title={translated ? undefined : t('translate.export.nothing')}>
          {busy ? t('translate.export.working') : t('translate.export.button')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => void run('docx')}>{t('translate.export.docx')}</MenuItem>
          <MenuItem onClick={() => void run('pdf')}>{t('translate.export.pdf')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
