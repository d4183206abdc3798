import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { LocalHelperState } from '../local-helper-client';
import { VIDEO_PANELS } from '../site-map';
import { LinkButton } from './router-link';

const useStyles = makeStyles({ bar: { alignItems: 'flex-start' } });

const SETTINGS_PATH = VIDEO_PANELS.find((p) => p.id === 'config')?.path ?? '/products/videoTools/configure/config';

/** What a page that needs the local helper says when it is not running or not paired; nothing once paired. */
export function LocalHelperNotice({ state, checking, onRecheck }: { state: LocalHelperState; checking: boolean; onRecheck: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (state === 'paired') return null;
  const kind = state === 'absent' ? 'absent' : 'unpaired';
  return (
    <MessageBar intent={state === 'absent' ? 'warning' : 'info'} layout="multiline" className={styles.bar}>
      <MessageBarBody>
        <MessageBarTitle>{t(`videoHelper.notice.${kind}Title`)}</MessageBarTitle> {t(`videoHelper.notice.${kind}Body`)}
      </MessageBarBody>
      <MessageBarActions>
        <LinkButton to={SETTINGS_PATH} appearance="primary" size="small">
          {t('videoHelper.notice.openSettings')}
        </LinkButton>
        <Button size="small" onClick={onRecheck} disabled={checking}>
          {checking ? t('videoHelper.state.checking') : t('videoHelper.config.recheck')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
