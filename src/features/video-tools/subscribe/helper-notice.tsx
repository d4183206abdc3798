import { MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LocalHelperState } from '../../../lib/local-helper-client';

/** The config panel, where the helper is started and paired. */
export const HELPER_CONFIG_PATH = '/products/videoTools/configure/config';

/** Whether downloads can go through the local helper, and where to fix it when they cannot. */
export function HelperNotice({ state, basePath }: { state: LocalHelperState; basePath: string | null }) {
  const { t } = useTranslation();
  if (state === 'paired') {
    return (
      <MessageBar intent="success">
        <MessageBarBody>{t('videoSubscribe.helper.paired', { path: basePath ?? '—' })}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>{t(`videoSubscribe.helper.${state}`)}</MessageBarBody>
      <MessageBarActions>
        <Link to={HELPER_CONFIG_PATH}>{t('videoSubscribe.helper.openConfig')}</Link>
      </MessageBarActions>
    </MessageBar>
  );
}
