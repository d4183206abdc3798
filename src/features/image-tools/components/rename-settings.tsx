import { Field, Input } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { imageItemsAtom } from '../atoms';
import { useImageConfig } from '../hooks/use-image-config';
import { plannedNames } from '../names';
import { NumberField } from './number-field';
import { usePanelStyles } from './styles';

const EXAMPLE = { name: 'photo.jpg', mime: 'image/jpeg' };

/** Rename: a pattern with {name}, {n} (counter from value) and {i} (index from index). */
export function RenameSettings() {
  const { t } = useTranslation();
  const panel = usePanelStyles();
  const { config, patch } = useImageConfig();
  const items = useAtomValue(imageItemsAtom);
  const first = items[0] ?? EXAMPLE;
  const example = useMemo(() => plannedNames([first], config)[0], [first, config]);
  return (
    <>
      <Field label={t('imageTools.ops.rename.pattern')} hint={t('imageTools.ops.rename.hint')}>
        <Input value={config.rename.pattern} onChange={(_e, data) => patch('rename', { pattern: data.value })} spellCheck={false} />
      </Field>
      <div className={panel.row}>
        <NumberField className={panel.grow} label={t('imageTools.ops.rename.value')} value={config.rename.value} min={0} max={1_000_000} onChange={(value) => patch('rename', { value })} />
        <NumberField className={panel.grow} label={t('imageTools.ops.rename.index')} value={config.rename.index} min={0} max={1_000_000} onChange={(index) => patch('rename', { index })} />
      </div>
      <p className={panel.muted} data-testid="rename-example">
        {t('imageTools.ops.rename.example', { name: example })}
      </p>
    </>
  );
}
