import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { refusedAtom } from '../atoms';
import { nameList } from '../format';

/** Names the files that were turned away: not images, or images the browser cannot decode. */
export function RefusedNotice() {
  const { t } = useTranslation();
  const [refused, setRefused] = useAtom(refusedAtom);
  if (refused.notImage.length === 0 && refused.undecodable.length === 0) return null;
  const describe = (names: string[]) => {
    const list = nameList(names);
    return list.more > 0 ? t('imageTools.refused.more', { names: list.names, count: list.more }) : list.names;
  };
  return (
    <MessageBar intent="warning" layout="multiline" role="alert" data-testid="image-refused">
      <MessageBarBody>
        <MessageBarTitle>{t('imageTools.refused.title')}</MessageBarTitle>
        {refused.notImage.length > 0 && <div>{t('imageTools.refused.notImage', { names: describe(refused.notImage) })}</div>}
        {refused.undecodable.length > 0 && <div>{t('imageTools.refused.undecodable', { names: describe(refused.undecodable) })}</div>}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            icon={<DismissRegular />}
            aria-label={t('imageTools.refused.dismiss')}
            onClick={() => setRefused({ notImage: [], undecodable: [] })}
          />
        }
      />
    </MessageBar>
  );
}
