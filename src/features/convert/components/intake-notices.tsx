import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { dotted, formatBytes } from '../card-text';
import type { Refusal } from '../file-intake';

const useStyles = makeStyles({ list: { margin: '4px 0 0', paddingLeft: '18px' } });

interface RefusedFilesProps {
  refused: readonly Refusal[];
  accepted: readonly string[];
  /** The size a file went over (bytes), for the message. */
  maxFileSize: number;
  onDismiss: () => void;
}

/** The files that were not added, each by name with the reason. */
export function RefusedFiles({ refused, accepted, maxFileSize, onDismiss }: RefusedFilesProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (refused.length === 0) return null;
  const list = dotted(accepted).join(' ');
  const size = formatBytes(maxFileSize);
  return (
    <MessageBar intent="error" layout="multiline" role="alert" data-testid="refused-files">
      <MessageBarBody>
        <MessageBarTitle>{t('convert.refused.title', { count: refused.length })}</MessageBarTitle>
        <ul className={styles.list}>
          {refused.map((r, i) => (
            <li key={`${r.name}-${i}`}>{t(`convert.refused.${r.reason}`, { name: r.name, list, size })}</li>
          ))}
        </ul>
      </MessageBarBody>
      <MessageBarActions
        containerAction={<Button appearance="transparent" icon={<DismissRegular />} aria-label={t('common.actions.close')} onClick={onDismiss} />}
      />
    </MessageBar>
  );
}
