import { Button } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from '../clipboard';

interface CopyButtonProps {
  /** What goes on the clipboard. */
  text: string;
  /** Names the value for screen readers: "Copy User ID". */
  label: string;
}

/** A small icon button that copies `text`; shows "copied" or Copy Fail as a toast. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { t } = useTranslation();
  const name = t('common.copy.action', { label });
  return (
    <Button
      appearance="subtle"
      size="small"
      icon={<CopyRegular />}
      aria-label={name}
      title={name}
      onClick={() => void copyWithNotice(text)}
      data-testid="copy-button"
    />
  );
}
